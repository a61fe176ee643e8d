import Console
import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The console: chunks evaluated in the running program, in this process and over the socket.
@Suite(.serialized) struct ConsoleTests {
    /// A controller that shows one label, a module whose value a reload changes, and the
    /// sentinel.
    static let files = [
        "main.lua": """
        local Style = require "Style"
        require "Sentinel"
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local label = objc.UILabel:newWithFrame(struct.CGRect(10, 20, 100, 30))
            label.text = "Hello"
            self.view:addSubview(label)
            self.label = label
        end
        function C:viewDidLayoutSubviews()
            layouts = (layouts or 0) + 1
        end
        counter = 0
        return C
        """,
        "Style.lua": "return { size = 12 }\n",
        "Sentinel.lua": "return 0\n",
    ]

    @Test func expressionsStatementsAndIncompleteChunks() throws {
        let project = try LiveProject(Self.files)
        let host = try #require(project.host)
        #expect(host.evaluate("1 + 1").outcome == .values(["2"]))
        #expect(host.evaluate("=2 * 3").outcome == .values(["6"]))
        #expect(host.evaluate("local a = 4; return a, 'four', nil").outcome == .values(["4", "\"four\"", "nil"]))
        #expect(host.evaluate("function twice(x)").outcome == .incomplete)
        #expect(host.evaluate("function twice(x)\n  return 2 * x\nend").outcome == .values([]))
        #expect(host.evaluate("twice(21)").outcome == .values(["42"]))
        guard case .failed(let message, let traceback) = host.evaluate("local t = nil\nreturn t.x").outcome else {
            Issue.record("an error was expected")
            return
        }
        #expect(message == "console:2: attempt to index a nil value (local 't')")
        #expect(traceback?.contains("console:2: in main chunk") == true)
        guard case .failed(let syntax, _) = host.evaluate("return )").outcome else {
            Issue.record("a syntax error was expected")
            return
        }
        #expect(syntax.contains("console:1:") && syntax.contains("unexpected symbol near ')'"))
    }

    @Test func chunksShareTheProgramsGlobalsAndAddNone() throws {
        let project = try LiveProject(Self.files)
        let host = try #require(project.host)
        #expect(host.evaluate("counter = counter + 5").outcome == .values([]))
        #expect(try project.value("counter") == .integer(5), "the console's globals are the program's")
        #expect(try project.value("host") == .nil, "host is the console's own, not a global")
        let label = try #require(try Self.labelDescription(in: project))
        #expect(host.evaluate("host.rootViewController.label").outcome == .values([label]))
        #expect(host.evaluate("#host.window.subviews").outcome == .values(["1"]))
        guard case .failed(let message, _) = host.evaluate("host.window = nil").outcome else {
            Issue.record("host is read-only")
            return
        }
        #expect(message.contains("host.window cannot be set"))
    }

    @Test func valuesAreShownReadably() throws {
        let project = try LiveProject(Self.files)
        let host = try #require(project.host)
        #expect(
            host.evaluate("{1, 2, name = 'x', [10] = true, nested = {a = {b = {c = {}}}}}").outcome
                == .values(["{1, 2, [10] = true, name = \"x\", nested = {a = {b = {...}}}}"]))
        #expect(host.evaluate("'a\\n\"b\"'").outcome == .values(["\"a\\n\\\"b\\\"\""]))
        #expect(
            host.evaluate("struct.CGRect(1, 2, 3, 4), objc.UILabel").outcome
                == .values(["CGRect(1, 2, 3, 4)", "class UILabel"]))
        guard
            case .values(let long) = host.evaluate("local t = {}; for i = 1, 60 do t[i] = i * 1000 end; return t")
                .outcome
        else {
            Issue.record("values were expected")
            return
        }
        #expect(
            host.evaluate(
                "objc.NSArray:arrayWithArray{1, 'two'}, objc.NSMutableDictionary:dictionaryWithDictionary{a = 1}"
            )
            .outcome == .values(["NSArray {1, \"two\"}", "NSMutableDictionary {a = 1}"]))
        #expect(long.first?.hasPrefix("{\n  1000,\n  2000,") == true)
        #expect(long.first?.contains("... (10 more)") == true)
    }

    /// `host.restart()` and `:restart` start the program afresh, as the r key does; the
    /// chunk that asked finishes first.
    @Test func theConsoleRestartsTheProgram() throws {
        let project = try LiveProject(Self.files)
        let host = try #require(project.host)
        _ = try project.run("marker = 1")
        #expect(host.evaluate("host.restart(); return 'asked'").outcome == .values(["\"asked\""]))
        #expect(project.events(.restarted).count == 1)
        #expect(host.evaluate("return marker").outcome == .values(["nil"]), "a fresh context")
        _ = host.evaluate("marker = 2")
        #expect(host.evaluate(" :restart ").outcome == .values(["restarted"]))
        #expect(project.events(.restarted).count == 2)
        #expect(host.evaluate("return marker").outcome == .values(["nil"]))
    }

    @Test func aCycleIsShownOnce() throws {
        let project = try LiveProject(Self.files)
        guard case .values(let shown) = try #require(project.host).evaluate("local t = {}; t.me = t; return t").outcome
        else {
            Issue.record("values were expected")
            return
        }
        #expect(shown.count == 1)
        #expect(shown.first?.hasPrefix("{me = <cycle: table: 0x") == true)
    }

    @Test func printsComeBackWithTheReplyAndAreShownAsUsual() throws {
        let project = try LiveProject(Self.files)
        let reply = try #require(project.host).evaluate("print('one', 1); print('two'); return 3")
        #expect(reply.outcome == .values(["3"]))
        #expect(reply.output == ["one\t1", "two"])
        #expect(project.events(.print).suffix(2).map(\.text) == ["one\t1", "two"])
    }

    @Test func aRunawayChunkIsStoppedByTheBudgetAndTheHostGoesOn() throws {
        let project = try LiveProject(Self.files, options: LiveProject.runawayOptions)
        let host = try #require(project.host)
        guard case .failed(let message, _) = host.evaluate("while true do end").outcome else {
            Issue.record("the budget should stop the chunk")
            return
        }
        #expect(message.contains("time budget"))
        #expect(host.evaluate("1").outcome == .values(["1"]))
        try project.sentinel()
    }

    @Test func aChunkIsATurnOfTheRunLoopWithItsLayoutPass() throws {
        let project = try LiveProject(Self.files)
        let host = try #require(project.host)
        let before = try #require(try project.value("layouts").integerValue)
        #expect(host.evaluate("host.rootViewController.view:setNeedsLayout()").outcome == .values([]))
        #expect(try project.value("layouts") == .integer(before + 1), "the chunk is followed by a layout pass")
        #expect(host.evaluate("return layouts").outcome == .values(["\(before + 1)"]))
        #expect(try project.value("layouts") == .integer(before + 1), "nothing to lay out, no layout")
    }

    // MARK: The socket

    @Test func socketClientsEvaluateBetweenEventsAndReloadsInterleave() throws {
        let project = try LiveProject(Self.files)
        let server = try Self.serveConsole(of: project)
        defer { server.stop() }
        let path = server.path
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the socket is the owner's only")
        let replies = ClientRun(path: path, chunks: ["return Style_size()", "counter = counter + 1; return counter"])
        try project.save(
            "Style.lua", "Style_size = function() return require('Style').size end\nreturn { size = 14 }\n",
            as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        replies.start()
        #expect(project.handle { replies.isDone })
        #expect(replies.results == [.values(["14"]), .values(["1"])])
        #expect(try project.value("counter") == .integer(1))
        try project.sentinel()
    }

    @Test func severalClientsAtOnce() throws {
        let project = try LiveProject(Self.files)
        let server = try Self.serveConsole(of: project)
        defer { server.stop() }
        let path = server.path
        let runs = (1...4).map { client in
            ClientRun(path: path, chunks: (1...5).map { "return \(client) * 100 + \($0)" })
        }
        for run in runs { run.start() }
        #expect(project.handle { runs.allSatisfy(\.isDone) })
        for (index, run) in runs.enumerated() {
            #expect(run.results == (1...5).map { .values(["\((index + 1) * 100 + $0)"]) })
        }
    }

    @Test func garbageAndDisconnectsDropTheClientAndTheHostGoesOn() throws {
        let project = try LiveProject(Self.files)
        let server = try Self.serveConsole(of: project)
        defer { server.stop() }
        let path = server.path
        let garbage = RawClient(path: path, send: "this is not json\n{\"id\":2,\"eval\":\"return 2\"}\n")
        let noEval = RawClient(path: path, send: "{\"id\":3,\"evil\":\"x\"}\n")
        let badID = RawClient(path: path, send: "{\"id\":[1],\"eval\":\"return 1\"}\n")
        let vanishing = RawClient(path: path, send: "{\"id\":4,\"eval\":\"counter = 40\"}\n", closeAtOnce: true)
        let half = RawClient(path: path, send: "{\"id\":5,\"eval\":\"return", closeAtOnce: true)
        let clients = [garbage, noEval, badID, vanishing, half]
        for client in clients { client.start() }
        #expect(project.handle { clients.allSatisfy(\.isDone) })
        #expect(garbage.lines.count == 1, "the client is dropped after the first bad line")
        #expect(garbage.lines.first?.contains("not a request") == true)
        #expect(
            noEval.lines.first?.contains("\"id\":3") == true
                && noEval.lines.first?.contains("no \\\"eval\\\" string") == true)
        #expect(badID.lines.first?.contains("must be a number or a string") == true)
        // The vanished client's chunk ran (its request was whole) and the host went on.
        project.idle()
        #expect(try project.value("counter") == .integer(40))
        let after = ClientRun(path: path, chunks: ["return counter + 2"])
        after.start()
        #expect(project.handle { after.isDone })
        #expect(after.results == [.values(["42"])])
        try project.sentinel()
    }

    @Test func aSocketOthersCanReachIsRefusedByTheClient() throws {
        let project = try LiveProject(Self.files)
        let server = try Self.serveConsole(of: project)
        defer { server.stop() }
        let path = server.path
        chmod(path, 0o666)
        #expect(throws: ConsoleServerError.self) { try ConsoleClient(path: path) }
        do {
            _ = try ConsoleClient(path: path)
        } catch {
            #expect("\(error)".contains("can be reached by other users (mode 666)"))
        }
        chmod(path, 0o600)
        let run = ClientRun(path: path, chunks: ["return 1"])
        run.start()
        #expect(project.handle { run.isDone })
        #expect(run.results == [.values(["1"])])
    }

    /// Another user's process, even one the socket's mode would let in, is refused by the host.
    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aPeerOfAnotherUserIsRefused() throws {
        let project = try LiveProject(Self.files)
        let server = try Self.serveConsole(of: project)
        defer { server.stop() }
        let path = server.path
        chmod(path, 0o666)
        chmod(project.folder.path, 0o755)
        chmod(project.folder.appendingPathComponent(".rebound").path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import os, socket, sys
            os.setgid(65534); os.setuid(65534)
            s = socket.socket(socket.AF_UNIX); s.settimeout(20); s.connect(sys.argv[1])
            try:
                s.sendall(b'{"id":1,"eval":"counter = 99"}\\n')
            except OSError:
                pass  # the host may have closed the connection already
            print(s.recv(4096).decode(), end='')
            """, path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        #expect(project.handle { !process.isRunning })
        process.waitUntilExit()
        // A line or two: the pipe holds it until the process has ended.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("refused: the console belongs to another user"), "\(text)")
        #expect(try project.value("counter") == .integer(0), "the other user's chunk never ran")
        try project.sentinel()
    }

    @Test func aStaleSocketIsReplacedALiveOneIsLeftAlone() throws {
        let project = try LiveProject(Self.files)
        let path = project.folder.appendingPathComponent(".rebound/console.sock").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // What a killed host leaves: a socket file nobody accepts on.
        let leftover = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(leftover) }
        #expect(withUnixAddress(path) { bind(leftover, $0, $1) } == 0)
        let server = try Self.serveConsole(of: project)
        #expect(server.path == path, "the stale socket was replaced")

        var options = LiveProject.options
        options.watch = false
        let other = try LiveHost(program: try Program(project: try Project(at: project.folder.path)), options: options)
        { _, _ in }
        try other.start()
        #expect {
            try Self.serveConsole(of: project, host: other)
        } throws: { error in
            "\(error)".contains("another rebound run serves this project's console")
        }
        other.stop()
        #expect(FileManager.default.fileExists(atPath: path), "the first host's socket is untouched")
        let run = ClientRun(path: path, chunks: ["return 7"])
        run.start()
        #expect(project.handle { run.isDone })
        #expect(run.results == [.values(["7"])])
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: path), "a stopped server removes its socket")
    }

    // MARK: Helpers

    /// Serves the console of `host` (the project's, by default) in the project's run folder,
    /// as `rebound run` does.
    static func serveConsole(of project: LiveProject, host: LiveHost? = nil) throws -> ConsoleServer {
        try ConsoleServer.serve(
            at: project.folder.appendingPathComponent(".rebound/console.sock").path, for: host ?? project.host)
    }

    /// How the console shows the controller's label: its class, the address `tostring` gives,
    /// its frame and its text.
    static func labelDescription(in project: LiveProject) throws -> String? {
        let described = try project.value(
            "tostring(objc.UIApplication.sharedApplication.keyWindow.rootViewController.label)")
        guard let address = described.stringValue?.split(separator: " ").last else { return nil }
        return "<UILabel \(address) frame=(10, 20, 100, 30) text=\"Hello\">"
    }
}

/// A console client on a thread of its own, sending its chunks one after another.
final class ClientRun: @unchecked Sendable {
    let path: String
    let chunks: [String]
    private let lock = NSLock()
    private var done = false
    private var collected: [ConsoleEvaluator.Outcome] = []

    init(path: String, chunks: [String]) {
        self.path = path
        self.chunks = chunks
    }

    func start() {
        Thread.detachNewThread { [self] in
            var outcomes: [ConsoleEvaluator.Outcome] = []
            do {
                let client = try ConsoleClient(path: path)
                for chunk in chunks { outcomes.append(try client.evaluate(chunk).outcome) }
            } catch {
                outcomes.append(.failed(message: "\(error)", traceback: nil))
            }
            lock.withLock {
                collected = outcomes
                done = true
            }
        }
    }

    var isDone: Bool { lock.withLock { done } }
    var results: [ConsoleEvaluator.Outcome] { lock.withLock { collected } }
}

/// A client that sends raw bytes and reads what comes back until the host closes.
final class RawClient: @unchecked Sendable {
    let path: String
    let bytes: String
    let closeAtOnce: Bool
    private let lock = NSLock()
    private var done = false
    private var received = Data()

    init(path: String, send bytes: String, closeAtOnce: Bool = false) {
        self.path = path
        self.bytes = bytes
        self.closeAtOnce = closeAtOnce
    }

    func start() {
        Thread.detachNewThread { [self] in
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            if withUnixAddress(path, { connect(fd, $0, $1) }) == 0 {
                _ = Array(bytes.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if !closeAtOnce {
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    var timeout = timeval(tv_sec: 20, tv_usec: 0)
                    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                    while true {
                        let count = recv(fd, &buffer, buffer.count, 0)
                        guard count > 0 else { break }
                        lock.withLock { received.append(contentsOf: buffer[..<count]) }
                    }
                }
            }
            lock.withLock { done = true }
        }
    }

    var isDone: Bool { lock.withLock { done } }
    var lines: [String] {
        lock.withLock { String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init) }
    }
}

/// Calls `body` with the address of the Unix socket at `path` (bind, connect).
func withUnixAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}
