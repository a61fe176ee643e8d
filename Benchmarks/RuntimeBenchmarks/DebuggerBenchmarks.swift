import BenchWorkloads
import Benchmark
import LuaRuntime

/// The debugger's cost on a Lua-heavy layout pass (10k items sized by a Lua delegate): attached
/// with nothing to stop at (no hook at all), and with breakpoints in another module's functions
/// (call and return events, no line events). The baseline is the same pass without a debugger,
/// "flow: prepareLayout, 10k items, Lua delegate".
let debuggerBenchmarks: @Sendable () -> Void = {
    Benchmark("debugger: flow prepareLayout, 10k items, Lua delegate, attached, no breakpoints") { benchmark in
        var debugger: LuaDebugger?
        try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
            let world = try makeFlowWorld(items: 10_000)
            debugger = world.bridge.state.attachDebugger { _ in false }
            return world
        }
        withExtendedLifetime(debugger) {}
    }
    Benchmark("debugger: flow prepareLayout, 10k items, Lua delegate, breakpoints in another module") { benchmark in
        var debugger: LuaDebugger?
        try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
            let world = try makeFlowWorld(items: 10_000)
            let attached = world.bridge.state.attachDebugger { _ in false }
            try attached.setBreakpoints(chunkName: "@Other.lua", lines: [3, 8, 12], functionLines: [1, 10])
            debugger = attached
            return world
        }
        withExtendedLifetime(debugger) {}
    }
}
