import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import LiveHost
import Logging
import LuaRuntime
import NIOCore
import Synchronization

/// The live preview's web server (Hummingbird): the page, its Server-Sent Events and the
/// latest state as JSON, and nothing else.
///
/// It serves the user's own browser only: it listens on the loopback interface unless told
/// otherwise on purpose (`allowingOtherMachines`), refuses peers of another user and requests
/// whose `Host` is not its own (`PreviewGate`), and stays within `PreviewLimits`. It only
/// reads: a request with a body is refused (413), a method other than GET or HEAD gets 405,
/// an unknown route 404, and a request HTTP cannot parse 400 from the server's parser. Its
/// threads are Hummingbird's; the host's side only publishes to `feed`.
public final class PreviewServer: @unchecked Sendable {
    public let feed: PreviewFeed
    /// The address and port the server listens on (the port the system chose for port 0).
    public let address: String
    public let port: Int
    private let task: Task<Void, Error>
    private let gate: PreviewGate

    /// How many connections are open now.
    public var openConnections: Int { gate.openConnections }

    /// Starts serving on `address` and `port` (0 for a free one) and returns once the server
    /// listens; throws when it cannot (the port is taken, the address is not this machine's).
    /// Every `heartbeat`, listening pages get a comment, so that the streams of pages that
    /// left end.
    ///
    /// An address that is not a loopback one is refused unless `allowingOtherMachines` is set:
    /// the page shows the program's sources.
    ///
    /// With `input`, the page's screens take touches and keys (`PreviewInput`), handed to it.
    public init(
        feed: PreviewFeed, address: String = "127.0.0.1", port: Int = 0, heartbeat: Duration = .seconds(10),
        limits: PreviewLimits = .forThisProcess(), allowingOtherMachines: Bool = false,
        input: (@Sendable (PageInput) -> Void)? = nil
    ) throws {
        guard allowingOtherMachines || Self.isLoopback(address) else {
            throw PreviewError(
                "\(address) is not a loopback address: the preview shows the program's sources, so serving "
                    + "it to other machines needs --preview-allow-remote")
        }
        self.feed = feed
        self.address = address
        let started = StartSignal()
        var logger = Logger(label: "rebound.preview")
        logger.logLevel = .critical  // a page that leaves is no error; one that cannot start is thrown
        let gate = PreviewGate(limits: limits, boundAddress: address)
        self.gate = gate
        let idle = limits.idleTimeout.components
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [gate.connectionHandler()],
            idleTimeout: .seconds(idle.seconds) + .nanoseconds(idle.attoseconds / 1_000_000_000))
        let inputChannel = input.map { PreviewInput(limits: limits, deliver: $0) }
        let boundPort = PortBox()
        let app = Application(
            router: Self.router(feed: feed, gate: gate, input: inputChannel, port: boundPort),
            server: .http1(configuration: http),
            configuration: .init(
                address: .hostname(address, port: port), serverName: "rebound",
                availableConnectionsDelegate: .maximum(limits.acceptedConnections, logger: logger)),
            onServerRunning: { channel in started.signal(.success(channel.localAddress?.port ?? port)) },
            logger: logger)
        let thread = ServerThread(name: "rebound.preview")
        task = Task.detached(executorPreference: thread) {
            defer { thread.finish() }
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await app.run() }
                    group.addTask {
                        while true {
                            try await Task.sleep(for: heartbeat)
                            feed.beat()
                        }
                    }
                    try await group.next()
                    group.cancelAll()
                }
            } catch {
                started.signal(.failure(error))
                throw error
            }
        }
        switch started.wait(for: .seconds(20)) {
        case .success(let bound):
            self.port = bound
            boundPort.set(bound)
        case .failure(let error):
            task.cancel()
            throw PreviewError("cannot serve the preview on \(address):\(port): \(error)")
        case nil:
            task.cancel()
            throw PreviewError("the preview server did not start on \(address):\(port) within 20 s")
        }
    }

    deinit { stop() }

    /// The page's address.
    public var url: String {
        let host = address.contains(":") ? "[\(address)]" : address
        return "http://\(host):\(port)/"
    }

    /// Ends every page's stream and shuts the server down.
    public func stop() {
        feed.close()
        task.cancel()
    }

    /// Whether `address` is one of this machine's loopback addresses.
    public static func isLoopback(_ address: String) -> Bool {
        let name = address.lowercased()
        if ["localhost", "::1", "[::1]"].contains(name) { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    static func router(
        feed: PreviewFeed, gate: PreviewGate, input: PreviewInput?, port: PortBox
    ) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: PreviewGateMiddleware(gate: gate))
        router.add(middleware: ReadOnlyMiddleware(writablePath: input == nil ? nil : "/input"))
        router.get("/") { _, _ in
            // The page takes input: no other site may frame it to steer a person's clicks.
            Response(
                status: .ok,
                headers: [
                    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .xFrameOptions: "DENY",
                    .contentSecurityPolicy: "frame-ancestors 'none'",
                ],
                body: .init(
                    byteBuffer: ByteBuffer(string: PreviewPage.html(current: feed.current, inputToken: input?.token))))
        }
        if let input {
            router.post("/input") { request, _ in try await input.handle(request, gate: gate, port: port.value) }
        }
        router.get("/state.json") { _, _ in
            guard let update = feed.current else { return Response(status: .serviceUnavailable) }
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: update.json)))
        }
        router.get("/events") { _, _ in
            let updates = feed.updates()
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: .init { writer in
                    try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
                    for await message in updates {
                        switch message {
                        case .update(let update): try await writer.write(ByteBuffer(string: update.event))
                        case .heartbeat: try await writer.write(ByteBuffer(string: ":\n\n"))
                        }
                    }
                    try await writer.finish(nil)
                })
        }
        return router
    }
}

/// Refuses what a read-only server does not take: methods other than GET and HEAD, and bodies,
/// except a POST to `writablePath` (the input channel, which checks its own).
struct ReadOnlyMiddleware<Context: RequestContext>: RouterMiddleware {
    let writablePath: String?

    func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if request.method == .post, let writablePath, request.uri.path == writablePath {
            return try await next(request, context)
        }
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let length = request.headers[.contentLength].flatMap { Int($0) } ?? 0
        guard length == 0, request.headers[.transferEncoding] == nil else {
            return Response(status: .contentTooLarge, headers: [.connection: "close"])
        }
        return try await next(request, context)
    }
}

/// Why the preview could not be served.
public struct PreviewError: UserFacingError {
    public let description: String

    init(_ description: String) { self.description = description }
}

/// The port the server listens on, known once it started: the input channel checks `Origin`
/// against it.
final class PortBox: Sendable {
    private let port = Mutex(0)
    var value: Int { port.withLock { $0 } }
    func set(_ value: Int) { port.withLock { $0 = value } }
}

/// A one-time result handed from the server's task to the thread that waits for it to start.
private final class StartSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Int, Error>?

    func signal(_ outcome: Result<Int, Error>) {
        condition.withLock {
            guard result == nil else { return }
            result = outcome
            condition.broadcast()
        }
    }

    func wait(for timeout: Duration) -> Result<Int, Error>? {
        let deadline = Date().addingTimeInterval(Double(timeout.components.seconds))
        return condition.withLock {
            while result == nil, condition.wait(until: deadline) {}
            return result
        }
    }
}

extension HTTPField.Name {
    /// `X-Frame-Options`, which swift-http-types does not name (a valid field name, so made).
    static let xFrameOptions = Self("X-Frame-Options")!
}
