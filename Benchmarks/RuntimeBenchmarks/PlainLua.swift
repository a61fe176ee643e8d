import Benchmark
import CBaselines

/// A baseline that did not run; its message is on standard error.
struct BaselineFailed: Error {}

/// A plain Lua state from `CBaselines` (Lua's own allocator, no hook, no budget) holding one
/// chunk: what a bridge row is measured against is Lua alone.
final class PlainLua {
    private let state: UnsafeMutableRawPointer

    init(_ chunk: String) throws {
        guard let state = bench_lua_open(chunk) else { throw BaselineFailed() }
        self.state = state
    }

    deinit { bench_lua_close(state) }

    /// Runs the chunk with the C function at `function` as its argument.
    func run(with function: UnsafeRawPointer?) throws {
        guard bench_lua_run(state, function) == 0 else { throw BaselineFailed() }
    }

    /// Raw `lua_pcall`s of the function the chunk returns.
    func protectedCalls(_ count: Int) throws {
        guard bench_lua_pcalls(state, Int32(count)) == 0 else { throw BaselineFailed() }
    }
}

/// Runs `loop` (a chunk given the C function at `function` as its argument) in a plain state.
func measurePlain(_ benchmark: Benchmark, function: UnsafeRawPointer, loop: String) throws {
    let lua = try PlainLua(loop)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { try lua.run(with: function) }
    benchmark.stopMeasurement()
}

/// The baseline of native code calling Lua: raw `lua_pcall`s, in a plain state, of the function
/// `source` evaluates to.
func measureRawCalls(_ benchmark: Benchmark, of source: String) throws {
    let lua = try PlainLua("return " + source)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { try lua.protectedCalls(callsPerRun) }
    benchmark.stopMeasurement()
}
