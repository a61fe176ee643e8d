import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI
import Rendering

/// A screen made by a script that defines `show(which)`, each round showing the other of two
/// contents (so that everything is laid out again), then laid out and drawn.
final class ScreenRoundBench: @unchecked Sendable {
    let world: UIWorld
    private var round = 0

    init(_ screen: String) throws {
        world = try UIWorld(options: unlimited, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(screen, chunkName: "=screen")
    }

    func run() throws {
        round += 1
        try world.bridge.state.run("show(\(round % 2 + 1))", chunkName: "=round")
        try world.layoutPass()
        try ScreenRenderer.render(world).rasterized { blackHole($0) }
    }
}

nonisolated(unsafe) var screenRoundBenches: [String: ScreenRoundBench] = [:]

/// A candidate screen and its baseline, measured side by side, each made on its first round.
func pairedScreenBenchmarks(_ candidate: (name: String, screen: String), _ baseline: (name: String, screen: String)) {
    let configuration = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 5, maxDuration: .seconds(10), maxIterations: 2000))
    for (name, screen) in [candidate, baseline] {
        Benchmark(
            name, configuration: configuration,
            closure: { _ in
                if screenRoundBenches[name] == nil { screenRoundBenches[name] = try ScreenRoundBench(screen) }
                try screenRoundBenches[name]?.run()
            }, teardown: { screenRoundBenches[name] = nil })
    }
}
