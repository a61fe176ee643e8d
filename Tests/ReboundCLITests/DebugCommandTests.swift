import Foundation
import LiveHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `rebound run --debug`: the address it listens on, and Ctrl-C while a client holds the
/// program at a breakpoint. (The protocol itself is LiveHostTests' DebuggerTests.)
@Suite(.serialized) struct DebugCommandTests {
    /// A raw connection: writes framed requests, and waits for text in what comes back.
    final class Connection: @unchecked Sendable {
        let socket: Int32
        private let condition = NSCondition()
        private var received = ""

        init(path: String) throws {
            socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            guard connected == 0 else { throw CocoaError(.fileReadNoSuchFile) }
            Thread.detachNewThread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while case let count = recv(socket, &chunk, chunk.count, 0), count > 0 {
                    condition.withLock {
                        received += String(decoding: chunk[..<count], as: UTF8.self)
                        condition.broadcast()
                    }
                }
            }
        }

        deinit { close(socket) }

        func send(_ seq: Int, _ command: String, _ arguments: String = "{}") {
            let body = #"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":\#(arguments)}"#
            let message = "Content-Length: \(body.utf8.count)\r\n\r\n" + body
            _ = message.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }

        func waitFor(_ text: String, timeout: TimeInterval = 30) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            return condition.withLock {
                while !received.contains(text) {
                    guard condition.wait(until: deadline) else { return false }
                }
                return true
            }
        }
    }

    @Test func ctrlCEndsASessionHeldAtABreakpoint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-debug-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("debug.sock").path
        // No project: the bundled WordsCollection runs.
        let run = try ReboundProcess(["run", "--debug-socket", socket], input: nil)
        #expect(run.waitForOutput(containing: "debugger: a Debug Adapter Protocol client attaches to \(socket)"))
        let connection = try Connection(path: socket)
        connection.send(1, "initialize")
        #expect(connection.waitFor(#""command":"initialize","request_seq":1"#))
        connection.send(2, "launch")
        let controller = try #require(
            run.outputText.components(separatedBy: "watching ").last?.components(separatedBy: ":").first)
        connection.send(
            3, "setBreakpoints",
            #"{"source":{"path":"\#(controller)/CollectionController.lua"},"breakpoints":[{"line":82}]}"#)
        #expect(connection.waitFor(#""verified":true"#))
        // Launching starts the program again, under the debugger: its first layout stops.
        connection.send(4, "configurationDone")
        #expect(connection.waitFor(#""reason":"breakpoint""#))
        run.send(SIGINT)
        let result = run.finish(deadline: .seconds(20))
        #expect(result.status == 0, "\(result.error)")
        #expect(connection.waitFor(#""event":"terminated""#))
    }

    @Test func specsStopAtABreakpointInAModule() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-debug-\(UUID().uuidString)")
        try BundledExamples.copy("WordsCollection", to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let socket = folder.appendingPathComponent("debug.sock").path
        let run = try ReboundProcess(["test", folder.path, "--debug-socket", socket, "--output", "plain"], input: nil)
        var connection: Connection?
        for _ in 0..<200 where connection == nil {
            connection = try? Connection(path: socket)
            if connection == nil { usleep(50_000) }
        }
        let client = try #require(connection, "no debug socket: \(run.outputText)")
        client.send(1, "initialize")
        client.send(2, "attach")
        // The project's own path: the run goes over a copy, and the client sees the project.
        let controller = folder.appendingPathComponent("CollectionController.lua").path
        client.send(
            3, "setBreakpoints",
            #"{"source":{"path":"\#(controller)"},"breakpoints":[{"line":82,"hitCondition":"== 1"}]}"#)
        #expect(client.waitFor(#""verified":true"#))
        client.send(4, "configurationDone")
        #expect(client.waitFor(#""reason":"breakpoint""#))
        client.send(5, "stackTrace", #"{"threadId":1}"#)
        #expect(client.waitFor(#""path":"\#(controller)""#))
        client.send(6, "evaluate", #"{"expression":"indexPath.item","frameId":1}"#)
        #expect(client.waitFor(#""result":"0""#))
        client.send(7, "continue", #"{"threadId":1}"#)
        let result = run.finish(deadline: .seconds(120))
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        #expect(result.output.contains("passed"))
        #expect(client.waitFor(#""event":"terminated""#))
    }

    /// `rebound dap` beside a run that serves no debugger says how to start one.
    @Test func dapWithoutADebuggerSaysToStartOne() throws {
        let project = try TemporaryProject(["main.lua": "return objc.UIViewController\n"])
        let run = try ReboundProcess(["run", project.path])
        #expect(run.waitForOutput(containing: "console: rebound console attaches to"))
        let dap = try ReboundProcess.run("dap", project.path, input: Data())
        #expect(dap.status == 2)
        #expect(
            dap.error.contains(
                "no debugger there: the run on this project serves none; start it with `rebound run --debug`"),
            "\(dap.error)")
        run.send(SIGINT)
        #expect(run.finish(deadline: .seconds(20)).status == 0)
        let alone = try ReboundProcess.run("dap", project.path, input: Data())
        #expect(
            alone.error.contains("no debugger there (start one with `rebound run --debug` or `rebound test --debug`)"))
    }

    @Test func theAddressMustBeALoopbackOne() throws {
        let result = try ReboundProcess.run("run", "--debug-address", "0.0.0.0:4711")
        #expect(result.status != 0)
        #expect(result.error.contains("loopback"))
    }
}
