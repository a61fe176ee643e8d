import Dispatch
import Foundation
import LiveHost
#if canImport(Glibc)
import Glibc
#endif

/// Keys and Ctrl-C for `rebound run`: when standard input is a terminal it is put in
/// character mode and each key is posted to the host's mailbox from a thread of its own;
/// SIGINT and SIGTERM are posted too, so the host always exits cleanly.
final class Terminal {
    private var saved: termios?
    private var signalSources: [DispatchSourceSignal] = []

    init(mailbox: HostMailbox) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { mailbox.post(.interrupt) }
            source.resume()
            signalSources.append(source)
        }
        guard isatty(STDIN_FILENO) != 0 else { return }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
        saved = settings
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

    /// Puts the terminal back as it was.
    func restore() {
        guard var settings = saved else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
        saved = nil
    }

    deinit { restore() }
}
