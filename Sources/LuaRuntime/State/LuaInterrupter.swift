import CLuaShim
import Synchronization

/// Stops a state's running call into Lua from another thread, as Ctrl-C should.
///
/// `interrupt()` makes the call that is running (or, when none is, the next one) raise
/// "interrupted" at the Lua code it runs; the error is sticky until the outermost call
/// returns, so a script's own `pcall` cannot swallow it, and the call ends with a `LuaError`
/// of kind `.interrupted`. It works while the state closes too (a finalizer that loops), and
/// does nothing once the state is gone. A native function that never returns to Lua (a long
/// `string.find` over a pathological pattern) cannot be stopped this way.
public final class LuaInterrupter: Sendable {
    /// The runtime pointer; rb_interrupt is the only thing other threads do with it.
    private struct Runtime: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let runtime: Mutex<Runtime?>

    init(runtime: OpaquePointer?) {
        self.runtime = Mutex(runtime.map(Runtime.init))
    }

    /// Safe from any thread, at any time.
    public func interrupt() {
        runtime.withLock { runtime in
            if let runtime { rb_interrupt(runtime.pointer) }
        }
    }

    /// Stops the running call (or the next one) at the next Lua code it runs and hands it to
    /// the attached debugger, as a breakpoint would. Safe from any thread, at any time.
    public func pause() {
        runtime.withLock { runtime in
            if let runtime { rb_debug_pause(runtime.pointer) }
        }
    }

    /// Takes the runtime away, once no interrupt can be running; the owner frees it.
    func invalidate() -> OpaquePointer? {
        runtime.withLock { runtime in
            defer { runtime = nil }
            return runtime?.pointer
        }
    }
}
