import CFileShim
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Who is at the other end of a loopback TCP connection: the kernel knows each socket with its
/// two addresses and its owner's user id, and the peer's socket is the one whose local address
/// is our peer's and whose remote address is ours. It is asked for that one socket
/// (`rb_tcp_socket_user`, NETLINK_SOCK_DIAG), so a storm of connections costs one lookup each,
/// not a scan of every socket; where the kernel cannot be asked that way, its tables
/// (`/proc/net/tcp`, `/proc/net/tcp6`) are read. (Delve's `--only-same-user` checks the same way.)
public enum TCPPeers {
    /// The user id of the process that owns the peer socket of `socket`, a connected TCP socket
    /// on the loopback interface; nil when it cannot be told (the caller refuses the peer).
    public static func user(of socket: Int32) -> uid_t? {
        guard let peer = address(of: socket, local: false), let local = address(of: socket, local: true) else {
            return nil
        }
        return user(peer: peer, local: local)
    }

    /// The user id of the process that owns the socket at `peer` connected to ours at `local`.
    public static func user(peer: sockaddr_storage, local: sockaddr_storage) -> uid_t? {
        switch askKernel(peer: peer, local: local) {
        case .owner(let user): return user
        case .none: return nil
        case .cannotAsk: break
        }
        guard let peer = endpoint(peer), let local = endpoint(local), peer.family == local.family else { return nil }
        let table = peer.family == AF_INET6 ? "/proc/net/tcp6" : "/proc/net/tcp"
        guard let contents = readWhole(table) else { return nil }
        return user(in: contents, local: peer.text, remote: local.text)
    }

    /// The user column of the table's line whose addresses are `local` and `remote`, written
    /// as the kernel writes them (`0100007F:1F90`).
    static func user(in table: [UInt8], local: String, remote: String) -> uid_t? {
        let needle = Array(" \(local) \(remote) ".utf8)
        guard let found = table.firstRange(of: needle) else { return nil }
        let lineEnd = table[found.upperBound...].firstIndex(of: 10) ?? table.endIndex
        let fields = table[found.upperBound..<lineEnd].split(separator: 32)
        // After the addresses: st, tx_queue:rx_queue, tr:tm->when, retrnsmt, uid.
        guard fields.count > 4 else { return nil }
        return uid_t(String(decoding: fields[4], as: UTF8.self))
    }

    private enum Answer {
        case owner(uid_t)
        case none
        case cannotAsk
    }

    /// The owner of the peer's socket, asked of the kernel by its addresses.
    private static func askKernel(peer: sockaddr_storage, local: sockaddr_storage) -> Answer {
        guard peer.ss_family == local.ss_family else { return .none }
        var user: UInt32 = 0
        let status: Int32
        switch Int32(peer.ss_family) {
        case AF_INET:
            var (from, to) = (
                withUnsafeBytes(of: peer) { $0.loadUnaligned(as: sockaddr_in.self) },
                withUnsafeBytes(of: local) { $0.loadUnaligned(as: sockaddr_in.self) }
            )
            status = rb_tcp_socket_user(
                AF_INET, &from.sin_addr, UInt16(bigEndian: from.sin_port), &to.sin_addr, UInt16(bigEndian: to.sin_port),
                &user)
        case AF_INET6:
            var (from, to) = (
                withUnsafeBytes(of: peer) { $0.loadUnaligned(as: sockaddr_in6.self) },
                withUnsafeBytes(of: local) { $0.loadUnaligned(as: sockaddr_in6.self) }
            )
            status = rb_tcp_socket_user(
                AF_INET6, &from.sin6_addr, UInt16(bigEndian: from.sin6_port), &to.sin6_addr,
                UInt16(bigEndian: to.sin6_port), &user)
        default:
            return .none
        }
        switch status {
        case 0: return .owner(uid_t(user))
        case -1: return .none
        default: return .cannotAsk
        }
    }

    private struct Endpoint {
        let family: Int32
        let text: String
    }

    private static func address(of socket: Int32, local: Bool) -> sockaddr_storage? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                local ? getsockname(socket, $0, &length) : getpeername(socket, $0, &length)
            }
        }
        return status == 0 ? storage : nil
    }

    /// An address written as `/proc/net/tcp` writes it: the address's 32-bit words as the
    /// machine holds them, in hex, then the port in hex.
    private static func endpoint(_ storage: sockaddr_storage) -> Endpoint? {
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: storage) { $0.loadUnaligned(as: sockaddr_in.self) }
            let text = hex(address.sin_addr.s_addr) + ":" + hex16(UInt16(bigEndian: address.sin_port))
            return Endpoint(family: AF_INET, text: text)
        case AF_INET6:
            let address = withUnsafeBytes(of: storage) { $0.loadUnaligned(as: sockaddr_in6.self) }
            let words = withUnsafeBytes(of: address.sin6_addr) { bytes in
                (0..<4).map { bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) }
            }
            let text = words.map(hex).joined() + ":" + hex16(UInt16(bigEndian: address.sin6_port))
            return Endpoint(family: AF_INET6, text: text)
        default:
            return nil
        }
    }

    private static func hex(_ word: UInt32) -> String {
        let digits = String(word, radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    private static func hex16(_ port: UInt16) -> String {
        let digits = String(port, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// A file of `/proc`, whose size `stat` does not tell, read to its end.
    private static func readWhole(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return contents }
            contents += chunk[..<count]
        }
    }
}
