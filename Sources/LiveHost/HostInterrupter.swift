import LuaRuntime
import Synchronization

/// What a signal handler uses to stop the host: it interrupts the Lua call that runs now
/// (a runaway loop, a finalizer that never ends), or the next one, in the current context,
/// and posts `.interrupt` so the host's loop ends. Safe from any thread.
public final class HostInterrupter: Sendable {
    private let mailbox: HostMailbox
    private let lua = Mutex<[LuaInterrupter]>([])

    init(mailbox: HostMailbox) {
        self.mailbox = mailbox
    }

    public func interrupt() {
        lua.withLock { interrupters in
            for interrupter in interrupters { interrupter.interrupt() }
        }
        mailbox.post(.interrupt)
    }

    /// The contexts that run from now on, one per device (the host restarts contexts).
    func track(_ interrupters: [LuaInterrupter]) {
        lua.withLock { $0 = interrupters }
    }
}
