import Foundation
import LiveHost
import Preview
import Testing

/// The WordsCollection example in a temporary folder, run by a live host on the test's thread
/// with a preview server; the test pumps the host while it reads the server.
final class PreviewRig {
    let folder: URL
    let host: LiveHost
    let feed = PreviewFeed()
    let server: PreviewServer
    private let publisher: PreviewPublisher
    private final class Log { var reloads = 0 }
    private let log = Log()

    /// With `takesInput`, the page's input channel hands what it takes to the host.
    init(
        heartbeat: Duration = .seconds(10), limits: PreviewLimits = .forThisProcess(), takesInput: Bool = false,
        example: String = "WordsCollection"
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-preview-\(UUID().uuidString)")
        try BundledExamples.copy(example, to: folder)
        let program = try Program(project: try Project(at: folder.path))
        let box = PublisherBox()
        let log = self.log
        var options = LiveHost.Options()
        options.followsRealTime = takesInput  // as `rebound run` does: a tap's time is the hand's
        host = try LiveHost(program: program, options: options) { event, device in
            if event.kind == .reloaded { log.reloads += 1 }
            box.publisher?.note(event, device: device)
        }
        let mailbox = host.mailbox
        let post: @Sendable (PageInput) -> Void = { mailbox.post(.input($0)) }
        let deliver = takesInput ? post : nil
        server = try PreviewServer(feed: feed, heartbeat: heartbeat, limits: limits, input: deliver)
        publisher = PreviewPublisher(feed: feed, program: program, profiles: [host.profile])
        box.publisher = publisher
        try host.start()
        update()
        publisher.waitUntilPainted()
    }

    private final class PublisherBox { var publisher: PreviewPublisher? }

    deinit {
        server.stop()
        host.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    var reloads: Int { log.reloads }

    func update() { publisher.update(host.runningWorlds, knobs: host.knobs) }

    /// Lets the host handle saves and publish for `duration`, or until `condition` holds.
    @discardableResult
    func pump(for duration: Duration = .seconds(20), until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now + duration
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            host.handleEvents(until: .now + .milliseconds(10))
            update()
        }
        return true
    }

    /// Saves `file` with `change` applied to its text.
    func edit(_ file: String, _ change: (String) -> String) throws {
        let url = folder.appendingPathComponent(file)
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    /// Opens the event stream and reads its first event.
    func subscribe() throws -> HTTPProbe {
        let probe = try HTTPProbe(port: server.port)
        try probe.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        probe.read(until: { _ in !probe.events.isEmpty })
        return probe
    }

    /// Pumps the host until the stream carries an event after `id` that satisfies `condition`.
    func nextEvent(after id: Int, on probe: HTTPProbe, where condition: ([String: Any]) -> Bool = { _ in true })
        -> (id: Int, state: [String: Any])?
    {
        var found: (id: Int, state: [String: Any])?
        pump {
            probe.read(for: .milliseconds(5))
            found = probe.events.first { $0.id > id && condition($0.state) }
            return found != nil
        }
        return found
    }
}

func screen(_ state: [String: Any]) -> [String: Any] {
    (state["screens"] as? [[String: Any]])?.first ?? [:]
}

@Suite struct PreviewServerTests {
    @Test func aSaveReachesTheStreamAsANewPictureAndABrokenOneAsAnOverlay() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        #expect(probe.text.hasPrefix("HTTP/1.1 200"))
        #expect(probe.text.contains("Content-Type: text/event-stream"))
        let firstPicture = try #require(screen(first.state)["picture"] as? String)
        #expect(firstPicture.hasPrefix("data:image/png;base64,iVBORw0KGgo"))  // a PNG's signature
        #expect(screen(first.state)["width"] as? Double == 375)

        try rig.edit("LabelCell.lua") { $0.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = 3") }
        let redrawn = try #require(rig.nextEvent(after: first.id, on: probe) { screen($0)["frame"] as? Int == 2 })
        #expect(screen(redrawn.state)["picture"] as? String != firstPicture)
        let lastReload = try #require(redrawn.state["lastReload"] as? [String: Any])
        #expect(lastReload["file"] as? String == "LabelCell.lua")
        #expect((lastReload["saveToPictureMilliseconds"] as? Double ?? -1) > 0)
        let files = redrawn.state["files"] as? [[String: Any]] ?? []
        #expect(files.contains { $0["file"] as? String == "LabelCell.lua" && $0["reloaded"] is String })

        try rig.edit("LabelCell.lua") {
            $0.replacingOccurrences(of: "local label = self.label", with: "local label = = self.label")
        }
        let broken = try #require(rig.nextEvent(after: redrawn.id, on: probe) { screen($0)["problem"] != nil })
        let problem = try #require(screen(broken.state)["problem"] as? [String: Any])
        #expect(problem["kind"] as? String == "syntax-error")
        #expect(problem["file"] as? String == "LabelCell.lua")
        let line = try #require(problem["line"] as? Int)
        let source = problem["source"] as? [[String: Any]] ?? []
        #expect(
            source.contains {
                $0["number"] as? Int == line && ($0["text"] as? String)?.contains("= = self.label") == true
            })
        #expect(source.count == 7)
        #expect((problem["message"] as? String)?.contains("unexpected symbol") == true)
        #expect(screen(broken.state)["frame"] as? Int == 2)  // the last good picture stays

        try rig.edit("LabelCell.lua") { $0.replacingOccurrences(of: "= = self.label", with: "= self.label") }
        let fixed = try #require(rig.nextEvent(after: broken.id, on: probe) { screen($0)["problem"] == nil })
        #expect(screen(fixed.state)["frame"] as? Int == 2)  // the same screen as before the broken save
    }

    /// An error in a data-source method, hit by the layout pass that ends a reload, shows as
    /// the overlay with its file's red mark: the reload after it does not clear it; the next
    /// good save does.
    /// A warning the host gives (here a likely misspelled property) is listed on the page,
    /// once however often it is met.
    @Test func aWarningReachesThePage() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        #expect((first.state["warnings"] as? [Any])?.isEmpty == true)
        try rig.edit("LabelCell.lua") {
            $0.replacingOccurrences(
                of: "label.shadowColor = UIColor.darkGrayColor", with: "label.shadowColour = UIColor.darkGrayColor")
        }
        let warned = try #require(
            rig.nextEvent(after: first.id, on: probe) { ($0["warnings"] as? [Any])?.isEmpty == false })
        let warnings = warned.state["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            (warnings.first?["message"] as? String)?.contains("did you mean 'shadowColor'?") == true, "\(warnings)")
    }

    @Test func anErrorInTheReloadsLayoutPassReachesThePage() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        try rig.edit("CollectionController.lua") {
            $0.replacingOccurrences(of: "    cell:setAppearance(", with: "    cell:showItm(1)\n    cell:setAppearance(")
        }
        let broken = try #require(rig.nextEvent(after: first.id, on: probe) { screen($0)["problem"] != nil })
        let problem = try #require(screen(broken.state)["problem"] as? [String: Any])
        #expect(problem["kind"] as? String == "runtime-error")
        #expect(problem["file"] as? String == "CollectionController.lua")
        #expect((problem["message"] as? String)?.contains("LabelCell has no method 'showItm'") == true)
        let line = try #require(problem["line"] as? Int)
        let source = problem["source"] as? [[String: Any]] ?? []
        #expect(
            source.contains { $0["number"] as? Int == line && ($0["text"] as? String)?.contains("showItm") == true })
        let files = broken.state["files"] as? [[String: Any]] ?? []
        #expect(files.contains { $0["file"] as? String == "CollectionController.lua" && $0["failed"] as? Bool == true })

        // The fixing save clears the file's mark and the overlay (which a pass that shows no new
        // cell may have cleared already: the next good pass clears a runtime error).
        try rig.edit("CollectionController.lua") { $0.replacingOccurrences(of: "    cell:showItm(1)\n", with: "") }
        let fixed = try #require(
            rig.nextEvent(after: broken.id, on: probe) { state in
                (state["files"] as? [[String: Any]] ?? []).contains {
                    $0["file"] as? String == "CollectionController.lua" && $0["failed"] as? Bool == false
                }
            })
        #expect(screen(fixed.state)["problem"] == nil)
    }

    /// A runtime error that is not a reload's (here a view's layout failing after a console
    /// chunk) stays on the page until a pass runs without it.
    /// A view whose layout fails while the global `failing` is true (it is, at first).
    static func addFailingProbe(_ rig: PreviewRig) {
        _ = rig.host.evaluate(
            """
            local Probe = objc.UIView:createSubclass("Probe")
            function Probe:layoutSubviews() if failing then error("the probe failed") end end
            probe = Probe:newWithFrame(struct.CGRect(0, 0, 10, 10))
            objc.UIApplication.sharedApplication.keyWindow:addSubview(probe)
            failing = true
            """)
    }

    @Test func theNextGoodPassClearsARuntimeError() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        Self.addFailingProbe(rig)
        let broken = try #require(rig.nextEvent(after: first.id, on: probe) { screen($0)["problem"] != nil })
        let problem = try #require(screen(broken.state)["problem"] as? [String: Any])
        #expect(problem["kind"] as? String == "runtime-error")
        #expect((problem["message"] as? String)?.contains("the probe failed") == true)

        _ = rig.host.evaluate("failing = false probe:setNeedsLayout()")
        #expect(rig.nextEvent(after: broken.id, on: probe) { screen($0)["problem"] == nil } != nil)
    }

    /// A good pass does not clear a syntax error that came after a runtime error: the file is
    /// still broken. (The picture's change after the pass is the sentinel it waits for.)
    @Test func aGoodPassLeavesASyntaxErrorShown() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        Self.addFailingProbe(rig)
        let failed = try #require(rig.nextEvent(after: first.id, on: probe) { screen($0)["problem"] != nil })
        try rig.edit("LabelCell.lua") { $0 + "\nthis is not Lua\n" }
        let broken = try #require(
            rig.nextEvent(after: failed.id, on: probe) {
                (screen($0)["problem"] as? [String: Any])?["kind"] as? String == "syntax-error"
            })
        let frame = screen(broken.state)["frame"] as? Int ?? 0
        _ = rig.host.evaluate(
            "failing = false probe:setNeedsLayout() probe.backgroundColor = objc.UIColor.redColor")
        let repainted = try #require(
            rig.nextEvent(after: broken.id, on: probe) { (screen($0)["frame"] as? Int ?? 0) > frame })
        #expect((screen(repainted.state)["problem"] as? [String: Any])?["kind"] as? String == "syntax-error")
    }

    @Test func aReconnectingPageGetsTheLatestStateAtOnce() throws {
        let rig = try PreviewRig()
        let probe = try rig.subscribe()
        let first = try #require(probe.events.first)
        try rig.edit("LabelCell.lua") { $0.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = 2") }
        let later = try #require(rig.nextEvent(after: first.id, on: probe) { screen($0)["frame"] as? Int == 2 })
        let again = try HTTPProbe(port: rig.server.port)
        try again.send("GET /events HTTP/1.1\r\nHost: localhost\r\nLast-Event-ID: \(first.id)\r\n\r\n")
        again.read(until: { _ in !again.events.isEmpty })
        #expect(again.events.first?.id == later.id)
        #expect(screen(again.events.first?.state ?? [:])["frame"] as? Int == 2)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n", 405),
        ("DELETE /events HTTP/1.1\r\nHost: localhost\r\n\r\n", 405),
        ("GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello", 413),
        ("GET /events HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 413),
        ("GET /secrets HTTP/1.1\r\nHost: localhost\r\n\r\n", 404),
        ("GET /../../etc/passwd HTTP/1.1\r\nHost: localhost\r\n\r\n", 404),
        ("GARBAGE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost x no colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: -3\r\n\r\n", 400),
    ])
    func requestsTheServerDoesNotTakeGetA4xx(request: String, status: Int) throws {
        let rig = try PreviewRig()
        let probe = try HTTPProbe(port: rig.server.port)
        try probe.send(request)
        probe.read(until: { $0.contains("\r\n\r\n") })
        #expect(probe.status == status, "\(request.debugDescription) -> \(probe.text.prefix(80).debugDescription)")
        // The server still serves the page.
        let page = try HTTPProbe(port: rig.server.port)
        try page.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        page.read(until: { $0.contains("</html>") })
        #expect(page.status == 200)
        #expect(page.text.contains("new EventSource(\"/events\")"))
    }

    @Test func twoHundredClientsComeAndGoAndTheHostGoesOnReloading() throws {
        let rig = try PreviewRig(heartbeat: .milliseconds(100))
        for round in 0..<4 {
            var probes: [HTTPProbe] = []
            for index in 0..<50 {
                let probe = try HTTPProbe(port: rig.server.port)
                // Some leave mid-request, some mid-stream.
                try probe.send(index % 2 == 0 ? "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n" : "GET /eve")
                probes.append(probe)
            }
            for probe in probes.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
                probe.read(until: { _ in !probe.events.isEmpty })
                #expect(!probe.events.isEmpty, "round \(round)")
            }
            probes.removeAll()
        }
        #expect(rig.pump(for: .seconds(20)) { rig.feed.listenerCount == 0 })
        let watcher = try rig.subscribe()
        let first = try #require(watcher.events.first)
        try rig.edit("LabelCell.lua") { $0.replacingOccurrences(of: "borderWidth = 8", with: "borderWidth = 5") }
        #expect(rig.nextEvent(after: first.id, on: watcher) { screen($0)["frame"] as? Int == 2 } != nil)
        #expect(rig.reloads == 1)
    }
}
