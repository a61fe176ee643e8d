import Foundation
import LiveHost
import LuaRuntime
import Testing

@testable import Preview

/// The page's input channel: with the token the page was given and the page's own origin, a
/// person's touches and wheel reach the program; a forged origin, a missing or wrong token, a
/// rebinding `Host`, a body too large, garbage and a flood are refused, and the host goes on.
@Suite(.serialized) struct PreviewInputTests {
    /// The token in the page, as the page's script reads it.
    static func token(_ rig: PreviewRig) throws -> String {
        let page = try HTTPProbe(port: rig.server.port)
        try page.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(rig.server.port)\r\n\r\n")
        page.read(until: { $0.contains("</html>") })
        let marker = "const inputToken = \""
        guard let start = page.text.range(of: marker)?.upperBound,
            let end = page.text[start...].firstIndex(of: "\"")
        else { throw ProbeError("no token in the page") }
        return String(page.text[start..<end])
    }

    /// Posts `body` to /input; returns the status.
    static func post(
        _ rig: PreviewRig, _ body: String, token: String?, origin: String? = "OWN", host: String? = nil
    ) throws -> Int {
        let port = rig.server.port
        var request = "POST /input HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
        if let origin { request += "Origin: \(origin == "OWN" ? "http://127.0.0.1:\(port)" : origin)\r\n" }
        if let token { request += "X-Rebound-Token: \(token)\r\n" }
        request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let probe = try HTTPProbe(port: port)
        try probe.send(request)
        probe.read(until: { $0.contains("\r\n\r\n") })
        return probe.status
    }

    /// How far the collection view scrolled from where it rests (below the status bar).
    static let offset = """
        (function()
            local view = objc.UIApplication.sharedApplication.keyWindow.rootViewController.collectionView
            return view.contentOffset.y + view.adjustedContentInset.top
        end)()
        """

    func scrolled(_ rig: PreviewRig, to y: Double) -> Bool {
        rig.pump {
            (try? rig.host.world?.bridge.state.run("return " + Self.offset).first?.numberValue) == y
        }
    }

    /// The page's message, read as typed wire fields: a zero is a number, not false; screen
    /// actions in a row are one input and a knob is a command in its place; a field of the
    /// wrong type is refused by its name.
    @Test func aMessageIsReadIntoScreenInputAndCommandsInOrder() throws {
        let message = #"""
            {"device": "phone", "actions": [
                {"type": "down", "finger": 1, "x": 0, "y": 0}, {"type": "up", "finger": 1, "x": 0, "y": 0},
                {"type": "param", "name": "spacing", "value": "12"}, {"type": "record", "on": true},
                {"type": "wheel", "x": 10, "y": 20, "dx": 0, "dy": -5}, {"type": "appearance", "value": "dark"},
                {"type": "contentSize", "value": "AX2"}]}
            """#
        #expect(
            try PreviewInput.decode(Data(message.utf8)) == [
                .screen(
                    ScreenInput(device: "phone", actions: [.down(finger: 1, x: 0, y: 0), .up(finger: 1, x: 0, y: 0)])),
                .command(.setKnob(name: "spacing", value: "12")), .command(.record(true)),
                .screen(
                    ScreenInput(
                        device: "phone",
                        actions: [
                            .wheel(x: 10, y: 20, dx: 0, dy: -5), .appearance(.dark),
                            .contentSize(.accessibilityLarge),
                        ])),
            ])
        #expect {
            try PreviewInput.decode(Data(#"{"actions": [{"type": "appearance", "value": "dim"}]}"#.utf8))
        } throws: { error in
            "\(error)".contains("an appearance's value is 'light' or 'dark'")
        }
        #expect {
            try PreviewInput.decode(Data(#"{"actions": [{"type": "contentSize", "value": "huge"}]}"#.utf8))
        } throws: { error in
            "\(error)".contains("a content size's value is one of xSmall, small")
        }
        #expect {
            try PreviewInput.decode(Data(#"{"actions": [{"type": "down", "finger": 1, "x": "10", "y": 0}]}"#.utf8))
        } throws: { error in
            "\(error)".contains("'x' must be a number")
        }
    }

    @Test func theWheelAndATapReachTheProgram() throws {
        let rig = try PreviewRig(takesInput: true)
        let token = try Self.token(rig)
        let wheel = #"{"device": "phone", "actions": [{"type": "wheel", "x": 100, "y": 300, "dx": 0, "dy": 400}]}"#
        #expect(try Self.post(rig, wheel, token: token) == 204)
        #expect(scrolled(rig, to: 400), "the wheel scrolled the collection view")
        let tap =
            #"{"actions": [{"type": "down", "finger": 1, "x": 60, "y": 160}, {"type": "up", "finger": 1, "x": 60, "y": 160}]}"#
        #expect(try Self.post(rig, tap, token: token) == 204)
        #expect(
            rig.pump {
                (try? rig.host.world?.bridge.state.run(
                    "return #objc.UIApplication.sharedApplication.keyWindow.rootViewController.collectionView.indexPathsForSelectedItems"
                ).first?.numberValue) == 1
            }, "the tapped cell is selected")
    }

    /// The page's record button: on, a tap, off; the spec is in the project's spec folder.
    @Test func theRecordButtonWritesASpec() throws {
        let rig = try PreviewRig(takesInput: true)
        let token = try Self.token(rig)
        #expect(try Self.post(rig, #"{"actions": [{"type": "record", "on": true}]}"#, token: token) == 204)
        #expect(rig.pump { rig.host.recorder != nil })
        let tap =
            #"{"actions": [{"type": "down", "finger": 1, "x": 60, "y": 160}, "#
            + #"{"type": "up", "finger": 1, "x": 60, "y": 160}]}"#
        #expect(try Self.post(rig, tap, token: token) == 204)
        #expect(try Self.post(rig, #"{"actions": [{"type": "record", "on": false}]}"#, token: token) == 204)
        #expect(rig.pump { rig.host.recorder == nil })
        let folder = rig.folder.appendingPathComponent("spec")
        let recorded = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("recorded-") })
        let spec = try String(contentsOf: folder.appendingPathComponent(recorded), encoding: .utf8)
        #expect(spec.contains("tap(host.find { text = "), "\(spec)")
        #expect(recorded.hasSuffix("_spec.lua"))
    }

    @Test func whatAStrangerSendsIsRefusedAndTheHostGoesOn() throws {
        let rig = try PreviewRig(takesInput: true)
        let token = try Self.token(rig)
        let wheel = #"{"actions": [{"type": "wheel", "x": 100, "y": 300, "dx": 0, "dy": 200}]}"#
        #expect(try Self.post(rig, wheel, token: token, origin: "http://attacker.example") == 403, "a forged origin")
        #expect(try Self.post(rig, wheel, token: token, origin: nil) == 403, "no origin")
        #expect(try Self.post(rig, wheel, token: nil) == 403, "no token")
        #expect(try Self.post(rig, wheel, token: String(repeating: "0", count: token.count)) == 403, "a wrong token")
        #expect(try Self.post(rig, wheel, token: token, host: "attacker.example") == 403, "a rebinding Host")
        let typedTooMuch = #"{"actions": [{"type": "text", "text": ""# + String(repeating: "a", count: 65) + #""}]}"#
        #expect(try Self.post(rig, typedTooMuch, token: token) == 400, "more than a key's worth of typing")
        let huge = #"{"actions": [{"type": "text", "text": ""# + String(repeating: "a", count: 20_000) + #""}]}"#
        #expect(try Self.post(rig, huge, token: token) == 413, "too large")
        #expect(try Self.post(rig, "{not json", token: token) == 400, "garbage")
        #expect(
            try Self.post(rig, #"{"actions": [{"type": "down", "finger": 1, "x": 1e300, "y": 0}]}"#, token: token)
                == 400)
        rig.pump(for: .milliseconds(200))
        #expect(try rig.host.world?.bridge.state.run("return " + Self.offset).first?.numberValue == 0, "nothing moved")
        // The sentinel: the page's own request still works.
        #expect(try Self.post(rig, wheel, token: token) == 204)
        #expect(scrolled(rig, to: 200))
    }

    @Test func aFloodIsRefusedPastItsLimit() throws {
        var limits = PreviewLimits.forThisProcess()
        (limits.inputBurst, limits.inputRate) = (5, 0.01)
        let rig = try PreviewRig(limits: limits, takesInput: true)
        let token = try Self.token(rig)
        let cancel = #"{"actions": [{"type": "cancel"}]}"#
        let statuses = try (0..<12).map { _ in try Self.post(rig, cancel, token: token) }
        #expect(statuses.prefix(5).allSatisfy { $0 == 204 }, "\(statuses)")
        #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 }, "\(statuses)")
        try PreviewSecurityTests.pageIsServed(rig)
    }

    /// A flood is limited by the work it asks for: with a burst of 100, three turns of the
    /// device (30 each) are taken and the fourth is refused, while a hundred moves were; the
    /// host went on, and the page is served.
    @Test func aFloodIsLimitedByItsWorkNotItsMessages() throws {
        var limits = PreviewLimits.forThisProcess()
        (limits.inputBurst, limits.inputRate) = (100, 0.01)
        let rig = try PreviewRig(limits: limits, takesInput: true)
        let token = try Self.token(rig)
        let rotate = #"{"actions": [{"type": "rotate"}]}"#
        let rotations = try (0..<4).map { _ in try Self.post(rig, rotate, token: token) }
        #expect(rotations == [204, 204, 204, 429], "\(rotations)")
        let fresh = try PreviewRig(limits: limits, takesInput: true)
        let freshToken = try Self.token(fresh)
        let moves = try (0..<10).map { _ in
            try Self.post(
                fresh,
                #"{"actions": ["# + Array(repeating: #"{"type": "cancel"}"#, count: 10).joined(separator: ",") + "]}",
                token: freshToken)
        }
        #expect(moves.allSatisfy { $0 == 204 }, "a hundred light actions fit the burst: \(moves)")
        #expect(try Self.post(fresh, #"{"actions": [{"type": "cancel"}]}"#, token: freshToken) == 429)
        try PreviewSecurityTests.pageIsServed(rig)
    }
}
