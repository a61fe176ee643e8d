import Debugger
import Foundation
import LiveHost
import LiveTestSupport
import Synchronization
import Testing

/// `rebound run --debug`: a DAP client drives WordsCollection through the host's debugger.
///
/// The host runs on the test's thread, as `rebound run` runs it; the client's script runs on
/// another thread (a stopped program holds the host's thread), and its findings are checked
/// when it is done.
@Suite(.serialized) struct DebuggerTests {
    /// The client's side of a test: a script on its own thread, and what went wrong in it.
    final class Driver: @unchecked Sendable {
        private let state = Mutex<(done: Bool, failures: [String])>((false, []))
        var isDone: Bool { state.withLock { $0.done } }
        var failures: [String] { state.withLock { $0.failures } }

        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition {
                let text = message()
                state.withLock { $0.failures.append(text) }
            }
        }

        func run(_ script: @escaping @Sendable (Driver) throws -> Void) {
            Thread.detachNewThread { [self] in
                do { try script(self) } catch { check(false, "the script stopped: \(error)") }
                state.withLock { $0.done = true }
            }
        }
    }

    static func port(of project: LiveProject) throws -> UInt16 {
        guard case .tcp(_, let port)? = project.debugSession?.address else {
            throw DAPClient.Timeout(description: "no debug port")
        }
        return port
    }

    /// Runs `script` as the client while the host handles events; then checks what it found.
    static func drive(
        _ project: LiveProject, timeout: Duration = .seconds(180),
        _ script: @escaping @Sendable (Driver, DAPClient) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let client = try DAPClient(port: try port(of: project), token: project.debugSession?.token)
        let driver = Driver()
        driver.run { driver in
            defer { client.drop() }  // a held program goes on when its client goes
            try script(driver, client)
        }
        let finished = project.handle(until: { driver.isDone }, timeout: timeout)
        #expect(finished, "the client's script did not finish", sourceLocation: sourceLocation)
        #expect(driver.failures == [], sourceLocation: sourceLocation)
    }

    /// Sends a console chunk to the host without waiting for it (it may stop at a breakpoint).
    static func post(_ code: String, to mailbox: HostMailbox) -> ConsoleRequest {
        let request = ConsoleRequest(code: code)
        mailbox.post(.evaluate(request))
        return request
    }

    /// The end of a test: a save of a module the program loaded reloads, so the host went on.
    static func sentinel(_ project: LiveProject, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = project.events(.reloaded).filter { $0.module == "LabelCell" }.count
        let cell = project.url("LabelCell.lua")
        try Data((try String(contentsOf: cell, encoding: .utf8) + "\n-- sentinel\n").utf8).write(to: cell)
        let seen = project.host.handleEvents(for: .seconds(20)) {
            project.events(.reloaded).filter { $0.module == "LabelCell" }.count > before
        }
        #expect(seen, "the sentinel save was not reloaded", sourceLocation: sourceLocation)
    }

    static func handshake(_ client: DAPClient, _ driver: Driver) throws {
        let capabilities = try client.handshake()
        driver.check(capabilities["supportsConditionalBreakpoints"] as? Bool == true, "no conditional breakpoints")
    }

    static func topFrame(_ client: DAPClient) throws -> [String: Any] {
        let trace = try client.body("stackTrace", ["threadId": 1])
        return (trace["stackFrames"] as? [[String: Any]])?.first ?? [:]
    }

    static func evaluate(_ client: DAPClient, _ expression: String, frame: Int) throws -> String {
        try client.body("evaluate", ["expression": expression, "frameId": frame, "context": "watch"])["result"]
            as? String ?? "?"
    }

    @Test func debugsWordsCollection() throws {
        let project = try LiveProject(example: "WordsCollection", beforeStart: LiveProject.serveDebugger)
        #expect(project.waitFor(.started) == 1)
        let controller = project.url("CollectionController.lua").path
        let original = try String(contentsOfFile: controller, encoding: .utf8)
        let mailbox = project.host.mailbox
        let save: @Sendable (String) throws -> Void = { text in
            try Data(text.utf8).write(to: URL(fileURLWithPath: controller))
        }
        try Self.drive(project) { driver, client in
            try Self.handshake(client, driver)
            let set = try client.body(
                "setBreakpoints", ["source": ["path": controller], "breakpoints": [["line": 82]]])
            driver.check(
                (set["breakpoints"] as? [[String: Any]])?.first?["verified"] as? Bool == true,
                "breakpoint not verified: \(set)")
            _ = try client.body("setExceptionBreakpoints", ["filters": ["uncaught"]])
            _ = try client.body("configurationDone")

            // A layout pass asks for cells: the breakpoint stops it.
            let reload = Self.post("host.rootViewController.collectionView:reloadData()", to: mailbox)
            let stopped = try client.event("stopped")
            driver.check(stopped["reason"] as? String == "breakpoint", "stopped for \(stopped)")
            let threads = try client.body("threads")["threads"] as? [[String: Any]] ?? []
            driver.check(threads.first?["name"] as? String == "main", "threads: \(threads)")
            var top = try Self.topFrame(client)
            driver.check(top["line"] as? Int == 82, "stopped at \(top)")
            driver.check((top["source"] as? [String: Any])?["path"] as? String == controller, "source \(top)")
            driver.check(
                top["name"] as? String == "CollectionController:collectionView_cellForItemAtIndexPath", "name \(top)")
            let frame = top["id"] as? Int ?? 1

            // Variables: locals (indexPath, self), and self expanded into its script fields.
            let scopes = try client.body("scopes", ["frameId": frame])["scopes"] as? [[String: Any]] ?? []
            driver.check(scopes.map { $0["name"] as? String } == ["Locals", "Upvalues", "Globals"], "scopes \(scopes)")
            let localsRef = scopes.first?["variablesReference"] as? Int ?? 0
            let locals =
                try client.body("variables", ["variablesReference": localsRef])["variables"] as? [[String: Any]] ?? []
            let names = locals.compactMap { $0["name"] as? String }
            driver.check(["self", "collectionView", "indexPath"].allSatisfy(names.contains), "locals \(names)")
            let selfRef = locals.first { $0["name"] as? String == "self" }?["variablesReference"] as? Int ?? 0
            driver.check(selfRef > 0, "self cannot be expanded")
            let fields =
                try client.body("variables", ["variablesReference": selfRef])["variables"] as? [[String: Any]] ?? []
            let words = fields.first { $0["name"] as? String == "textWords" }
            driver.check(
                words?["type"] as? String == "table" && (words?["variablesReference"] as? Int ?? 0) > 0,
                "textWords \(fields.map { $0["name"] ?? "" })")
            driver.check(
                fields.contains { $0["name"] as? String == "view" },
                "no native property among \(fields.map { $0["name"] ?? "" })")

            // Evaluation in the frame.
            let item = try Self.evaluate(client, "indexPath.item", frame: frame)
            driver.check(Int(item) != nil, "indexPath.item = \(item)")
            driver.check(try Self.evaluate(client, "#self.textWords > 10", frame: frame) == "true", "textWords")

            // Step over: line 83, where cellIndex is set; write it from the evaluator.
            _ = try client.body("next", ["threadId": 1])
            _ = try client.event("stopped") { $0["reason"] as? String == "step" }
            top = try Self.topFrame(client)
            driver.check(top["line"] as? Int == 83, "next went to \(top)")
            let stepFrame = top["id"] as? Int ?? 1
            driver.check(try Self.evaluate(client, "cellIndex", frame: stepFrame) == item, "cellIndex")
            _ = try Self.evaluate(client, "cellIndex = 4242", frame: stepFrame)
            driver.check(
                try Self.evaluate(client, "cellIndex", frame: stepFrame) == "4242",
                "the evaluator did not write cellIndex")
            let stepScopes = try client.body("scopes", ["frameId": stepFrame])["scopes"] as? [[String: Any]] ?? []
            let stepLocals = stepScopes.first?["variablesReference"] as? Int ?? 0
            let changed = try client.body(
                "setVariable", ["variablesReference": stepLocals, "name": "cellIndex", "value": "6 + 1"])
            driver.check(changed["value"] as? String == "7", "setVariable: \(changed)")
            driver.check(
                try Self.evaluate(client, "cellIndex", frame: stepFrame) == "7", "setVariable did not set cellIndex")

            // Step out of a callback from native code: the next Lua line that runs.
            _ = try client.body("stepOut", ["threadId": 1])
            _ = try client.event("stopped") { $0["reason"] as? String == "step" }
            driver.check(try Self.topFrame(client)["source"] != nil, "stepOut stopped outside the scripts")

            // A conditional breakpoint and a logpoint.
            _ = try client.body(
                "setBreakpoints",
                [
                    "source": ["path": controller],
                    "breakpoints": [
                        ["line": 82, "condition": "indexPath.item == 3"],
                        ["line": 85, "logMessage": "cell {cellIndex} done"],
                    ],
                ])
            _ = try client.body("continue", ["threadId": 1])
            _ = try client.event("stopped") { $0["reason"] as? String == "breakpoint" }
            driver.check(try Self.evaluate(client, "indexPath.item", frame: 1) == "3", "the condition did not hold")
            _ = try client.event("output") { ($0["output"] as? String)?.hasSuffix(" done\n") == true }

            // Edit while stopped: the save waits; two lines come first, and the breakpoint
            // moves with them, as an editor moves it.
            try save("print(\"reloaded edition\")\n\n" + original)
            _ = try client.body("setBreakpoints", ["source": ["path": controller], "breakpoints": [["line": 84]]])
            _ = try client.body("continue", ["threadId": 1])
            // The rest of this layout pass runs the old function (its line 84 stops too);
            // then the save is applied, and the reloaded function stops at its line 84.
            let reloaded: ([String: Any]) -> Bool = {
                $0["event"] as? String == "output"
                    && ($0["body"] as? [String: Any])?["output"] as? String == "reloaded edition\n"
            }
            while true {
                _ = try client.event("stopped")
                if !client.all(reloaded).isEmpty, try Self.topFrame(client)["line"] as? Int == 84 { break }
                _ = try client.body("continue", ["threadId": 1])
            }
            // The reloaded function stopped at its line 84, which is `local cellIndex = indexPath.item`.
            driver.check(
                try Self.evaluate(client, "cellIndex == nil", frame: 1) == "true", "not before local cellIndex")
            _ = try client.body("setBreakpoints", ["source": ["path": controller], "breakpoints": []])
            _ = try client.body("continue", ["threadId": 1])
            driver.check(reload.wait().outcome == .values([]), "the console chunk did not finish")

            // An error stops with the exception breakpoint.
            let failing = Self.post(
                "host.rootViewController:collectionView_cellForItemAtIndexPath(nil, nil)", to: mailbox)
            let error = try client.event("stopped") { $0["reason"] as? String == "exception" }
            driver.check((error["text"] as? String)?.isEmpty == false, "no error text: \(error)")
            _ = try client.body("continue", ["threadId": 1])
            if case .failed = failing.wait().outcome {} else { driver.check(false, "the failing chunk did not fail") }

            // A call of a misspelled method stops with the message the console would give.
            let typo = Self.post("host.window:setBackgroundColour(nil)", to: mailbox)
            let misspelled = try client.event("stopped") { $0["reason"] as? String == "exception" }
            driver.check(
                (misspelled["text"] as? String)?.contains(
                    "UIWindow has no method 'setBackgroundColour' (did you mean 'setBackgroundColor'?)") == true,
                "the stop's text: \(misspelled)")
            _ = try client.body("continue", ["threadId": 1])
            _ = typo.wait()
            _ = try client.body("disconnect")
        }
        #expect(project.events(.reloaded).contains { $0.module == "CollectionController" })
        try Self.sentinel(project)
    }

    /// An error in a data-source method, which the host catches for the script (the layout
    /// pass goes on), stops at the uncaught filter, at the user's line; the stack holds only
    /// the user's frames, and the scopes list `_ENV` and `_G` to expand, not as strings.
    @Test func anErrorTheHostCatchesStopsAtTheUncaughtFilter() throws {
        let project = try LiveProject(example: "WordsCollection", beforeStart: LiveProject.serveDebugger)
        #expect(project.waitFor(.started) == 1)
        let controller = project.url("CollectionController.lua")
        let original = try String(contentsOf: controller, encoding: .utf8)
        let broken = original.replacingOccurrences(
            of: "    cell:setAppearance(", with: "    cell:showItm(1)\n    cell:setAppearance(")
        let brokenLine = (broken.components(separatedBy: "\n").firstIndex { $0.contains("showItm") } ?? -1) + 1
        try Self.drive(project) { driver, client in
            try Self.handshake(client, driver)
            _ = try client.body("setExceptionBreakpoints", ["filters": ["uncaught"]])
            _ = try client.body("configurationDone")
            try Data(broken.utf8).write(to: controller)
            let stopped = try client.event("stopped") { $0["reason"] as? String == "exception" }
            driver.check(
                (stopped["text"] as? String)?.contains("has no method 'showItm'") == true, "the stop: \(stopped)")
            let trace = try client.body("stackTrace", ["threadId": 1])
            let frames = trace["stackFrames"] as? [[String: Any]] ?? []
            let top = frames.first ?? [:]
            driver.check(top["line"] as? Int == brokenLine, "the top frame is the user's line: \(top)")
            driver.check(
                !frames.contains { ($0["name"] as? String)?.hasPrefix("[native]") == true || $0["source"] == nil },
                "internal frames are hidden: \(frames.map { $0["name"] ?? "?" })")
            let scopes =
                try client.body("scopes", ["frameId": top["id"] as? Int ?? 1])["scopes"] as? [[String: Any]] ?? []
            let globals = scopes.first { $0["name"] as? String == "Globals" }
            if let reference = globals?["variablesReference"] as? Int {
                let variables =
                    try client.body("variables", ["variablesReference": reference])["variables"] as? [[String: Any]]
                    ?? []
                for name in ["_ENV", "_G"] {
                    let entry = variables.first { $0["name"] as? String == name }
                    driver.check(
                        entry == nil || (entry?["variablesReference"] as? Int ?? 0) > 0,
                        "\(name) expands: \(entry ?? [:])")
                }
            }
            _ = try client.body("continue", ["threadId": 1])
            _ = try client.body("disconnect")
        }
        try Data(original.utf8).write(to: controller)
        try Self.sentinel(project)
    }

    @Test func functionBreakpointsFollowReloads() throws {
        let project = try LiveProject(example: "WordsCollection", beforeStart: LiveProject.serveDebugger)
        #expect(project.waitFor(.started) == 1)
        let mailbox = project.host.mailbox
        try Self.drive(project) { driver, client in
            try Self.handshake(client, driver)
            let set = try client.body(
                "setFunctionBreakpoints", ["breakpoints": [["name": "collectionView_cellForItemAtIndexPath"]]])
            let made = (set["breakpoints"] as? [[String: Any]])?.first
            driver.check(
                made?["verified"] as? Bool == true && made?["line"] as? Int == 80, "function breakpoint \(set)")
            _ = try client.body("configurationDone")
            let request = Self.post("host.rootViewController.collectionView:reloadData()", to: mailbox)
            _ = try client.event("stopped") { $0["reason"] as? String == "function breakpoint" }
            driver.check(try Self.topFrame(client)["line"] as? Int == 81, "not at the function's first line")
            _ = try client.body("setFunctionBreakpoints", ["breakpoints": []])
            _ = try client.body("continue", ["threadId": 1])
            _ = request.wait()
            _ = try client.body("disconnect")
        }
        try Self.sentinel(project)
    }

    /// The client hears a layout's error on standard error, and then, from the screen's status,
    /// that the screen runs without errors again.
    @Test func theClientHearsAnErrorAndTheScreenRecovering() throws {
        let project = try LiveProject(ScreenStatusFiles.files, beforeStart: LiveProject.serveDebugger)
        let mailbox = project.host.mailbox
        try Self.drive(project) { driver, client in
            try Self.handshake(client, driver)
            _ = try client.body("configurationDone")
            _ = Self.post("broken = true shown.view:setNeedsLayout()", to: mailbox).wait()
            let error = try client.event("output") { $0["category"] as? String == "stderr" }
            driver.check((error["output"] as? String)?.contains("broken layout") == true, "error output: \(error)")
            _ = Self.post("broken = false shown.view:setNeedsLayout()", to: mailbox).wait()
            let healthy = try client.event("output") { $0["category"] as? String == "console" }
            driver.check(
                (healthy["output"] as? String)?.contains("without errors again") == true, "status output: \(healthy)")
            _ = try client.body("disconnect")
        }
        try project.sentinel()
    }

    @Test func badClientsGetCleanErrorsAndTheHostGoesOn() throws {
        let project = try LiveProject(example: "WordsCollection", beforeStart: LiveProject.serveDebugger)
        #expect(project.waitFor(.started) == 1)
        let controller = project.url("CollectionController.lua").path
        let mailbox = project.host.mailbox
        let port = try Self.port(of: project)
        try Self.drive(project) { driver, client in
            // Not JSON, then not a request: error responses, and the client stays.
            client.sendRaw("Content-Length: 5\r\n\r\nhello")
            client.sendMessage(["seq": 99, "type": "request"])
            try Self.handshake(client, driver)
            let refusals = client.all { $0["type"] as? String == "response" && $0["success"] as? Bool == false }
            driver.check(
                refusals.count == 2
                    && refusals.allSatisfy { ($0["message"] as? String)?.contains("malformed") == true },
                "refusals: \(refusals)")
            driver.check(
                try client.request("threads")["success"] as? Bool == true,
                "the client was dropped after malformed messages")

            // A second client is refused when it attaches while this one is attached.
            let second = try DAPClient(port: port, token: client.token)
            _ = try second.body("initialize", ["adapterID": "other"])
            let refused = try second.request("attach", client.token.map { ["token": $0] } ?? [:])
            driver.check(
                refused["success"] as? Bool == false
                    && (refused["message"] as? String)?.contains("another debugger") == true,
                "second client: \(refused)")
            driver.check(second.waitUntilClosed(), "the second client was not closed")

            // A client that goes away while the program is stopped lets it go on.
            _ = try client.body("setBreakpoints", ["source": ["path": controller], "breakpoints": [["line": 82]]])
            _ = try client.body("configurationDone")
            let request = Self.post("host.rootViewController.collectionView:reloadData(); return 'done'", to: mailbox)
            _ = try client.event("stopped")
            // Numbers at the ends of the range: clean answers, no arithmetic that overflows.
            let far = try client.body("stackTrace", ["threadId": 1, "startFrame": Int.max, "levels": Int.max])
            driver.check((far["stackFrames"] as? [Any])?.isEmpty == true, "frames past the stack: \(far)")
            let tooLow = try client.request("evaluate", ["expression": "1", "frameId": Int.min])
            driver.check(tooLow["success"] as? Bool == false, "frameId Int.min: \(tooLow)")
            // An argument of the wrong type is refused, by name, rather than read as its default.
            let mistyped = try client.request("stackTrace", ["threadId": "main"])
            driver.check(
                mistyped["success"] as? Bool == false
                    && (mistyped["message"] as? String)?.contains(
                        "malformed arguments of stackTrace: 'arguments.threadId'")
                        == true,
                "a wrong type: \(mistyped)")
            let none = try client.request("scopes", ["frameId": 0])
            driver.check(none["success"] as? Bool == false, "frameId 0: \(none)")
            let beyond = try client.body("evaluate", ["expression": "indexPath == nil", "frameId": Int.max])
            driver.check(beyond["result"] as? String == "true", "a frame past the stack has no locals: \(beyond)")
            client.drop()
            driver.check(request.wait().outcome == .values(["\"done\""]), "the program did not go on")

            // A header that is not DAP's drops the client; the next one is welcome.
            let broken = try DAPClient(port: port)
            broken.sendRaw("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            driver.check(broken.waitUntilClosed(), "a broken stream was not dropped")
            let next = try DAPClient(port: port, token: client.token)
            try next.handshake()
            _ = try next.body("disconnect")
        }
        try Self.sentinel(project)
    }
}
