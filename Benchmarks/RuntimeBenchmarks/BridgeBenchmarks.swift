import Benchmark
import Foundation
import LuaRuntime
import ObjectBridge

/// A native class for the bridge's benchmarks.
final class BenchWidget: BridgeObject {
    var alpha = 0.5
}

func makeBenchWidgetClass() -> NativeClass {
    NativeClass("BenchWidget", superclass: "NSObject", type: BenchWidget.self, allocate: BenchWidget.init) { c in
        c.property("alpha", stored: \.alpha, set: { $0.alpha = $1 })
        c.method("offsetPoint_by") { (_: BenchWidget, point: CGPoint, delta: CGSize) in
            CGPoint(x: point.x + delta.width, y: point.y + delta.height)
        }
        c.method("sizeForWidth", overridable: true) { (_: BenchWidget, width: Double) in CGSize(width: width, height: 1)
        }
        c.method("scaleFor", overridable: true) { (_: BenchWidget, x: Double) in x }
    }
}

let bridgeSetup = """
    Sized = objc.BenchWidget:createSubclass("Sized")
    function Sized:sizeForWidth(width) return { width = width, height = 2 } end
    function Sized:scaled(x) return x end
    function Sized:scaleFor(x) return x end
    """

/// Runs a loop chunk over a bridge with the benchmark class, passing `object` as its argument.
func measureBridge(_ benchmark: Benchmark, source: String) throws {
    let bridge = try ObjectBridge(options: unlimited, classes: [makeBenchWidgetClass()])
    try bridge.state.run(bridgeSetup)
    let chunk = try bridge.state.load(source, chunkName: "=bench")
    let object = try bridge.state.run("return Sized:new()").first ?? .nil
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(try chunk.call(object))
    }
    benchmark.stopMeasurement()
}

/// Options without a time budget, so that long loops measure only themselves.
var unlimited: LuaState.Options {
    var options = LuaState.Options()
    options.timeBudget = .zero
    return options
}

let bridgeBenchmarks: @Sendable () -> Void = {
    Benchmark("bridge: native property get") { benchmark in
        try measureBridge(
            benchmark, source: "local w = ... local x for i = 1, \(callsPerRun) do x = w.alpha end return x")
    }
    Benchmark("bridge: native method with two struct arguments") { benchmark in
        try measureBridge(
            benchmark,
            source: """
                local w = ... local p, s = { x = 1, y = 2 }, { width = 3, height = 4 } local x
                for i = 1, \(callsPerRun) do x = w:offsetPoint_by(p, s) end return x
                """)
    }
    Benchmark("bridge: script-class method call") { benchmark in
        try measureBridge(
            benchmark, source: "local w = ... local x for i = 1, \(callsPerRun) do x = w:scaled(i) end return x")
    }
    Benchmark("bridge: native calls a Lua override returning a number") { benchmark in
        try measureOverride(benchmark, method: "scaleFor", returning: Double.self)
    }
    Benchmark("bridge: native calls a Lua override returning a number, time budget set") { benchmark in
        // As the host calls them: every call from Swift starts the budget's deadline.
        try measureOverride(benchmark, method: "scaleFor", returning: Double.self, budget: .seconds(60))
    }
    Benchmark("bridge: native calls a Lua override returning a struct") { benchmark in
        try measureOverride(benchmark, method: "sizeForWidth", returning: CGSize.self)
    }
    Benchmark("raw lua_pcall of a plain Lua function") { benchmark in
        try measureRawCalls(benchmark, of: "function(x) return x end")
    }
    Benchmark("raw lua_pcall of a Lua function returning a struct table") { benchmark in
        try measureRawCalls(benchmark, of: "function(width) return { width = width, height = 2 } end")
    }
}

/// Native code calling the script override of `method` on an instance of `Sized`.
func measureOverride<R: ScriptConvertible>(
    _ benchmark: Benchmark, method: String, returning: R.Type, budget: Duration = .zero
) throws {
    var options = unlimited
    options.timeBudget = budget
    let bridge = try ObjectBridge(options: options, classes: [makeBenchWidgetClass()])
    try bridge.state.run(bridgeSetup)
    guard case .userdata = try bridge.state.run("sized = Sized:new() return sized").first,
        let object = try bridge.state.object(of: bridge.state.global("sized"), as: BenchWidget.self),
        let override = bridge.scriptOverride(method, of: object)
    else { return }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        for index in 0..<callsPerRun {
            blackHole(try bridge.call(override, on: object, method: method, Double(index), returning: R.self))
        }
    }
    benchmark.stopMeasurement()
}
