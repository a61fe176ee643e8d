import BenchWorkloads
import Benchmark
import Foundation
import LuaRuntime
import ObjectBridge

/// Runs a loop chunk over a bridge with the benchmark class, given an instance of `Sized`.
func measureBridge(_ benchmark: Benchmark, source: String) throws {
    try time(benchmark, bridgeLoop(source))
}

let bridgeBenchmarks: @Sendable () -> Void = {
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
    Benchmark("bridge: native calls a Lua override returning a number, time budget set") { benchmark in
        // As the host calls them: every call from Swift starts the budget's deadline.
        try measureOverride(benchmark, method: "scaleFor", returning: Double.self, budget: .seconds(60))
    }
    Benchmark("bridge: native calls a Lua override returning a struct") { benchmark in
        try measureOverride(benchmark, method: "sizeForWidth", returning: CGSize.self)
    }
    Benchmark("raw lua_pcall of a Lua function returning a struct table") { benchmark in
        try time(benchmark, rawCalls(of: "function(width) return { width = width, height = 2 } end"))
    }
}

/// Native code calling the script override of `method` on an instance of `Sized`.
func measureOverride<R: ScriptConvertible>(
    _ benchmark: Benchmark, method: String, returning: R.Type, budget: Duration = .zero
) throws {
    try time(benchmark, overrideCalls(method: method, returning: R.self, budget: budget))
}
