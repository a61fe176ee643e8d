import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Accepts a listening socket's connections on a thread of its own, and keeps doing so when
/// the process runs out of descriptors.
///
/// `accept` fails with EMFILE or ENFILE while the descriptor table is full; the connection
/// then stays in the backlog and wakes `accept` again at once. The listener keeps one
/// descriptor in reserve (`/dev/null`): it gives it up to accept the waiting connection and
/// close it cleanly, takes it back, pauses a moment, and goes on listening. It says so once
/// per shortage, through `warn`.
public final class Listener: @unchecked Sendable {
    private let socket: Int32
    private let warn: @Sendable (String) -> Void
    private let accepted: @Sendable (Int32) -> Void
    private var reserve: Int32
    /// How long the loop rests after turning a connection away for want of descriptors.
    static let shortagePause: useconds_t = 50_000

    /// Starts accepting on `socket` (listening already): `accepted` gets each connection, on
    /// the listener's thread; the loop ends when the socket is shut down.
    public init(
        socket: Int32, name: String, warn: @escaping @Sendable (String) -> Void,
        accepted: @escaping @Sendable (Int32) -> Void
    ) {
        self.socket = socket
        self.warn = warn
        self.accepted = accepted
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    deinit { if reserve >= 0 { close(reserve) } }

    private func run() {
        var short = false
        while true {
            let client = accept(socket, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                if short {
                    short = false
                    warn("descriptors are available again; new connections are accepted")
                }
                accepted(client)
                continue
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO:
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                if !short {
                    short = true
                    warn(
                        "the process has run out of file descriptors (\(String(cString: strerror(errno)))); "
                            + "new connections are closed until some are free")
                }
                turnAwayOne()
                usleep(Self.shortagePause)
            default:
                return  // shut down
            }
        }
    }

    /// Accepts the connection that waits, with the reserve descriptor, and closes it.
    private func turnAwayOne() {
        guard reserve >= 0 else { return }
        close(reserve)
        let client = accept(socket, nil, nil)
        if client >= 0 { close(client) }
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }
}
