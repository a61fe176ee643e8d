import Benchmark
import CBaselines
import LuaRuntime

/// Calls of `x = f(i)` made by one run of `callLoop`.
let callsPerRun = 100_000
let callLoop = "local f = ... local x for i = 1, \(callsPerRun) do x = f(i) end return x"
let tightLoop = "local n = 0 for i = 1, 2000000 do n = n + i end return n"

/// Measures `runs` calls of `chunk` in a fresh state, after `prepare` built its argument.
func measure(
    _ benchmark: Benchmark, source: String, budget: Duration = .zero,
    argument prepare: (LuaState) throws -> LuaValue = { _ in .nil }
) throws {
    var options = LuaState.Options()
    options.timeBudget = budget
    let lua = try LuaState(options: options)
    defer { lua.close() }
    let chunk = try lua.load(source, chunkName: "=bench")
    let argument = try prepare(lua)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(try chunk.call(argument))
    }
    benchmark.stopMeasurement()
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchRounds.share(
        .init(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 3,
            maxDuration: .seconds(3), maxIterations: 200))

    Benchmark("native call: raw lua_CFunction") { benchmark in
        try measurePlain(benchmark, function: bench_identity_function(), loop: callLoop)
    }
    Benchmark("native call: Swift closure (public API)") { benchmark in
        try measure(benchmark, source: callLoop) { lua in
            .function(
                try lua.makeFunction(named: "identity") { frame in
                    try frame.push(try frame.integer(1))
                    return 1
                })
        }
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
    foundationBenchmarks()
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
