import CFileShim
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The private Unix sockets of the console and the debugger: made for the owner only, with
/// the peer's user checked, and written to whole.
public enum UnixSockets {
    /// A listening Unix socket at `path`, mode 0600 (the owner's only; the peer check of each
    /// client closes the moment between bind and chmod). A stale socket is replaced.
    public static func listen(at path: String, serving purpose: String, backlog: Int32) throws(UnixSocketError) -> Int32
    {
        guard var address = address(path) else {
            throw UnixSocketError("\(path): the path is too long for a Unix socket (at most 107 bytes)")
        }
        try removeStale(path, address: &address, serving: purpose)
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw UnixSocketError("\(path): \(String(cString: strerror(errno)))") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, Glibc.listen(socket, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw UnixSocketError("\(path): \(reason)")
        }
        return socket
    }

    /// Connects to the private socket at `path` of a running host (its `purpose`: "console",
    /// "debugger"), after checking that it is the user's own and nobody else's (owner, mode
    /// 0600): anything else is refused, so a client never talks to another user's server.
    /// `missing` says what to do when there is no socket.
    public static func connect(
        toPrivate path: String, serving purpose: String,
        missing: String = "is `rebound run` running on the project?"
    ) throws(UnixSocketError) -> Int32 {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw UnixSocketError("\(path): no \(purpose) there (\(missing))") }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw UnixSocketError("\(path) is not a socket") }
        guard info.st_uid == geteuid() else {
            throw UnixSocketError("refused: \(path) belongs to another user (uid \(info.st_uid))")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw UnixSocketError(
                "refused: \(path) can be reached by other users (mode \(String(info.st_mode & 0o777, radix: 8))); "
                    + "only a socket with mode 0600 is trusted")
        }
        guard var address = address(path) else {
            throw UnixSocketError("\(path): the path is too long for a Unix socket (at most 107 bytes)")
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard socket >= 0, connected == 0 else {
            let reason =
                errno == ECONNREFUSED
                ? "no rebound run is serving it (a stale socket)" : String(cString: strerror(errno))
            if socket >= 0 { close(socket) }
            throw UnixSocketError("\(path): \(reason)")
        }
        return socket
    }

    public static func address(_ path: String) -> sockaddr_un? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        return address
    }

    private static func removeStale(_ path: String, address: inout sockaddr_un, serving purpose: String)
        throws(UnixSocketError)
    {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw UnixSocketError("\(path) exists and is not a socket; remove it to serve \(purpose)")
        }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(probe) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected != 0 else {
            throw UnixSocketError("\(path): another rebound run serves \(purpose)")
        }
        unlink(path)
    }

    public static func peerUser(_ socket: Int32) -> uid_t? {
        var user: UInt32 = 0
        return rb_peer_user(socket, &user) == 0 ? uid_t(user) : nil
    }

    /// Writes all of `data` (resuming after signals and short writes, never raising SIGPIPE);
    /// false when the peer is gone.
    public static func writeAll(_ data: Data, to socket: Int32) -> Bool {
        send(data, to: socket, flags: 0) == data.count
    }

    /// Writes what `socket` takes without waiting: how many bytes went (0 when its buffer is
    /// full), or -1 when the peer is gone.
    public static func writeWithoutWaiting(_ data: Data, to socket: Int32) -> Int {
        send(data, to: socket, flags: MSG_DONTWAIT)
    }

    /// Sends `data` until it is all sent, the socket would block (with `MSG_DONTWAIT`), or the
    /// peer is gone (-1); resumes after signals, never raises SIGPIPE.
    private static func send(_ data: Data, to socket: Int32, flags: Int) -> Int {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(
                    socket, bytes.baseAddress?.advanced(by: sent), bytes.count - sent, Int32(MSG_NOSIGNAL | flags))
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK, flags & MSG_DONTWAIT != 0 { break }
                guard count > 0 else { return -1 }
                sent += count
            }
            return sent
        }
    }
}

/// Why a Unix socket could not be made.
public struct UnixSocketError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
