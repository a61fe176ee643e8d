import LuaRuntime
import Synchronization

/// What a signal handler uses to stop the host: it interrupts the Lua call that runs now
/// (a runaway loop, a finalizer that never ends), or the next one, in the current context,
/// and posts `.interrupt` so the host's loop ends. Safe from any thread.
public final class HostInterrupter: Sendable {
    private let mailbox: HostMailbox
    private let lua = Mutex<LuaInterrupter?>(nil)

    init(mailbox: HostMailbox) {
        self.mailbox = mailbox
    }

    public func interrupt() {
        lua.withLock { $0?.interrupt() }
        mailbox.post(.interrupt)
    }

    /// The context that runs from now on (the host restarts contexts).
    func track(_ interrupter: LuaInterrupter) {
        lua.withLock { $0 = interrupter }
    }
}
