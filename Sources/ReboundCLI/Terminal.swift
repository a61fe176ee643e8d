import Dispatch
import Foundation
import LiveHost

#if canImport(Glibc)
import Glibc
#endif

/// Keys for `rebound run`: when standard input is a terminal it is put in character mode and
/// each key is posted to the host's mailbox from a thread of its own. With `keys` false (the
/// console has the terminal) it only keeps the settings, to put them back at exit.
final class Terminal {
    private let saved: termios?

    init(mailbox: HostMailbox, keys: Bool = true) {
        var settings = termios()
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &settings) == 0 else {
            saved = nil
            return
        }
        saved = settings
        guard keys else { return }
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        let reader = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 { mailbox.post(.key(byte)) }
        }
        reader.name = "rebound.keys"
        reader.start()
    }

    var isInteractive: Bool { saved != nil }

    /// Puts the terminal back as it was; safe from any thread, as often as needed.
    var restorer: @Sendable () -> Void {
        guard let settings = saved else { return {} }
        return {
            var copy = settings
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &copy)
        }
    }

    deinit { restorer() }
}
