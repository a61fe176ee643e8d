import Debugger
import Foundation
import LiveHost
import LiveTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The debugger answers only the user's own tools: strangers' streams, requests out of order,
/// a missing or wrong token, peers of another user and clients that stop reading are all
/// turned away, and the host goes on.
@Suite(.serialized) struct DebuggerSecurityTests {
    /// A module that makes a global when a stranger's code runs, and the sentinel.
    static let files = [
        "main.lua": """
        require "Sentinel"
        local C = objc.UIViewController:createSubclass("C")
        return C
        """,
        "Sentinel.lua": "return 0\n",
    ]

    static func port(_ project: LiveProject) throws -> UInt16 {
        guard case .tcp(_, let port)? = project.debugSession?.address else {
            throw DAPClient.Timeout(description: "no debug port")
        }
        return port
    }

    /// What a web page's `fetch(..., {method: "POST", mode: "no-cors", body})` sends: a simple
    /// cross-origin request, which needs no preflight.
    static func webPageRequest(port: UInt16, body: String) -> String {
        "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: https://attacker.example\r\n"
            + "Content-Type: text/plain;charset=UTF-8\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    static func evaluateRequest(_ expression: String, seq: Int = 1) -> String {
        let body = try? JSONSerialization.data(withJSONObject: [
            "seq": seq, "type": "request", "command": "evaluate", "arguments": ["expression": expression],
        ])
        return String(decoding: body ?? Data(), as: UTF8.self)
    }

    /// Runs the client's steps on a thread of their own while the host handles events; then
    /// checks that a proper client still gets an answer.
    static func drive(
        _ project: LiveProject, sourceLocation: SourceLocation = #_sourceLocation,
        _ steps: @escaping @Sendable () throws -> Void
    ) {
        let done = Atomic<Bool>(false)
        let failure = Mutex<String?>(nil)
        Thread.detachNewThread {
            do { try steps() } catch { failure.withLock { $0 = "\(error)" } }
            done.store(true, ordering: .sequentiallyConsistent)
        }
        let finished = project.handle(until: { done.load(ordering: .sequentiallyConsistent) }, timeout: .seconds(120))
        #expect(finished, "the client's steps did not finish", sourceLocation: sourceLocation)
        #expect(failure.withLock { $0 } == nil, sourceLocation: sourceLocation)
    }

    /// The end of each test: a client that follows the rules is served.
    static func properClientIsServed(_ project: LiveProject, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let port = try port(project)
        let token = project.debugSession?.token
        let answer = Mutex<String?>(nil)
        drive(project, sourceLocation: sourceLocation) {
            let client = try DAPClient(port: port, token: token)
            try client.handshake()
            let result = try client.body("evaluate", ["expression": "6 * 7", "context": "repl"])["result"] as? String
            answer.withLock { $0 = result }
            _ = try client.body("disconnect")
        }
        #expect(answer.withLock { $0 } == "42", sourceLocation: sourceLocation)
        try project.sentinel(sourceLocation: sourceLocation)
    }

    @Test func aWebPagesRequestIsClosedBeforeAnyMessageIsRead() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let port = try Self.port(project)
        let marker = project.folder.appendingPathComponent("ran").path
        let responses = Mutex<[[String: Any]]>([])
        Self.drive(project) {
            let page = try DAPClient(port: port)
            page.sendRaw(
                Self.webPageRequest(
                    port: port, body: Self.evaluateRequest("pwned = true; io.open('\(marker)', 'w'):close()")))
            guard page.waitUntilClosed() else { throw DAPClient.Timeout(description: "the connection stayed open") }
            responses.withLock { $0 = page.all { _ in true } }
        }
        #expect(responses.withLock { $0.isEmpty }, "the stranger was answered")
        #expect(!FileManager.default.fileExists(atPath: marker), "the page's code ran")
        #expect(try project.value("pwned") == .nil)
        try Self.properClientIsServed(project)
    }

    @Test func nothingRunsBeforeInitializeAndAttach() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let port = try Self.port(project)
        let token = try #require(project.debugSession?.token)
        let refusals = Mutex<[String]>([])
        Self.drive(project) {
            func refusal(_ response: [String: Any]) -> String {
                response["success"] as? Bool == false ? response["message"] as? String ?? "?" : "it ran"
            }
            let client = try DAPClient(port: port)
            let early = try client.request("evaluate", ["expression": "pwned = 1"])
            let threads = try client.request("threads")
            _ = try client.body("initialize", ["adapterID": "test"])
            let beforeAttach = try client.request("evaluate", ["expression": "pwned = 2"])
            let noToken = try client.request("attach")
            let closed = client.waitUntilClosed()
            let wrong = try DAPClient(port: port)
            _ = try wrong.body("initialize", ["adapterID": "test"])
            let wrongToken = try wrong.request("attach", ["token": String(token.reversed())])
            let wrongClosed = wrong.waitUntilClosed()
            refusals.withLock {
                $0 = [
                    refusal(early), refusal(threads), refusal(beforeAttach), refusal(noToken), refusal(wrongToken),
                    closed ? "closed" : "open", wrongClosed ? "closed" : "open",
                ]
            }
        }
        let seen = refusals.withLock { $0 }
        #expect(seen.count == 7)
        #expect(seen.first?.contains("first request must be initialize") == true, "\(seen)")
        #expect(seen.dropFirst().first?.contains("first request must be initialize") == true, "\(seen)")
        #expect(seen.dropFirst(2).first?.contains("attach or launch first") == true, "\(seen)")
        #expect(seen.dropFirst(3).first?.contains("needs the run's token") == true, "\(seen)")
        #expect(seen.dropFirst(4).first?.contains("not this run's") == true, "\(seen)")
        #expect(Array(seen.suffix(2)) == ["closed", "closed"])
        #expect(try project.value("pwned") == .nil)
        try Self.properClientIsServed(project)
    }

    /// A web page's `<link rel="preconnect">` to the port: connections that send nothing. They
    /// do not take the client slot, a flood of them is closed past a few, each is closed after
    /// the admission's deadline, and the user's editor attaches meanwhile.
    @Test func silentConnectionsDoNotTakeTheSlot() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let port = try Self.port(project)
        let outcome = Mutex<(floodClosed: Bool, silentOpenMeanwhile: Bool, silentClosed: Bool)?>(nil)
        Self.drive(project) {
            let silent = try DAPClient(port: port)
            let flood = try (0..<20).map { _ in try DAPClient(port: port) }
            // The first eight wait (the silent one and seven of the flood); the rest are closed at
            // once, while the silent one, well within its deadline, is still open.
            let floodClosed = flood.dropFirst(7).allSatisfy { $0.waitUntilClosed(timeout: 60) }
            let silentOpenMeanwhile = !silent.isClosed
            for connection in flood { connection.drop() }
            // The deadline for admission closes the silent connection.
            let silentClosed = silent.waitUntilClosed(timeout: 60)
            outcome.withLock { $0 = (floodClosed, silentOpenMeanwhile, silentClosed) }
        }
        let seen = try #require(outcome.withLock { $0 })
        #expect(seen.floodClosed, "connections past the waiting room were kept")
        #expect(seen.silentOpenMeanwhile, "the waiting one was closed with the flood")
        #expect(seen.silentClosed, "a silent connection was kept past the admission's deadline")
        // Silent connections held open while the editor attaches: it is served.
        let held = try (0..<3).map { _ in try DAPClient(port: port) }
        defer { for connection in held { connection.drop() } }
        try Self.properClientIsServed(project)
    }

    @Test func theTokenIsWrittenForTheOwnerOnly() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let file = project.folder.appendingPathComponent(".rebound/debug-token").path
        var info = stat()
        #expect(
            lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == (project.debugSession?.token ?? "") + "\n")
        #expect(written.count == 33)
        project.host.stop()
        #expect(!FileManager.default.fileExists(atPath: file), "the token outlived the run")
    }

    /// Another user's process is refused on the TCP port, even with the right token.
    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aPeerOfAnotherUserIsRefusedOnTCP() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let port = try Self.port(project)
        let token = try #require(project.debugSession?.token)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import json, os, socket, sys
            os.setgid(65534); os.setuid(65534)
            def frame(seq, command, arguments):
                body = json.dumps({"seq": seq, "type": "request", "command": command, "arguments": arguments}).encode()
                return b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
            try:
                s.sendall(frame(1, "initialize", {"token": sys.argv[2]}) + frame(2, "attach", {"token": sys.argv[2]})
                          + frame(3, "evaluate", {"expression": "pwned = true"}))
            except OSError:
                pass
            received = b""
            while True:
                try:
                    chunk = s.recv(4096)
                except OSError:
                    break
                if not chunk:
                    break
                received += chunk
            print(received.decode(errors="replace"))
            """, String(port), token,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        #expect(project.handle(until: { !process.isRunning }, timeout: .seconds(60)))
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("refused: the program belongs to another user"), "\(text)")
        #expect(try project.value("pwned") == .nil)
        #expect(project.events(.warning).contains { $0.text?.contains("another user") == true })
        try Self.properClientIsServed(project)
    }

    /// A client that stops reading is dropped once it falls behind; meanwhile the host's
    /// thread never waits for it, so the console answers.
    @Test func aClientThatStopsReadingCannotStallTheHost() throws {
        let project = try LiveProject(Self.files, beforeStart: LiveProject.serveDebugger)
        let port = try Self.port(project)
        let stuck = try DAPClient(port: port, token: project.debugSession?.token, receiveBuffer: 64 << 10)
        Self.drive(project) {
            try stuck.handshake()
            stuck.pauseReading()
        }
        // Output events for every print: far more than the client's socket and its queue hold.
        let flood = ConsoleRequest(code: "for i = 1, 2000 do print(('x'):rep(20000)) end")
        let alive = ConsoleRequest(code: "return 'alive'")
        project.host.mailbox.post(.evaluate(flood))
        project.host.mailbox.post(.evaluate(alive))
        let answered = Atomic<Bool>(false)
        let watchdogFired = Atomic<Bool>(false)
        Thread.detachNewThread {
            _ = alive.wait()
            answered.store(true, ordering: .sequentiallyConsistent)
        }
        // Without the fix the host's thread blocks in send(); the watchdog then frees it, so
        // that the test fails instead of hanging.
        Thread.detachNewThread {
            let deadline = Date(timeIntervalSinceNow: 120)
            while !answered.load(ordering: .sequentiallyConsistent) && Date() < deadline { usleep(20_000) }
            if !answered.load(ordering: .sequentiallyConsistent) {
                watchdogFired.store(true, ordering: .sequentiallyConsistent)
                stuck.drop()
            }
        }
        let handled = project.handle(
            until: { answered.load(ordering: .sequentiallyConsistent) }, timeout: .seconds(180))
        #expect(handled)
        let freedByWatchdog = watchdogFired.load(ordering: .sequentiallyConsistent)
        #expect(!freedByWatchdog, "the host waited for a client that does not read")
        #expect(alive.wait().outcome == .values(["\"alive\""]))
        #expect(flood.wait().outcome == .values([]), "the flood did not run to its end")
        #expect(
            project.handle(
                until: { project.events(.warning).contains { $0.text?.contains("behind") == true } },
                timeout: .seconds(60)))
        #expect(project.events(.warning).filter { $0.text?.contains("behind") == true }.count == 1, "said once")
        try Self.properClientIsServed(project)
    }
}
