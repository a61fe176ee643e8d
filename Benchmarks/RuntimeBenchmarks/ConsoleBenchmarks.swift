import Benchmark
import Console
import Foundation
import LiveHost

/// A live host serving its console socket from a thread of its own, as `rebound run` does; the
/// benchmark's thread is the client.
final class ConsoleBench: @unchecked Sendable {
    let folder: URL
    let client: ConsoleClient
    private let stop = HostStop()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-bench-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: LiveBench.example, to: folder)
        let socket = folder.appendingPathComponent(".rebound/console.sock").path
        let ready = DispatchSemaphore(value: 0)
        let (folder, stop) = (folder, stop)
        let thread = Thread {
            // The host is made, run and stopped on its own thread: that thread owns its state.
            let host = try? LiveHost(program: try Program(project: try Project(at: folder.path))) { _, _ in }
            try? host?.start()
            let server = host.flatMap { try? ConsoleServer.serve(at: socket, for: $0) }
            ready.signal()
            while !stop.isSet { host?.handleEvents(until: .now + .milliseconds(100)) }
            server?.stop()
            host?.stop()
        }
        thread.start()
        ready.wait()
        client = try ConsoleClient(path: socket)
    }

    deinit {
        stop.set()
        try? FileManager.default.removeItem(at: folder)
    }

    private final class HostStop: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }
}

nonisolated(unsafe) var consoleBench: ConsoleBench?
nonisolated(unsafe) var inProcessBench: LiveBench?

func consoleBenchmarks() {
    let configuration = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds,
            warmupIterations: 100, maxDuration: .seconds(10), maxIterations: 20_000))
    Benchmark(
        "console: round trip over the socket, return 1", configuration: configuration,
        closure: { _ in
            if consoleBench == nil { consoleBench = try ConsoleBench() }
            guard let reply = try consoleBench?.client.evaluate("return 1"), reply.outcome == .values(["1"]) else {
                throw ProjectError("the console did not answer 1")
            }
        },
        teardown: {
            consoleBench = nil
        })
    Benchmark(
        "console: the same chunk evaluated in-process", configuration: configuration,
        closure: { _ in
            if inProcessBench == nil { inProcessBench = try LiveBench() }
            guard let reply = inProcessBench?.host.evaluate("return 1"), reply.outcome == .values(["1"]) else {
                throw ProjectError("the console did not answer 1")
            }
        },
        teardown: {
            inProcessBench = nil
        })
}
