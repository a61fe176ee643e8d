import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `rebound run`, `new` and `check` as a user runs them: real processes, real files, real
/// signals, each under a deadline.
@Suite(.serialized) struct RunCommandTests {
    /// A start module that shows a view controller and keeps a reload handler.
    static let controller = """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad() self:addMessageHandler("system.did_load_module", function() end) end
        """

    @Test func jsonEventsForAStartAReloadAnErrorAndTheScreensStatusThenCtrlCExitsCleanly() throws {
        let project = try TemporaryProject([
            "main.lua": Self.controller + "\nrequire \"Other\"\nreturn C\n",
            "Other.lua": "return 1\n",
        ])
        let run = try ReboundProcess(["run", project.path, "--json"])
        let started = run.waitForEvent { $0["event"] as? String == "started" }
        #expect(started?["file"] as? String == "main.lua")
        try project.write("Other.lua", Data("return 2\n".utf8))
        let reloaded = run.waitForEvent { $0["event"] as? String == "reloaded" }
        #expect(reloaded?["module"] as? String == "Other")
        #expect(reloaded?["handlers"] as? Int == 1)
        #expect(reloaded?["durationMs"] is Double)
        try project.write("Other.lua", Data("return = 2\n".utf8))
        let failed = run.waitForEvent { $0["event"] as? String == "syntax-error" }
        let error = failed?["error"] as? [String: Any]
        #expect(error?["file"] as? String == "Other.lua")
        #expect(error?["line"] as? Int == 1)
        #expect(error?["sourceLine"] as? String == "return = 2")
        let failing = run.waitForEvent { $0["event"] as? String == "status" }
        #expect(failing?["status"] as? String == "syntax-error", "the screen's status follows its error")
        #expect((failing?["error"] as? [String: Any])?["line"] as? Int == 1)
        try project.write("Other.lua", Data("return 3\n".utf8))
        let healthy = run.waitForEvent { $0["event"] as? String == "status" && $0["status"] as? String == "healthy" }
        #expect(healthy != nil, "the fixed save makes the screen healthy again")
        run.send(SIGINT)
        let result = run.finish(deadline: .seconds(20))
        #expect(result.status == 0)
        #expect(run.process.terminationReason == .exit)
    }

    /// What the text mode tells a person, --json tells a tool: where the preview, the console
    /// and the debugger listen (`listening` events), and what the run watches (`note` events).
    @Test func jsonAnnouncesWhereEachServiceListens() throws {
        let project = try TemporaryProject(["main.lua": Self.controller + "\nreturn C\n"])
        let run = try ReboundProcess(["run", project.path, "--json", "--preview", "--debug"])
        let preview = run.waitForEvent {
            $0["event"] as? String == "listening" && $0["service"] as? String == "preview"
        }
        #expect((preview?["address"] as? String)?.hasPrefix("http://127.0.0.1:") == true, "\(preview ?? [:])")
        let console = run.waitForEvent {
            $0["event"] as? String == "listening" && $0["service"] as? String == "console"
        }
        #expect((console?["address"] as? String)?.hasSuffix(".rebound/console.sock") == true, "\(console ?? [:])")
        let debugger = run.waitForEvent {
            $0["event"] as? String == "listening" && $0["service"] as? String == "debugger"
        }
        #expect((debugger?["address"] as? String)?.hasSuffix("/debug.sock") == true, "\(debugger ?? [:])")
        #expect((debugger?["message"] as? String)?.contains("Debug Adapter Protocol") == true)
        let watching = run.waitForEvent { $0["event"] as? String == "note" }
        #expect((watching?["message"] as? String)?.hasPrefix("watching ") == true)
        #expect(!run.outputText.split(separator: "\n").contains { !$0.hasPrefix("{") }, "only events")
        run.send(SIGINT)
        #expect(run.finish(deadline: .seconds(20)).status == 0)
    }

    /// With --json every line is an event: prints carry their file and line, the layout is
    /// an event, and an error in a data source method during a layout pass names the user's
    /// line, without Rebound's own frames in its traceback.
    @Test func everyLineOfJSONOutputIsAnEvent() throws {
        let project = try TemporaryProject([
            "main.lua": """
            print("starting", 1, nil)
            local C = objc.UICollectionViewController:createSubclass("C")
            function C:collectionView_numberOfItemsInSection() return 3 end
            function C:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                local missing = nil
                return missing.cell
            end
            return C
            """
        ])
        let result = try ReboundProcess.run("run", project.path, "--json", "--once")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == result.events.count, "a line that is not JSON: \(result.output)")
        #expect(lines.first == #"{"event":"schema","version":1}"#, "the stream opens with its schema's version")
        let checked = try ReboundProcess.run("check", project.path, "--json")
        #expect(checked.output.split(separator: "\n").first == #"{"event":"schema","version":1}"#)
        let printed = result.events.first { $0["event"] as? String == "print" }
        #expect(printed?["message"] as? String == "starting\t1\tnil")
        #expect(printed?["file"] as? String == "main.lua")
        #expect(printed?["line"] as? Int == 1)
        let failure = result.events.first { $0["event"] as? String == "runtime-error" }
        let error = failure?["error"] as? [String: Any]
        #expect(error?["file"] as? String == "main.lua")
        #expect(error?["line"] as? Int == 6)
        #expect(error?["sourceLine"] as? String == "    return missing.cell")
        let traceback = error?["traceback"] as? String ?? ""
        #expect(traceback == "stack traceback:\n\tmain.lua:6: in function <main.lua:4>", "\(traceback)")
        #expect(!traceback.contains("rebound"), "\(traceback)")
        #expect((failure?["message"] as? String)?.contains("layoutSubviews") == true)
        let layout = result.events.first { $0["event"] as? String == "layout" }
        let views = layout?["views"] as? [[String: Any]] ?? []
        #expect(views.first?["class"] as? String == "UIWindow")
        #expect(views.dropFirst().first?["class"] as? String == "UICollectionView")
        #expect(views.dropFirst().first?["parent"] as? Int == 0)
        #expect(result.status == 1, "an error was reported")
    }

    @Test func onceRunsTheBundledExampleAndPrintsItsLayout() throws {
        let run = try ReboundProcess.run("run", "--once")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("started CollectionController.lua in "))
        #expect(run.output.contains("LabelCell ("))
        #expect(run.output.contains("\"Far\""))
        #expect(run.error.isEmpty, "\(run.error)")
    }

    @Test func onceFailsWhenAWarningWasReported() throws {
        let project = try TemporaryProject([
            "main.lua": Self.controller + "\nC:declareProtocol(\"NoSuchProtocol\")\nreturn C\n"
        ])
        let run = try ReboundProcess.run("run", project.path, "--once")
        #expect(run.error.contains("warning: C:declareProtocol: unknown protocol 'NoSuchProtocol'"))
        #expect(run.status == 1)
    }

    /// A start that fails on a syntax error in a module it requires ends a `--once` run, and
    /// says so; its traceback holds the user's frames, not nameless native ones.
    @Test func onceWithASyntaxErrorSaysTheRunEnded() throws {
        let project = try TemporaryProject([
            "main.lua": "local Broken = require 'Broken'\n" + Self.controller + "\nreturn C\n",
            "Broken.lua": "local x = = 1\n",
        ])
        let run = try ReboundProcess.run("run", project.path, "--once")
        #expect(run.status == 1)
        #expect(run.error.contains("Broken.lua:1: unexpected symbol near '='"), "\(run.error)")
        #expect(run.error.contains("the program did not start, so the run ended"))
        #expect(!run.error.contains("until the next save"))
        #expect(run.error.contains("main.lua:1: in main chunk"))
        #expect(!run.error.contains("[C]: in ?"))
    }

    /// With no time budget a runaway start module would run forever: Ctrl-C stops it where it
    /// is, and the host exits cleanly.
    @Test func ctrlCStopsRunawayCodeAndTheHostExits() throws {
        let project = try TemporaryProject([
            "main.lua": "print('spinning')\nlocal n = 0\nwhile true do n = n + 1 end\n"
        ])
        let run = try ReboundProcess(["run", project.path, "--json", "--time-budget", "0"])
        _ = run.waitForEvent { $0["event"] as? String == "print" }
        usleep(100_000)
        run.send(SIGTERM)
        let result = run.finish(deadline: .seconds(20))
        #expect(result.status == 0)
        let error = result.events.first { $0["event"] as? String == "runtime-error" }?["error"] as? [String: Any]
        #expect(error?["message"] as? String == "main.lua:3: interrupted")
        #expect(error?["traceback"] as? String == "stack traceback:\n\tmain.lua:3: in main chunk")
    }

    /// Ctrl-C on a host that waits for saves ends it cleanly: nothing runs after the signal,
    /// so nothing is reported as interrupted.
    @Test func ctrlCOnAnIdleHostExitsWithoutAnError() throws {
        let run = try ReboundProcess(["run", ReboundProcess.examples + "/WordsCollection", "--json"])
        _ = run.waitForEvent { $0["event"] as? String == "started" }
        usleep(300_000)
        run.send(SIGINT)
        let result = run.finish(deadline: .seconds(20))
        #expect(result.status == 0)
        #expect(!result.events.contains { ($0["event"] as? String)?.hasSuffix("error") == true }, "\(result.output)")
    }

    /// A native function that never returns to Lua cannot be interrupted; a second Ctrl-C
    /// ends the process at once.
    @Test func aSecondCtrlCEndsWhatTheFirstCannotStop() throws {
        let project = try TemporaryProject([
            "main.lua": "print('matching')\nreturn string.rep('x', 40):find(string.rep('x*', 40) .. 'y')\n"
        ])
        let run = try ReboundProcess(["run", project.path, "--json", "--time-budget", "0"])
        _ = run.waitForEvent { $0["event"] as? String == "print" }
        usleep(200_000)  // into string.find: an interrupt that comes sooner stops the Lua code before it
        run.send(SIGINT)
        usleep(300_000)
        #expect(run.process.isRunning)
        run.send(SIGINT)
        let result = run.finish(deadline: .seconds(20))
        #expect(result.status == 128 + SIGINT)
    }

    /// NSUserDefaults are written atomically: a process killed while it writes them leaves a
    /// whole file, which the next run reads; `--reset-defaults` forgets them. The program writes
    /// on a timer every millisecond, so the kill most likely lands mid-write.
    @Test func userDefaultsSurviveAKilledProcessAndResetForgetsThem() throws {
        let project = try TemporaryProject([
            "main.lua": """
            local defaults = objc.NSUserDefaults.standardUserDefaults
            local count = defaults:integerForKey("count")
            print("start " .. count)
            local entries = {}
            for i = 1, 2000 do entries[i] = "entry " .. i end
            objc.NSTimer:scheduledTimerWithTimeInterval_repeats_block(0.001, true, function()
                count = count + 1
                defaults:setObject_forKey(entries, "entries")
                defaults:setInteger_forKey(count, "count")
                if count == 20 then print("written") end
            end)
            return objc.UIViewController
            """
        ])
        let run = try ReboundProcess(["run", project.path, "--json"])
        _ = run.waitForEvent { $0["event"] as? String == "print" && $0["message"] as? String == "written" }
        usleep(50_000)
        run.send(SIGKILL)
        _ = run.finish(deadline: .seconds(20))
        let file = project.folder.appendingPathComponent(".rebound/defaults.json")
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let count = try #require(kept?["count"] as? Int)
        #expect(count >= 20)
        #expect((kept?["entries"] as? [String])?.count == 2000)
        let again = try ReboundProcess.run("run", project.path, "--once", "--json")
        #expect(
            again.events.contains { $0["event"] as? String == "print" && $0["message"] as? String == "start \(count)" })
        let reset = try ReboundProcess.run("run", project.path, "--once", "--json", "--reset-defaults")
        #expect(reset.events.contains { $0["event"] as? String == "print" && $0["message"] as? String == "start 0" })
    }

    @Test func newWritesAProjectThatRunsAndReloads() throws {
        let parent = try TemporaryProject([:])
        let path = parent.folder.appendingPathComponent("FirstApp").path
        let made = try ReboundProcess.run("new", path)
        #expect(made.status == 0)
        #expect(made.output.contains("rebound run \(path)"))
        let once = try ReboundProcess.run("run", path, "--once")
        #expect(once.status == 0, "\(once.error)")
        #expect(once.output.contains("ItemCell (10, 20, 100, 100) [0, 0]"))
        #expect(once.output.contains("UILabel (0, 0, 100, 100) \"1\""))
        let settings = try String(contentsOfFile: path + "/.luarc.json", encoding: .utf8)
        #expect(
            settings.contains(#""workspace.library": [".rebound/annotations"]"#), "the editor reads the annotations")
        #expect(
            FileManager.default.fileExists(atPath: path + "/.rebound/annotations/classes/UICollectionViewCell.d.lua"))
        let launch = try String(contentsOfFile: path + "/.vscode/launch.json", encoding: .utf8)
        #expect(
            launch.contains(#""debugServer": 4711"#), "VS Code attaches to rebound run --debug-address 127.0.0.1:4711")
        #expect(launch.contains(#""token": "${input:reboundDebugToken}""#), "with the run's token")
        let neovim = try String(contentsOfFile: path + "/.nvim.lua", encoding: .utf8)
        #expect(neovim.contains(#"args = { "dap", vim.fn.getcwd() }"#), "nvim-dap goes through the project's socket")
        let again = try ReboundProcess.run("new", path)
        #expect(again.status == 1)
        #expect(again.error.contains("already exists"))
    }

    /// `rebound new --app-delegate`: the app delegate launches the app, with a navigation
    /// controller around the collection controller, and the project lints clean.
    @Test func newWithAnAppDelegateLaunchesFromIt() throws {
        let parent = try TemporaryProject([:])
        let path = parent.folder.appendingPathComponent("DelegateApp").path
        #expect(try ReboundProcess.run("new", path, "--app-delegate").status == 0)
        let settings = try String(contentsOfFile: path + "/rebound.json", encoding: .utf8)
        #expect(settings.contains(#""appDelegate": "AppDelegate""#), "\(settings)")
        let once = try ReboundProcess.run("run", path, "--once")
        #expect(once.status == 0, "\(once.error)")
        #expect(once.output.contains("started AppDelegate.lua"), "\(once.output)")
        #expect(once.output.contains("UINavigationBar (0, 20, 375, 44)"), "\(once.output)")
        #expect(once.output.contains("ItemCell (10, 20, 100, 100) [0, 0]"), "\(once.output)")
        let check = try ReboundProcess.run("check", path, "--lint")
        #expect(check.status == 0 && check.output.contains("no lint findings"), "\(check.output)\(check.error)")
    }

    /// `rebound new --template texture`: the TextureMosaic example's node model, which runs.
    @Test func newWithTheTextureTemplateStartsFromTheMosaicOfNodes() throws {
        let parent = try TemporaryProject([:])
        let path = parent.folder.appendingPathComponent("Nodes").path
        #expect(try ReboundProcess.run("new", path, "--template", "texture").status == 0)
        #expect(FileManager.default.fileExists(atPath: path + "/ImageCellNode.lua"))
        #expect(FileManager.default.fileExists(atPath: path + "/spec/mosaic_spec.lua"))
        let once = try ReboundProcess.run("run", path, "--once")
        #expect(once.status == 0, "\(once.error)")
        #expect(once.output.contains("node ImageCellNode"), "\(once.output)")
        let refused = try ReboundProcess.run(
            "new", parent.folder.appendingPathComponent("Other").path, "--template", "texture", "--app-delegate")
        #expect(refused.status == 1 && refused.error.contains("leave out --app-delegate"), "\(refused.error)")
    }

    /// `rebound new --template list`: the ModernList example, launched by its app delegate,
    /// which runs and shows its rows.
    @Test func newWithTheListTemplateStartsFromAModernList() throws {
        let parent = try TemporaryProject([:])
        let path = parent.folder.appendingPathComponent("Groceries").path
        #expect(try ReboundProcess.run("new", path, "--template", "list").status == 0)
        #expect(FileManager.default.fileExists(atPath: path + "/ListController.lua"))
        #expect(FileManager.default.fileExists(atPath: path + "/spec/list_spec.lua"))
        let settings = try String(contentsOfFile: path + "/rebound.json", encoding: .utf8)
        #expect(settings.contains(#""appDelegate": "AppDelegate""#), "\(settings)")
        let once = try ReboundProcess.run("run", path, "--once")
        #expect(once.status == 0, "\(once.error)")
        #expect(once.output.contains("UICollectionViewListCell"), "\(once.output)")
        let check = try ReboundProcess.run("check", path, "--lint")
        #expect(check.status == 0 && check.output.contains("no lint findings"), "\(check.output)\(check.error)")
    }

    @Test func versionAndStandardInput() throws {
        let version = try ReboundProcess.run("--version")
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("rebound "))
        let piped = try ReboundProcess.run("eval", "-", input: Data("return 6 * 7, select('#', ...)".utf8))
        #expect(piped.output == "42\n0\n")
    }

    @Test func clearErrorsForBadSettingsAndFiles() throws {
        let device = try TemporaryProject([
            "main.lua": Self.controller + "\nreturn C\n", "rebound.json": #"{"device": "phnoe"}"#,
        ])
        let run = try ReboundProcess.run("run", device.path, "--once")
        #expect(run.status == 2)
        #expect(
            run.error.hasPrefix("error: rebound.json: 'phnoe' is not a device profile (did you mean 'phone'?)"),
            "\(run.error)")

        // Lua's lexer takes any bytes in strings and comments; so does Rebound.
        let latin1 = try TemporaryProject([:])
        try latin1.write(
            "main.lua",
            Data("-- caf\u{E9} in Latin-1: ".utf8) + Data([0x63, 0x61, 0x66, 0xE9, 0x0A])
                + Data((Self.controller + "\nreturn C\n").utf8))
        let started = try ReboundProcess.run("run", latin1.path, "--once")
        #expect(started.status == 0, "\(started.error)")
    }

    /// A module nobody may read says so; as root (CI), the command runs as an unprivileged user.
    @Test func anUnreadableModuleSaysPermissionDenied() throws {
        let project = try TemporaryProject([
            "main.lua": Self.controller + "\nrequire \"Secret\"\nreturn C\n", "Secret.lua": "return 1\n",
        ])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: project.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o644], ofItemAtPath: project.folder.appendingPathComponent("main.lua").path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o000], ofItemAtPath: project.folder.appendingPathComponent("Secret.lua").path)
        let asUser = geteuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let run = try ReboundProcess(["run", project.path, "--once"], environment: ["HOME": "/tmp"], prefix: asUser)
            .finish(deadline: .seconds(30))
        #expect(run.error.contains("error: cannot read Secret.lua: permission denied"), "\(run.error)")
        #expect(!run.error.contains("syntax error"))
        #expect(run.status == 1)

        // A module that becomes unreadable while the host runs keeps its loaded code.
        let secret = project.folder.appendingPathComponent("Secret.lua")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: secret.path)
        let live = try ReboundProcess(["run", project.path, "--json"], environment: ["HOME": "/tmp"], prefix: asUser)
        _ = live.waitForEvent { $0["event"] as? String == "started" }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
        try project.write("Secret.lua", Data("return 2\n".utf8))
        let failed = live.waitForEvent { $0["event"] as? String == "runtime-error" }
        let message = (failed?["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.hasPrefix("cannot read Secret.lua: permission denied"), "\(message)")
        live.send(SIGINT)
        #expect(live.finish(deadline: .seconds(20)).status == 0)
    }

    @Test func checkReportsEverySyntaxErrorAtOnce() throws {
        let project = try TemporaryProject([
            "main.lua": "return 1\n",
            "A.lua": "local x = = 1\n",
            "Cells/B.lua": "function f(\n",
        ])
        let run = try ReboundProcess.run("check", project.path)
        #expect(run.status == 1)
        #expect(run.error.contains("syntax error: A.lua:1: unexpected symbol near '='\n    1 | local x = = 1"))
        #expect(run.error.contains("syntax error: Cells/B.lua:2:"))
        #expect(run.output == "3 modules checked, 2 syntax errors\n")
        let clean = try ReboundProcess.run("check", ReboundProcess.examples + "/WordsCollection")
        #expect(clean.status == 0)
        #expect(clean.output == "3 modules checked, no syntax errors\n")
    }

    /// The misspellings the host warns of as they run, found in the source: assignments only,
    /// outside comments and strings, and not a table constructor's keys.
    @Test func checkFindsMisspelledProperties() throws {
        let project = try TemporaryProject([
            "main.lua": """
            local label = objc.UILabel:new()
            label.textColour = objc.UIColor.redColor -- label.numberOfLine = 0
            local text = "label.backgroundColour = 1"
            local style = { textColour = 1 }
            if label.numberOfLine == 0 then label:sizeToFit() end
            label.frames, label.tap = {}, 1
            label.layer.cornerRadius = 4
            return label
            """
        ])
        let run = try ReboundProcess.run("check", project.path)
        #expect(run.status == 1)
        #expect(
            run.error
                == "misspelled property: main.lua:2: 'textColour' is no property of a UIKit class (did you mean "
                + "'textColor'?)\n    2 | label.textColour = objc.UIColor.redColor -- label.numberOfLine = 0\n")
        #expect(run.output == "1 module checked, no syntax errors, 1 misspelled property\n")
    }

    @Test func aBadProjectIsAClearErrorNotACrash() throws {
        let project = try TemporaryProject([
            "A.lua": "return 1\n", "B.lua": "return 2\n", "rebound.json": #"{"strat": "A"}"#,
        ])
        let run = try ReboundProcess.run("run", project.path, "--once")
        #expect(run.status == 2)
        #expect(run.error == "error: rebound.json: unknown key 'strat' (did you mean 'start'?)\n")
    }
}
