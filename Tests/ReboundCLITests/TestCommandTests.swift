import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `rebound test` as a user runs it: busted inside Rebound, on real spec files.
@Suite struct TestCommandTests {
    @Test func theBundledExamplesSpecsPass() throws {
        for (example, count) in [
            ("WordsCollection", 5), ("Mosaic", 2), ("SignIn", 3), ("TextureMosaic", 2), ("ModernList", 3),
            ("ModernControls", 6), ("SearchList", 5),
        ] {
            let run = try ReboundProcess.run("test", "\(ReboundProcess.examples)/\(example)", "--output", "plain")
            #expect(run.status == 0, "\(example): \(run.output)\(run.error)")
            #expect(run.output.hasSuffix("\(count) passed, 0 failed\n"), "\(run.output)")
        }
    }

    static let project = [
        "rebound.json": #"{ "start": "main" }"#,
        "main.lua": """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local button = objc.UIButton:newWithFrame(struct.CGRect(100, 100, 120, 44))
            button:setTitle_forState("Go", 0)
            button:addTarget_action_forControlEvents(self, "go", 64)
            self.view:addSubview(button)
        end
        function C:go() self.went = (self.went or 0) + 1 end
        C:declareActionMethod("go")
        return C
        """,
        "spec/app_spec.lua": """
        describe("the app", function()
          it("taps its button", function()
            host.start "main"
            print("a script's print")
            tap(host.find { class = "UIButton", text = "Go" })
            assert.are.equal(1, host.rootViewController.went)
          end)
          it("fails", function() assert.are.equal(3, 1 + 1) end)
          pending("one day")
          it("leaks a global", function() leaked = true end)
        end)
        """,
        "spec/bad_spec.lua": """
        describe("bad", function()
          it("sees no global from another file", function() assert.is_nil(leaked) end)
          it("calls os.exit", function() os.exit(3) end)
          it("waits for an async done", function() async(); settimeout(100) end)
          describe("a broken hook", function()
            before_each(function() error("hook broke") end)
            it("never runs", function() end)
          end)
        end)
        """,
        "spec/loop_spec.lua": """
        describe("a loop", function()
          it("never ends", function() while true do end end)
        end)
        """,
        "spec/syntax_spec.lua": "describe('syntax', function()\n  it('x', function() end\n",
    ]

    @Test func failuresErrorsAndBadInputAreReportedAndTheOtherFilesRun() throws {
        let project = try TemporaryProject(Self.project)
        let junit = project.folder.appendingPathComponent("report.xml").path
        let tap = project.folder.appendingPathComponent("report.tap").path
        let run = try ReboundProcess.run(
            "test", project.path, "--output", "plain", "--time-budget", "0.5", "--junit", junit,
            "--tap", tap)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "3 passed, 6 failed, 1 skipped", "\(run.output)")
        #expect(run.output.contains("3 successes / 1 failure / 5 errors / 1 pending : "))
        for expected in [
            "Failure → spec/app_spec.lua:8 @ spec/app_spec.lua", "the app fails",
            "Error → spec/bad_spec.lua:3 @ spec/bad_spec.lua", "bad calls os.exit",
            "bad waits for an async done", "attempt to call a nil value (global 'async')",
            "bad a broken hook (before_each)", "spec/bad_spec.lua:6: hook broke",
            "a loop never ends", "time budget of 0.5 s exceeded",
            "(loading spec/syntax_spec.lua)", "spec/syntax_spec.lua:3:",
        ] {
            #expect(run.output.contains(expected), "'\(expected)' in:\n\(run.output)")
        }
        #expect(!run.output.contains("a script's print"), "scripts print apart from the report")
        #expect(run.error.contains("a script's print"))

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        #expect(suites.count == 4)
        #expect(try document.nodes(forXPath: "//testcase/failure").count == 1)
        #expect(try document.nodes(forXPath: "//testcase/error").count == 5)
        #expect(try document.nodes(forXPath: "//testcase/skipped").count == 1)
        let report = try String(contentsOfFile: tap, encoding: .utf8)
        #expect(report.hasPrefix("TAP version 13\n1..10\n"))
        #expect(report.components(separatedBy: "\nnot ok ").count - 1 == 6)
        #expect(report.contains("# SKIP pending"))
    }

    /// An error a gesture sets off (in a handler, or in `simulate` itself) is located at the
    /// spec's line, not in Rebound's own Lua, with the traceback through the project's files.
    @Test func aRuntimeErrorIsLocatedAtTheSpecsLineWithATraceback() throws {
        var files = Self.project.filter { $0.key == "rebound.json" || $0.key == "main.lua" }
        files["main.lua"] = files["main.lua"]?.replacingOccurrences(
            of: "function C:go() self.went = (self.went or 0) + 1 end",
            with: "function C:go() return self.missing.x end")
        files["spec/tap_spec.lua"] = """
            describe("taps", function()
              it("breaks in the handler", function()
                host.start "main"
                simulate.tap { at = { x = 150, y = 120 } }
              end)
            end)
            """
        let project = try TemporaryProject(files)
        let run = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(run.status == 1)
        #expect(run.output.contains("Error → spec/tap_spec.lua:4 @ spec/tap_spec.lua"), "\(run.output)")
        #expect(run.output.contains("main.lua:8: attempt to index a nil value (field 'missing')"), "\(run.output)")
        #expect(
            run.output.contains("stack traceback:\n  spec/tap_spec.lua:4: in function <spec/tap_spec.lua:2>"),
            "\(run.output)")
        #expect(!run.output.contains("(rebound simulate)"))
    }

    @Test func verboseNamesEachTestAsItStartsAndFiltersSelect() throws {
        let project = try TemporaryProject(
            Self.project.filter { !$0.key.hasPrefix("spec/") || $0.key == "spec/app_spec.lua" })
        let run = try ReboundProcess.run("test", project.path, "--verbose", "--output", "plain", "--filter", "taps")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("spec/app_spec.lua\n  ▸ the app taps its button\n"))
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aSeedMakesAShuffleRepeatable() throws {
        let project = try TemporaryProject([
            "main.lua": "return objc.UIViewController",
            "spec/order_spec.lua": "describe('order', function()\n"
                + (1...12).map { "  it('test \($0)', function() end)\n" }.joined() + "end)\n",
        ])
        func order(_ seed: String) throws -> [String] {
            let run = try ReboundProcess.run(
                "test", project.path, "--verbose", "--shuffle", "--seed", seed, "--output", "plain")
            #expect(run.output.hasPrefix("shuffled with seed \(seed)\n"))
            return run.output.split(separator: "\n").filter { $0.contains("▸") }.map(String.init)
        }
        let first = try order("42")
        #expect(first.count == 12)
        #expect(try order("42") == first, "the same seed, the same order")
        #expect(first != (1...12).map { "  ▸ order test \($0)" }, "shuffled")
    }

    @Test func jsonOnStandardOutput() throws {
        let project = try TemporaryProject(
            Self.project.filter { !$0.key.hasPrefix("spec/") || $0.key == "spec/app_spec.lua" })
        let run = try ReboundProcess.run("test", project.path, "--output", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["passed"] as? Int == 2 && object["failed"] as? Int == 1 && object["pending"] as? Int == 1)
        #expect((object["results"] as? [[String: Any]])?.count == 4)
    }

    @Test func watchRunsAgainTheSpecsThatUseASavedModule() throws {
        let project = try TemporaryProject([
            "main.lua": "return objc.UIViewController",
            "Math.lua": "return { add = function(a, b) return a + b end }\n",
            "Other.lua": "return { name = 'x' }\n",
            "spec/math_spec.lua": "local Math = require 'Math'\n"
                + "describe('math', function() it('adds', function() assert.are.equal(3, Math.add(1, 2)) end) end)\n",
            "spec/other_spec.lua": "local Other = require 'Other'\n"
                + "describe('other', function() it('names', function() assert.are.equal('x', Other.name) end) end)\n",
        ])
        let watching = try ReboundProcess(["test", project.path, "--watch", "--output", "plain"])
        #expect(watching.waitForOutput(containing: "watching \(project.folder.path)"))
        try project.write("Math.lua", Data("return { add = function(a, b) return a - b end }\n".utf8))
        #expect(
            watching.waitForOutput(containing: "newly failing: spec/math_spec.lua: math adds\n  spec/math_spec.lua:2:"))
        try project.write("Math.lua", Data("return { add = function(a, b) return a + b end }\n".utf8))
        #expect(
            watching.waitForOutput(containing: "newly passing: spec/math_spec.lua: math adds\n2 passed, 0 failed\n"))
        // A module only the other spec uses: that spec alone runs, and nothing changed.
        try project.write("Other.lua", Data("return { name = 'x' } -- saved again\n".utf8))
        #expect(watching.waitForOutput(containing: "ran spec/other_spec.lua: nothing changed\n"))
        watching.send(SIGINT)
        let result = watching.finish(deadline: .seconds(30))
        #expect(result.status == 0)
        #expect(!result.output.contains("ran spec/math_spec.lua, spec/other_spec.lua"))
    }

    /// After a save breaks a module, the totals `--watch` prints are a fresh run's; saving a
    /// file again with the same bytes runs nothing (a later real save is the sentinel).
    @Test func watchTotalsMatchAFreshRunAndATouchRunsNothing() throws {
        let spec = { (name: String, module: String) in
            "local M = require '\(module)'\ndescribe('\(name)', function()\n"
                + "  it('one', function() assert.is_table(M) end)\n  it('two', function() assert.is_table(M) end)\nend)\n"
        }
        let project = try TemporaryProject([
            "main.lua": "return objc.UIViewController",
            "Math.lua": "return {}\n",
            "Extra.lua": "return {}\n",
            "spec/math_spec.lua": spec("math", "Math"),
            "spec/more_spec.lua": spec("more", "Math"),
            "spec/extra_spec.lua": spec("extra", "Extra"),
        ])
        let watching = try ReboundProcess(["test", project.path, "--watch", "--output", "plain"])
        #expect(watching.waitForOutput(containing: "watching \(project.folder.path)"))
        let broken = Data("return { = }\n".utf8)
        try project.write("Math.lua", broken)
        #expect(watching.waitForOutput(containing: "newly failing: spec/more_spec.lua"))
        #expect(watching.waitForOutput(containing: " failed\n"))
        let fresh = try ReboundProcess.run("test", project.path, "--output", "plain")
        let freshTotals = fresh.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(freshTotals.hasSuffix("failed"), "\(fresh.output)")
        let watchTotals = watching.outputText.split(separator: "\n").last.map(String.init) ?? ""
        #expect(watchTotals == freshTotals)

        try project.write("Math.lua", broken)
        try project.write("Extra.lua", Data("return { saved = true }\n".utf8))
        #expect(watching.waitForOutput(containing: "ran spec/extra_spec.lua: nothing changed\n"))
        watching.send(SIGINT)
        let result = watching.finish(deadline: .seconds(30))
        let watched = result.output.components(separatedBy: "watching ").last ?? ""
        let runs = watched.components(separatedBy: " passed, ").count - 1
        #expect(runs == 2, "the broken save and the sentinel, not the touch: \(result.output)")
    }

    @Test func aLongPressReachesTheRecognizerOfTheViewItNames() throws {
        let project = try TemporaryProject([
            "rebound.json": #"{ "start": "main" }"#,
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                self.holds = 0
                local pad = objc.UIView:newWithFrame(struct.CGRect(100, 300, 120, 120))
                pad.accessibilityIdentifier = "pad"
                pad:addGestureRecognizer(objc.UILongPressGestureRecognizer:newWithTarget_action(self, "held"))
                self.view:addSubview(pad)
            end
            function C:held(recognizer)
                if recognizer.state == 1 then self.holds = self.holds + 1 end
            end
            C:declareActionMethod("held")
            return C
            """,
            "spec/hold_spec.lua": """
            describe("the pad", function()
              it("is held, not tapped", function()
                host.start "main"
                local pad = host.find { accessibilityIdentifier = "pad" }
                tap(pad)
                assert.are.equal(0, host.rootViewController.holds)
                longPress(pad, { duration = 1 })
                assert.are.equal(1, host.rootViewController.holds)
              end)
            end)
            """,
        ])
        let run = try ReboundProcess.run("test", project.path, "--output", "plain")
        #expect(run.status == 0, "\(run.output)\(run.error)")
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"), "\(run.output)")
    }

    @Test func aProjectWithoutSpecsSaysSo() throws {
        let project = try TemporaryProject(["main.lua": "return objc.UIViewController"])
        let run = try ReboundProcess.run("test", project.path)
        #expect(run.status == 2)
        #expect(run.error.contains("has no spec files (spec/**/*_spec.lua)"))
    }
}
