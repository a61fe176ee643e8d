import Foundation
import HostSockets
import Hummingbird
import LiveHost
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What the preview's server checks before it serves anything.
///
/// - Each connection: a peer on this machine must be the same user (the kernel's table of TCP
///   sockets, `TCPPeers`), so other users cannot read the program's state and sources; a
///   connection from elsewhere reaches the server only when the user bound it to another
///   address on purpose. Connections are counted for the middleware.
/// - Each request: its `Host` must name this machine's loopback (or the address the user bound
///   to), against DNS rebinding: a page of another site that resolves its own name to
///   127.0.0.1 still sends that name; and past the connection limit it is refused with 503.
final class PreviewGate: Sendable {
    let limits: PreviewLimits
    private let allowedHosts: Set<String>
    private let open = Mutex<Int>(0)

    init(limits: PreviewLimits, boundAddress: String) {
        self.limits = limits
        var hosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]
        hosts.insert(boundAddress.lowercased())
        hosts.insert("[\(boundAddress.lowercased())]")
        allowedHosts = hosts
    }

    /// How many connections are open.
    var openConnections: Int { open.withLock { $0 } }

    /// Whether `host` (a `Host` header: a name or address, and maybe a port) names this server.
    func allows(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            name = String(name[...close])
        } else if let colon = name.lastIndex(of: ":"), name.firstIndex(of: ":") == colon {
            name = String(name[..<colon])
        }
        if allowedHosts.contains(name) { return true }
        // 127.0.0.0/8 is all loopback.
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    func opened() { open.withLock { $0 += 1 } }
    func closed() { open.withLock { $0 -= 1 } }

    /// The handler each connection's pipeline gets.
    func connectionHandler() -> ConnectionHandler { ConnectionHandler(gate: self) }

    /// Counts its connection, and closes it at once when a peer on this machine is another user.
    final class ConnectionHandler: ChannelInboundHandler, RemovableChannelHandler, Sendable {
        typealias InboundIn = NIOAny
        private let gate: PreviewGate

        init(gate: PreviewGate) { self.gate = gate }

        func handlerAdded(context: ChannelHandlerContext) {
            gate.opened()
            guard let peer = context.channel.remoteAddress, let local = context.channel.localAddress else {
                context.close(promise: nil)
                return
            }
            guard PreviewGate.isLocal(peer) else { return }  // from elsewhere: the user bound to it on purpose
            guard let user = TCPPeers.user(peer: PreviewGate.storage(peer), local: PreviewGate.storage(local)),
                user == geteuid()
            else {
                context.close(promise: nil)
                return
            }
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            gate.closed()
        }
    }

    /// Whether the address is this machine's loopback.
    static func isLocal(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4): (UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24) == 127
        case .v6(let v6):
            withUnsafeBytes(of: v6.address.sin6_addr) { given in
                withUnsafeBytes(of: in6addr_loopback) { loopback in given.elementsEqual(loopback) }
            }
        case .unixDomainSocket: true
        }
    }

    static func storage(_ address: SocketAddress) -> sockaddr_storage {
        var storage = sockaddr_storage()
        address.withSockAddr { pointer, size in
            withUnsafeMutableBytes(of: &storage) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: size))
            }
        }
        return storage
    }
}

/// Refuses requests whose `Host` is not the server's own, and any past the connection limit.
struct PreviewGateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: PreviewGate

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let host = request.head.authority, gate.allows(host: host) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: "This preview answers only to its own address "
                            + "(localhost); the request's Host was not it.\n")))
        }
        guard gate.openConnections <= gate.limits.connections else {
            return Response(status: .serviceUnavailable, headers: [.retryAfter: "2", .connection: "close"])
        }
        return try await next(request, context)
    }
}
