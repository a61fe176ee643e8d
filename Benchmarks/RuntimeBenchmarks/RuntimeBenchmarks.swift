import BenchWorkloads
import Benchmark
import LuaRuntime

let tightLoop = "local n = 0 for i = 1, 2000000 do n = n + i end return n"

/// Measures rounds of `round`, a workload's, each iteration one round.
func time(_ benchmark: Benchmark, _ round: () throws -> Void) throws {
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { try round() }
    benchmark.stopMeasurement()
}

/// Measures calls of the chunk `source` in a fresh state, after `prepare` built its argument.
func measure(
    _ benchmark: Benchmark, source: String, budget: Duration = .zero,
    argument prepare: (LuaState) throws -> LuaValue = { _ in .nil }
) throws {
    try time(benchmark, luaLoop(source, budget: budget, argument: prepare))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchRounds.share(
        .init(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 3,
            maxDuration: .seconds(3), maxIterations: 200))

    // The rows `make bench-instructions` also counts.
    for workload in BridgeRows.workloads {
        Benchmark(
            workload.name, configuration: workload.isLong ? largeLayoutConfiguration : Benchmark.defaultConfiguration
        ) { benchmark in try time(benchmark, workload.prepare()) }
    }
    Benchmark("tight loop: no time budget") { benchmark in
        try measure(benchmark, source: tightLoop)
    }
    Benchmark("tight loop: time budget set") { benchmark in
        try measure(benchmark, source: tightLoop, budget: .seconds(60))
    }
    bridgeBenchmarks()
    structBenchmarks()
    uiBenchmarks()
    collectionBenchmarks()
    scrollBenchmarks()
    liveBenchmarks()
    previewBenchmarks()
    autoLayoutBenchmarks()
    textureBenchmarks()
    modernCollectionBenchmarks()
    nibBenchmarks()
    consoleBenchmarks()
    debuggerBenchmarks()
    specBenchmarks()
    renderBenchmarks()
    textBenchmarks()
    textKitBenchmarks()
    controlBenchmarks()
    sweepBenchmarks()
    layerBenchmarks()
    idleBenchmarks()
}
