import Foundation
import Testing

@testable import HostSockets

#if canImport(Glibc)
import Glibc
#endif

/// The user at the other end of a loopback connection, asked of the kernel for that one socket.
@Suite struct TCPPeersTests {
    /// A listening socket on loopback, a client connected to it, and the accepted end.
    static func connectedPair(family: Int32) throws -> (client: Int32, accepted: Int32, listener: Int32) {
        let listener = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        var storage = sockaddr_storage()
        var length: socklen_t
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_addr = in6addr_loopback
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        try withUnsafeMutablePointer(to: &storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                guard bind(listener, address, length) == 0, listen(listener, 4) == 0,
                    getsockname(listener, address, &length) == 0
                else { throw POSIXError(.EADDRNOTAVAIL) }
            }
        }
        let client = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        return (client, accept(listener, nil, nil), listener)
    }

    @Test(arguments: [AF_INET, AF_INET6])
    func theOwnerOfALoopbackPeerIsFound(family: Int32) throws {
        let (client, accepted, listener) = try Self.connectedPair(family: family)
        defer { for socket in [client, accepted, listener] { close(socket) } }
        #expect(TCPPeers.user(of: accepted) == geteuid())
        #expect(TCPPeers.user(of: client) == geteuid(), "either end finds the other")
    }

    /// A peer the kernel does not know (addresses of no socket) has no owner.
    @Test func addressesOfNoSocketHaveNoOwner() throws {
        var peer = sockaddr_in()
        peer.sin_family = sa_family_t(AF_INET)
        peer.sin_port = UInt16(1).bigEndian
        peer.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var local = peer
        local.sin_port = UInt16(2).bigEndian
        var (peerStorage, localStorage) = (sockaddr_storage(), sockaddr_storage())
        withUnsafeBytes(of: peer) { bytes in withUnsafeMutableBytes(of: &peerStorage) { $0.copyMemory(from: bytes) } }
        withUnsafeBytes(of: local) { bytes in withUnsafeMutableBytes(of: &localStorage) { $0.copyMemory(from: bytes) } }
        #expect(TCPPeers.user(peer: peerStorage, local: localStorage) == nil)
    }
}
