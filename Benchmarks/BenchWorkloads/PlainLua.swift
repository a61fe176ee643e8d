import CBaselines

/// A baseline that did not run; its message is on standard error.
public struct BaselineFailed: Error {}

/// A plain Lua state from `CBaselines` (Lua's own allocator, no hook, no budget) holding one
/// chunk: what a bridge row is measured against is Lua alone.
public final class PlainLua {
    private let state: UnsafeMutableRawPointer

    public init(_ chunk: String) throws {
        guard let state = bench_lua_open(chunk) else { throw BaselineFailed() }
        self.state = state
    }

    deinit { bench_lua_close(state) }

    /// Runs the chunk with the C function at `function` as its argument.
    public func run(with function: UnsafeRawPointer?) throws {
        guard bench_lua_run(state, function) == 0 else { throw BaselineFailed() }
    }

    /// Runs the chunk with the value the C function at `maker` returns as its argument.
    public func run(withMadeBy maker: UnsafeRawPointer?) throws {
        guard bench_lua_run_made(state, maker) == 0 else { throw BaselineFailed() }
    }

    /// Raw `lua_pcall`s of the function the chunk returns.
    public func protectedCalls(_ count: Int) throws {
        guard bench_lua_pcalls(state, Int32(count)) == 0 else { throw BaselineFailed() }
    }
}
