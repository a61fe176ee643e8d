import Benchmark
import Foundation
import HostSockets
import LiveHost
import Preview

#if canImport(Glibc)
import Glibc
#endif

/// The WordsCollection example run with a preview server, as `rebound run --preview` runs it,
/// and a page's event stream read on a thread of its own: each `edit` saves LabelCell.lua with
/// a new border width, each `tap` posts a tap on a cell to the page's input channel, and both
/// wait until the stream carries the picture that shows it.
final class PreviewBench: @unchecked Sendable {
    let folder: URL
    let host: LiveHost
    let server: PreviewServer
    private let feed: PreviewFeed
    private let publisher: PreviewPublisher
    private let source: String
    private let stream: EventStreamReader
    private var inputToken = ""
    /// The page's connection for its input messages, kept alive as a browser keeps it.
    private var inputConnection: Int32 = -1
    private var edits = 0
    private var taps = 0
    private var drawn = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-bench-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveBench.example, to: folder)
        source = try String(contentsOf: folder.appendingPathComponent("LabelCell.lua"), encoding: .utf8)
        let program = try Program(project: try Project(at: folder.path))
        feed = PreviewFeed()
        let publisher = PreviewPublisher(feed: feed, program: program, profiles: [.phone])
        var options = LiveHost.Options()
        options.followsRealTime = true
        host = try LiveHost(program: program, options: options) { event, device in
            publisher.note(event, device: device)
            if event.isError { FileHandle.standardError.write(Data("benchmark project: \(event)\n".utf8)) }
        }
        self.publisher = publisher
        // Taps come faster than a hand's; the rate limit is measured, not met.
        var limits = PreviewLimits.forThisProcess()
        limits.inputRate = 100_000
        let mailbox = host.mailbox
        server = try PreviewServer(feed: feed, limits: limits, input: { mailbox.post(.input($0)) })
        try host.start()
        publisher.update(host.runningWorlds)
        stream = try EventStreamReader(port: server.port) { mailbox.post(.key(0)) }
        let page = try LoopbackHTTP.exchange(port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n")
        guard let token = page.firstMatch(of: /[0-9a-f]{64}/) else { throw ProjectError("no input token in the page") }
        inputToken = String(token.output)
        inputConnection = try connectToLoopback(port: server.port)
    }

    deinit {
        if inputConnection >= 0 { close(inputConnection) }
        server.stop()
        host.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func edit() throws {
        edits += 1
        let shown = stream.latestFrame
        let width = edits % 7 + 1  // never the width of the edit before
        let data = Data(source.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = \(width)").utf8)
        let target = folder.appendingPathComponent("LabelCell.lua")
        let handle = try FileHandle(forWritingTo: target)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
        try handle.close()
        try waitForPicture(after: shown)
    }

    /// Taps one of two cells, in turn, so that each tap selects another and changes the
    /// picture, and waits for the event whose picture shows that selection. Other pictures may
    /// come between (a change the clock drives), so the frame awaited is the one published for
    /// the drawing recorded after the tap, not merely the next one.
    func tap() throws {
        taps += 1
        let (x, y, item) = taps % 2 == 0 ? (60, 130, 4) : (40, 220, 8)
        let body =
            #"{"device": "phone", "actions": [{"type": "down", "finger": 1, "x": \#(x), "y": \#(y)}, "#
            + #"{"type": "up", "finger": 1, "x": \#(x), "y": \#(y)}]}"#
        let origin = "http://127.0.0.1:\(server.port)"
        let answer = try LoopbackHTTP.exchange(
            on: inputConnection,
            "POST /input HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: \(origin)\r\n"
                + "X-Rebound-Token: \(inputToken)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        guard answer.hasPrefix("HTTP/1.1 204") else { throw ProjectError("the input channel answered \(answer)") }
        try pump("the tap was not applied") { try selectedItem() == item }
        publisher.waitUntilPainted()
        guard let json = feed.current?.json, let match = json.firstMatch(of: /"frame":([0-9]+)/),
            let frame = Int(match.output.1)
        else { throw ProjectError("the feed has no picture") }
        try pump("the tap's picture did not reach the stream") { stream.latestFrame >= frame }
    }

    private func selectedItem() throws -> Int? {
        try host.world?.bridge.state.run(
            "local controller = objc.UIApplication.sharedApplication.keyWindow.rootViewController "
                + "local selected = controller.collectionView.indexPathsForSelectedItems "
                + "return selected[1] and selected[1].item"
        ).first?.integerValue.map(Int.init)
    }

    private func waitForPicture(after shown: Int) throws {
        try pump("no new picture on the stream") { stream.latestFrame > shown }
    }

    /// As `rebound run` does: handles the host's next events, then publishes what they changed
    /// when something ran (the stream's reader wakes the loop when a picture arrives), until
    /// `done` holds, for at most 10 s.
    private func pump(_ failure: String, until done: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try !done() {
            guard ContinuousClock.now < deadline else { throw ProjectError(failure + " within 10 s") }
            host.handleEvents(until: deadline)
            if host.screenGeneration != drawn {
                drawn = host.screenGeneration
                publisher.update(host.runningWorlds)
            }
        }
    }
}

/// HTTP/1.1 over loopback sockets, as the bench's page needs it.
enum LoopbackHTTP {
    /// One request over a fresh connection: the answer's text, read until the server closes
    /// the connection.
    static func exchange(port: Int, _ head: String, body: String = "") throws -> String {
        let socket = try connectToLoopback(port: port)
        defer { close(socket) }
        let request = Array((head + "Connection: close\r\n\r\n" + body).utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// One request with no answer body (a 204) on a connection kept open: the answer's head.
    static func exchange(on socket: Int32, _ request: String) throws -> String {
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count
        else { throw ProjectError("the input connection is closed") }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while answer.firstRange(of: [13, 10, 13, 10]) == nil {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw ProjectError("the input connection closed before its answer") }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }
}

/// A socket connected to `port` on 127.0.0.1.
func connectToLoopback(port: Int) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard socket >= 0, connected == 0 else {
        if socket >= 0 { close(socket) }
        throw ProjectError("cannot connect to the preview on port \(port)")
    }
    return socket
}

/// Reads `/events` from a raw socket on its own thread, keeps the highest `frame` seen and
/// calls `arrived` for each event.
final class EventStreamReader: @unchecked Sendable {
    private let socket: Int32
    private let lock = NSLock()
    private var frame = 0
    private let arrived: @Sendable () -> Void

    init(port: Int, arrived: @escaping @Sendable () -> Void) throws {
        self.arrived = arrived
        socket = try connectToLoopback(port: port)
        let request = Array("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        Thread.detachNewThread { [self] in read() }
    }

    deinit { shutdown(socket, Int32(SHUT_RDWR)) }

    var latestFrame: Int { lock.withLock { frame } }

    /// Bytes, not Strings, searched with `memmem` as a browser's parser would: a page's stream
    /// carries a picture of a hundred kilobytes per event, and the reader is part of what the
    /// preview rows measure.
    private func read() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        let blankLine: [UInt8] = [10, 10]
        let key = Array("\"frame\":".utf8)
        var scanned = 0  // what was searched for a blank line already
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            pending += buffer[0..<count]
            // A whole event ends with a blank line; its frame number comes before its picture.
            while let end = Self.find(blankLine, in: pending, from: max(0, scanned - 1)) {
                if let found = Self.find(key, in: pending, from: 0, before: end) {
                    let digits = pending[(found + key.count)...].prefix { $0 >= 48 && $0 <= 57 }
                    if let number = Int(String(decoding: digits, as: UTF8.self)) {
                        lock.withLock { frame = max(frame, number) }
                        arrived()
                    }
                }
                pending.removeSubrange(..<(end + blankLine.count))
                scanned = 0
            }
            scanned = pending.count
        }
    }

    /// Where `needle` first starts in `bytes[start..<end]` (`memchr` for its first byte, then
    /// `memcmp`).
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard let first = needle.first else { return nil }
        return bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return nil }
                var position = start
                while position + needle.count <= end {
                    guard let hit = memchr(base + position, Int32(first), end - position - needle.count + 1) else {
                        return nil
                    }
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(hit, pattern, needle.count) == 0 { return offset }
                    position = offset + 1
                }
                return nil
            }
        }
    }
}

nonisolated(unsafe) var previewBenches: [String: PreviewBench] = [:]

func previewBenchmarks() {
    let edits = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 10, maxDuration: .seconds(120), maxIterations: 1000))
    let actions: [(String, (PreviewBench) throws -> Void)] = [
        ("live: save to the preview's event carrying the new picture", { try $0.edit() }),
        ("preview: a tap's input message to the event carrying the new picture", { try $0.tap() }),
    ]
    for (title, action) in actions {
        Benchmark(
            title, configuration: edits,
            closure: { _ in
                if previewBenches[title] == nil { previewBenches[title] = try PreviewBench() }
                if let bench = previewBenches[title] { try action(bench) }
            },
            teardown: {
                previewBenches[title] = nil
            })
    }
    // A connection's owner, asked of the kernel for its one socket: with 500 other loopback
    // connections open it costs what it costs with none (the tables' scan grew with them). The
    // connections are made once, so that their set-up's traffic is over before any measuring.
    for open in [0, 500] {
        let title = "preview: 1,000 loopback peers' owners, \(open) other connections open"
        Benchmark(
            title,
            closure: { benchmark in
                guard let (_, measured) = loopbackSets[open] else { return }
                benchmark.startMeasurement()
                for _ in 0..<1000 { blackHole(TCPPeers.user(of: measured.accepted)) }
                benchmark.stopMeasurement()
            },
            setup: {
                var descriptors = rlimit()
                getrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptors)
                descriptors.rlim_cur = descriptors.rlim_max  // three for each connection
                setrlimit(Int32(RLIMIT_NOFILE.rawValue), &descriptors)
                loopbackSets[open] = (try (0..<open).map { _ in try LoopbackPair() }, try LoopbackPair())
                usleep(100_000)  // the set-up's handshakes and acknowledgements settle
            },
            teardown: { loopbackSets[open] = nil })
    }
}

nonisolated(unsafe) var loopbackSets: [Int: (others: [LoopbackPair], measured: LoopbackPair)] = [:]

/// A client connected to a listener on 127.0.0.1, and the accepted end; closed together.
final class LoopbackPair {
    let listener: Int32
    let client: Int32
    let accepted: Int32

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) == 0 }
        }
        let accepted = bound && connected ? accept(listener, nil, nil) : -1
        (self.listener, self.client, self.accepted) = (listener, client, accepted)
        guard accepted >= 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { for socket in [listener, client, accepted] { close(socket) } }
}
