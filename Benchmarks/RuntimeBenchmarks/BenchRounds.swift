import Benchmark
import Foundation

/// `make bench` runs every benchmark in several rounds (`REBOUND_BENCH_ROUNDS`), one after
/// another, so that a candidate and its baseline are measured alternately over the run and a
/// burst of load cannot favour one of them. Each round does its share of the measuring.
enum BenchRounds {
    static let count = max(1, Int(ProcessInfo.processInfo.environment["REBOUND_BENCH_ROUNDS"] ?? "") ?? 1)

    /// `configuration` cut to one round's share: its duration and iterations divided by the
    /// number of rounds (warm-up stays whole: every round starts cold).
    static func share(_ configuration: Benchmark.Configuration) -> Benchmark.Configuration {
        var share = configuration
        share.maxDuration = configuration.maxDuration / count
        share.maxIterations = max(1, configuration.maxIterations / count)
        return share
    }
}
