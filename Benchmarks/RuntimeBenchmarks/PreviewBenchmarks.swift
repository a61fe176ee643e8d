import Benchmark
import Foundation
import LiveHost
import Preview

#if canImport(Glibc)
import Glibc
#endif

/// The WordsCollection example run with a preview server, and a page's event stream read on a
/// thread of its own: each `edit` saves LabelCell.lua with a new border width and waits until
/// the stream carries the picture that shows it.
final class PreviewBench: @unchecked Sendable {
    let folder: URL
    let host: LiveHost
    let server: PreviewServer
    private let publisher: PreviewPublisher
    private let source: String
    private let stream: EventStreamReader
    private var edits = 0
    private var drawn = 0

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-bench-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveBench.example, to: folder)
        source = try String(contentsOf: folder.appendingPathComponent("LabelCell.lua"), encoding: .utf8)
        let program = try Program(project: try Project(at: folder.path))
        let feed = PreviewFeed()
        let publisher = PreviewPublisher(feed: feed, program: program, profiles: [.phone])
        host = try LiveHost(program: program) { event in
            publisher.note(event)
            if event.isError { FileHandle.standardError.write(Data("benchmark project: \(event)\n".utf8)) }
        }
        self.publisher = publisher
        server = try PreviewServer(feed: feed)
        try host.start()
        publisher.update(host.runningWorlds)
        let mailbox = host.mailbox
        stream = try EventStreamReader(port: server.port) { mailbox.post(.key(0)) }
    }

    deinit {
        server.stop()
        host.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func edit() throws {
        edits += 1
        let width = edits % 7 + 1  // never the width of the edit before
        let data = Data(source.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = \(width)").utf8)
        let target = folder.appendingPathComponent("LabelCell.lua")
        let handle = try FileHandle(forWritingTo: target)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
        try handle.close()
        let expected = edits + 1  // the first picture was frame 1
        let deadline = ContinuousClock.now + .seconds(10)
        // As `rebound run` does: wait for the host's next events, then publish what they changed
        // when something ran (the stream's reader wakes the loop when a picture arrives).
        while stream.latestFrame < expected {
            guard ContinuousClock.now < deadline else { throw ProjectError("no new picture on the stream within 10 s") }
            host.handleEvents(until: deadline)
            if host.screenGeneration != drawn {
                drawn = host.screenGeneration
                publisher.update(host.runningWorlds)
            }
        }
    }
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
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else { throw ProjectError("cannot connect to the preview on port \(port)") }
        let request = Array("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        Thread.detachNewThread { [self] in read() }
    }

    deinit { shutdown(socket, Int32(SHUT_RDWR)) }

    var latestFrame: Int { lock.withLock { frame } }

    /// Bytes, not Strings: a page's stream carries a picture of a hundred kilobytes per event.
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
            while let end = pending[max(0, scanned - 1)...].firstRange(of: blankLine) {
                if let found = pending[..<end.lowerBound].firstRange(of: key) {
                    let digits = pending[found.upperBound...].prefix { $0 >= 48 && $0 <= 57 }
                    if let number = Int(String(decoding: digits, as: UTF8.self)) {
                        lock.withLock { frame = max(frame, number) }
                        arrived()
                    }
                }
                pending.removeSubrange(..<end.upperBound)
                scanned = 0
            }
            scanned = pending.count
        }
    }
}

nonisolated(unsafe) var previewBench: PreviewBench?

func previewBenchmarks() {
    let edits = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .microseconds,
        warmupIterations: 10, maxDuration: .seconds(120), maxIterations: 1000)
    Benchmark(
        "live: save to the preview's event carrying the new picture", configuration: edits,
        closure: { _ in
            if previewBench == nil { previewBench = try PreviewBench() }
            try previewBench?.edit()
        },
        teardown: {
            previewBench = nil
        })
}
