import Foundation
import LiveHost
import Preview
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The preview serves the user's own browser and stays within its limits: other sites' names,
/// other users, floods of connections and pages that never read are all turned away or kept
/// small, and the page is still served afterwards.
@Suite(.serialized) struct PreviewSecurityTests {
    /// The end of each test: a page is still served.
    static func pageIsServed(_ rig: PreviewRig, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let page = try HTTPProbe(port: rig.server.port)
        try page.send("GET / HTTP/1.1\r\nHost: localhost:\(rig.server.port)\r\n\r\n")
        page.read(until: { $0.contains("</html>") })
        #expect(page.status == 200, sourceLocation: sourceLocation)
    }

    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test(arguments: [
        "attacker.example", "attacker.example:80", "127.0.0.1.nip.io", "[::2]", "localhost.attacker.example",
    ])
    func aHostOfAnotherNameIsRefused(host: String) throws {
        let rig = try PreviewRig()
        let probe = try HTTPProbe(port: rig.server.port)
        try probe.send("GET /state.json HTTP/1.1\r\nHost: \(host)\r\n\r\n")
        probe.read(until: { $0.contains("\r\n\r\n") })
        #expect(probe.status == 403, "\(host): \(probe.text.prefix(80).debugDescription)")
        #expect(!probe.text.contains("\"screens\""), "the state reached a page of \(host)")
        try Self.pageIsServed(rig)
    }

    @Test(arguments: ["localhost", "127.0.0.1", "127.0.0.1:PORT", "localhost:PORT", "[::1]:PORT", "127.1.2.3"])
    func loopbackNamesAreServed(host: String) throws {
        let rig = try PreviewRig()
        let probe = try HTTPProbe(port: rig.server.port)
        try probe.send(
            "GET /state.json HTTP/1.1\r\nHost: \(host.replacingOccurrences(of: "PORT", with: "\(rig.server.port)"))\r\n\r\n"
        )
        probe.read(until: { $0.contains("\"screens\"") })
        #expect(probe.status == 200, "\(host)")
    }

    @Test func anAddressOtherMachinesReachNeedsTheFlag() throws {
        #expect(throws: PreviewError.self) { try PreviewServer(feed: PreviewFeed(), address: "0.0.0.0") }
        do {
            _ = try PreviewServer(feed: PreviewFeed(), address: "0.0.0.0")
        } catch {
            #expect("\(error)".contains("--preview-allow-remote"))
        }
        let server = try PreviewServer(feed: PreviewFeed(), address: "0.0.0.0", allowingOtherMachines: true)
        defer { server.stop() }
        let probe = try HTTPProbe(port: server.port)
        try probe.send("GET / HTTP/1.1\r\nHost: 0.0.0.0:\(server.port)\r\n\r\n")
        probe.read(until: { $0.contains("</html>") })
        #expect(probe.status == 200)
    }

    /// Another user's process on this machine gets nothing, not even the page.
    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aPeerOfAnotherUserIsRefused() throws {
        let rig = try PreviewRig()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            """
            import os, socket, sys
            os.setgid(65534); os.setuid(65534)
            s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=20)
            try:
                s.sendall(b"GET /state.json HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n")
            except OSError:
                pass
            received = b""
            while True:
                try:
                    chunk = s.recv(65536)
                except OSError:
                    break
                if not chunk:
                    break
                received += chunk
            print(repr(received[:200]))
            """, String(rig.server.port),
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        #expect(rig.pump(until: { !process.isRunning }))
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "b''", "another user got: \(text)")
        try Self.pageIsServed(rig)
    }

    /// Pages that never read hold one state each at most, however many are published.
    @Test func streamsThatNeverReadStayBoundedInMemory() throws {
        let rig = try PreviewRig()
        let slow = try (0..<24).map { _ in try HTTPProbe(port: rig.server.port, receiveBuffer: 16 << 10) }
        for probe in slow { try probe.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n") }
        #expect(rig.pump(for: .seconds(30)) { rig.feed.listenerCount == slow.count })
        let picture = String(repeating: "A", count: 512 << 10)
        let before = Self.residentBytes()
        var last = 0
        for index in 0..<200 {
            last = rig.feed.publish(json: "{\"picture\":\"\(picture)\",\"n\":\(index)}").id
            usleep(2_000)
        }
        let grown = Self.residentBytes() - before
        // 200 states of 512 KiB for 24 pages would be 2.4 GB queued; one or two each is ~25 MB.
        #expect(grown < 150 << 20, "resident memory grew by \(grown >> 20) MiB")
        for probe in slow {
            probe.read(until: { $0.contains("\"n\":199}") }, timeout: .seconds(60))
            #expect(probe.events.last?.id == last, "a slow page did not end on the newest state")
            // What the kernel's buffers took while the page did not read (a few MiB), then the newest.
            #expect(probe.events.count < 40, "a slow page was sent \(probe.events.count) of 200 states")
        }
        try Self.pageIsServed(rig)
    }

    /// A flood of connections that send nothing: the server accepts a bounded number, closes
    /// the silent ones after the idle timeout, and serves a page again.
    @Test func aFloodOfConnectionsIsCappedAndTimedOut() throws {
        let limits = PreviewLimits(connections: 16, streams: 8, idleTimeout: .seconds(1))
        let rig = try PreviewRig(limits: limits)
        var flood: [HTTPProbe] = []
        for _ in 0..<200 { flood.append(try HTTPProbe(port: rig.server.port)) }
        var most = 0
        rig.pump(for: .milliseconds(500)) {
            most = max(most, rig.server.openConnections)
            return false
        }
        // NIO accepts a read's batch of connections before the limit pauses accepting: a few over.
        #expect(most <= limits.acceptedConnections + 8, "\(most) connections open at once, of 200")
        // The silent ones are closed as they time out, and the rest are taken in turn.
        #expect(
            rig.pump(for: .seconds(90)) {
                for probe in flood { probe.read(for: .zero) }
                return flood.allSatisfy(\.closedByServer)
            }, "\(flood.filter { !$0.closedByServer }.count) silent connections stayed open")
        flood.removeAll()
        try Self.pageIsServed(rig)
    }

    /// Past the connection limit, a request is refused politely.
    @Test func pastTheLimitARequestGets503() throws {
        let limits = PreviewLimits(connections: 4, streams: 2, idleTimeout: .seconds(60))
        let rig = try PreviewRig(limits: limits)
        let held = try (0..<limits.connections).map { _ in try HTTPProbe(port: rig.server.port) }
        #expect(rig.pump(for: .seconds(20)) { rig.server.openConnections == held.count })
        let extra = try HTTPProbe(port: rig.server.port)
        try extra.send("GET /state.json HTTP/1.1\r\nHost: localhost\r\n\r\n")
        extra.read(until: { $0.contains("\r\n\r\n") })
        #expect(extra.status == 503)
        #expect(extra.text.lowercased().contains("retry-after"))
        _ = held
    }

    /// Program text that holds the page's placeholders (here in a syntax error's source lines,
    /// which the state carries) stays text: the page's state is still JSON, the token is where
    /// the page's script reads it, and the page may not be framed by another site.
    @Test func programTextCannotRewriteThePage() throws {
        let rig = try PreviewRig(takesInput: true)
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        try rig.edit("LabelCell.lua") {
            $0.replacingOccurrences(
                of: "local label = self.label", with: "local label = = 'INPUT_TOKEN INITIAL_STATE INITIAL_EVENT_ID'")
        }
        #expect(rig.nextEvent(after: first.id, on: probe) { screen($0)["problem"] != nil } != nil)
        let page = try HTTPProbe(port: rig.server.port)
        try page.send("GET / HTTP/1.1\r\nHost: localhost:\(rig.server.port)\r\n\r\n")
        page.read(until: { $0.contains("</html>") })
        #expect(page.text.contains("X-Frame-Options: DENY"), "\(page.text.prefix(400))")
        #expect(page.text.contains("Content-Security-Policy: frame-ancestors 'none'"))
        let marker = #"<script type="application/json" id="initial-state">"#
        let start = try #require(page.text.range(of: marker)?.upperBound)
        let end = try #require(page.text[start...].range(of: "</script>")?.lowerBound)
        let state = try #require(
            try JSONSerialization.jsonObject(with: Data(page.text[start..<end].utf8)) as? [String: Any])
        let problem = try #require(screen(state)["problem"] as? [String: Any])
        let lines = (problem["source"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(lines.contains { $0.contains("'INPUT_TOKEN INITIAL_STATE INITIAL_EVENT_ID'") }, "\(lines)")
        #expect(page.text.components(separatedBy: "const inputToken = \"").count == 2)
        try Self.pageIsServed(rig)
    }
}
