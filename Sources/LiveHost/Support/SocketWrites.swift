import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing to the sockets of the console and the debugger.
enum SocketWrites {
    /// Writes all of `data` (resuming after signals and short writes, never raising SIGPIPE);
    /// false when the peer is gone.
    static func writeAll(_ data: Data, to socket: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(socket, bytes.baseAddress?.advanced(by: sent), bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }
}
