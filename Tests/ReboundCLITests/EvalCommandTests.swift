import Foundation
import Testing

/// `rebound eval` as a user runs it: a real process, its output and its exit status.
@Suite struct EvalCommandTests {
    @Test func printsEveryResult() throws {
        let run = try ReboundProcess.run("eval", "-e", "return 1 + 1, 'two', nil, 2.5")
        #expect(run.status == 0)
        #expect(run.output == "2\ntwo\nnil\n2.5\n")
    }

    @Test func codeRunsInTheHeadlessWorldUnlessBare() throws {
        let world = try ReboundProcess.run(
            "eval", "-e",
            """
            local label = objc.UILabel:new()
            label.text = "Hello"
            label:sizeToFit()
            return objc.UIScreen.mainScreen.bounds.size.width, label.frame.size.width > 0, require("UIKit.UIView").Autoresizing.FlexibleWidth
            """)
        #expect(world.output == "375.0\ntrue\n2\n", "\(world.error)")
        #expect(
            try ReboundProcess.run(
                "eval", "--device", "tablet", "-e", "return objc.UIScreen.mainScreen.bounds.size.width"
            ).output
                == "1024.0\n")
        #expect(try ReboundProcess.run("eval", "--bare", "-e", "return objc, struct").output == "nil\nnil\n")
        let wrong = try ReboundProcess.run("eval", "--device", "watch", "-e", "return 1")
        #expect(wrong.status != 0 && wrong.error.contains("'watch' is not a device profile"))
    }

    @Test func errorsGoToStandardErrorWithTracebackAndStatus() throws {
        let run = try ReboundProcess.run("eval", "-e", "local function f() error('boom') end\nf()")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("error: (command line):1: boom\nstack traceback:"))
        #expect(run.error.contains("in local 'f'"))
    }

    @Test func runsAFileWithItsPathInMessages() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-eval-\(UUID().uuidString).lua")
        try "return 6 * 7\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try ReboundProcess.run("eval", file.path).output == "42\n")
        try "\nreturn x.y\n".write(to: file, atomically: true, encoding: .utf8)
        let failed = try ReboundProcess.run("eval", file.path)
        #expect(failed.status == 1)
        #expect(failed.error.hasPrefix("error: \(file.path):2: attempt to index a nil value (global 'x')"))
    }

    @Test func theTimeBudgetOptionStopsARunawayScript() throws {
        let run = try ReboundProcess.run("eval", "--time-budget", "0.2", "-e", "while true do end")
        #expect(run.status == 1)
        #expect(run.error.contains("time budget of 0.2 s exceeded"))
    }

    /// Native code that loops on a script's number cannot be stopped by the time budget: an
    /// arc's sweep from huge angles must be worked out, not counted down a turn at a time.
    @Test func anArcWithHugeAnglesReturnsAtOnce() throws {
        let run = try ReboundProcess.run(
            "eval", "--time-budget", "1", "-e",
            """
            local path = objc.UIBezierPath:bezierPathWithArcCenter_radius_startAngle_endAngle_clockwise({ x = 0, y = 0 }, 10, 1e300, 0, true)
            path:addArcWithCenter_radius_startAngle_endAngle_clockwise({ x = 0, y = 0 }, 10, -1e300, 0, false)
            print(path.isEmpty)
            """, deadline: .seconds(20))
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "false\n")
    }

    @Test func badInvocationsExplainThemselves() throws {
        let neither = try ReboundProcess.run("eval")
        #expect(neither.status != 0)
        #expect(neither.error.contains("Give a FILE, - for standard input, or -e CODE (the console needs a terminal)."))
        let missing = try ReboundProcess.run("eval", "/nonexistent/file.lua")
        #expect(missing.status == 1)
        #expect(missing.error.contains("cannot read /nonexistent/file.lua"))
    }
}
