import Foundation
import Testing

/// The consoles as a user meets them: `rebound eval`'s prompt and `rebound run --console` on a
/// real pseudo-terminal (Python's pty module stands between the test and the process), and
/// `rebound console` attached to a running host.
@Suite struct ConsoleCommandTests {
    /// Runs the command on a pseudo-terminal whose other side is the test's pipes; the command
    /// is killed when the relay dies (a test past its deadline kills the relay).
    static let pseudoTerminal = [
        "/usr/bin/python3", "-c",
        """
        import ctypes, os, pty, sys
        def child():
            ctypes.CDLL(None).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
            os.execv(sys.argv[1], sys.argv[1:])
        pid, fd = pty.fork()
        if pid == 0:
            child()
        try:
            pty._copy(fd)
        except OSError:
            pass
        os.close(fd)
        sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
        """,
    ]

    static let project = [
        "rebound.json": #"{ "start": "main" }"#,
        "main.lua": """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local label = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 100, 20))
            label.text = "Hi"
            self.view:addSubview(label)
            self.title = "Main"
        end
        return C
        """,
    ]

    /// The environment with a plain terminal (no escape sequences to read past) and a history
    /// file of the test's own.
    static func environment(state: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "dumb"
        environment["XDG_STATE_HOME"] = state.path
        return environment
    }

    /// `rebound eval` as a console on a pseudo-terminal, its history in `state`.
    static func evalConsole(state: TemporaryProject) throws -> ReboundProcess {
        try ReboundProcess(
            ["eval"], input: nil, environment: environment(state: state.folder), prefix: pseudoTerminal)
    }

    /// Types each line only at a new prompt, as a person does: text typed ahead of the prompt
    /// belongs to the terminal, which drops it on Ctrl-C.
    final class Typist {
        let process: ReboundProcess
        private var prompts = 0

        init(_ process: ReboundProcess) {
            self.process = process
        }

        /// Ctrl-D at the next prompt, a moment after it shows, as a person presses it. A Ctrl-D
        /// that reaches the terminal in the instant between the prompt showing and libedit
        /// putting the terminal in raw mode ends up in the line as a character (the terminal
        /// driver had it as a cooked end of file), and Ctrl-D no longer ends the input.
        func endOfInput() {
            prompts += 1
            guard process.waitForOutput(containing: "> ", times: prompts) else { return }
            usleep(300_000)
            process.type("\u{04}")
        }

        /// Waits for the next prompt (`> ` or `>> `), then types `text` (a newline is added).
        @discardableResult
        func line(_ text: String, enter: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
            prompts += 1
            guard process.waitForOutput(containing: "> ", times: prompts, sourceLocation: sourceLocation) else {
                return false
            }
            process.type(enter ? text + "\n" : text)
            return true
        }
    }

    @Test func evalOnATerminalIsAConsole() throws {
        let state = try TemporaryProject([:])
        let console = try ReboundProcess(
            ["eval", "--time-budget", "0"], input: nil,
            environment: Self.environment(state: state.folder), prefix: Self.pseudoTerminal)
        let typist = Typist(console)
        typist.line("x = 6")
        typist.line("function f(a)")
        #expect(console.waitForOutput(containing: ">> "), "an unfinished chunk asks for more")
        typist.line("  return a * x")
        typist.line("end")
        typist.line("=f(7)")
        #expect(console.waitForOutput(containing: "42\r\n"))
        typist.line("objc.UILabel:newWithFrame(struct.CGRect(1, 2, 3, 4))")
        #expect(console.waitForOutput(containing: "frame=(1, 2, 3, 4)>"))
        typist.line("{1, 'two', three = {3}}")
        #expect(console.waitForOutput(containing: "{1, \"two\", three = {3}}"))
        typist.line("error('boom')")
        #expect(console.waitForOutput(containing: "console:1: boom"))
        // Ctrl-C drops the line being typed.
        typist.line("error('never run')", enter: false)
        #expect(console.waitForOutput(containing: "error('never run')"))
        console.type("\u{03}")
        typist.line("return 'after the drop'")
        #expect(console.waitForOutput(containing: "\"after the drop\""))
        // Ctrl-C stops a chunk that runs, and the console goes on.
        typist.line("while true do end")
        #expect(console.waitForOutput(containing: "while true do end"))
        usleep(300_000)
        console.type("\u{03}")
        #expect(console.waitForOutput(containing: "console:1: interrupted"))
        typist.line("return 'still here'")
        #expect(console.waitForOutput(containing: "\"still here\""))
        typist.endOfInput()
        let result = console.finish(deadline: .seconds(30))
        #expect(result.status == 0)
        #expect(!result.output.contains("console:1: never run"))
        let history = try String(contentsOf: state.folder.appendingPathComponent("rebound/history"), encoding: .utf8)
        #expect(history.contains("=f(7)"), "each line is kept in the history")
        #expect(!history.contains("never"), "a dropped line is not")
    }

    /// Letters outside ASCII are typed as they are, not dropped.
    @Test func aLineMayHoldAnyLetter() throws {
        let state = try TemporaryProject([:])
        let console = try Self.evalConsole(state: state)
        let typist = Typist(console)
        typist.line("return 'Grüße, 世界' .. #'é'")
        #expect(console.waitForOutput(containing: "\"Grüße, 世界2\""))
        typist.endOfInput()
        #expect(console.finish(deadline: .seconds(30)).status == 0)
    }

    /// The keys a readline user reaches for: Ctrl-R searches the history, Home goes to the
    /// line's start.
    @Test func ctrlRSearchesTheHistoryAndHomeGoesToTheStart() throws {
        let state = try TemporaryProject([:])
        let console = try Self.evalConsole(state: state)
        let typist = Typist(console)
        typist.line("return 'search' .. 'ed'")
        #expect(console.waitForOutput(containing: "\"searched\""))
        typist.line("\u{12}search")
        #expect(console.waitForOutput(containing: "\"searched\"", times: 2), "the line found was run again")
        typist.line("'home'", enter: false)
        #expect(console.waitForOutput(containing: "'home'"))
        console.type("\u{1B}[Hreturn \n")
        #expect(console.waitForOutput(containing: "\"home\""))
        typist.endOfInput()
        #expect(console.finish(deadline: .seconds(30)).status == 0)
    }

    /// A signal that is not Ctrl-C, reaching the thread that waits at the prompt (as the
    /// console's own kick may, late, after the Ctrl-C it was for), leaves the prompt and the
    /// line being typed alone.
    @Test func aStraySignalAtThePromptChangesNothing() throws {
        let state = try TemporaryProject([:])
        let console = try Self.evalConsole(state: state)
        let typist = Typist(console)
        typist.line("return 'kept", enter: false)
        #expect(console.waitForOutput(containing: "return 'kept"))
        let reader = try #require(Self.threadReadingTheTerminal(under: console.process.processIdentifier))
        #expect(try Self.signal(thread: reader.thread, of: reader.process, SIGUSR2) == 0)
        usleep(300_000)
        console.type(" whole'\n")
        #expect(console.waitForOutput(containing: "\"kept whole\""))
        typist.endOfInput()
        #expect(console.finish(deadline: .seconds(30)).status == 0)
    }

    /// Sends `signal` to one thread (glibc's `tgkill`, which Swift does not see) and returns
    /// the call's status.
    static func signal(thread: Int32, of process: Int32, _ signal: Int32) throws -> Int32 {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c", "import ctypes, sys; sys.exit(ctypes.CDLL(None).tgkill(*map(int, sys.argv[1:])))",
            "\(process)", "\(thread)", "\(signal)",
        ]
        try python.run()
        python.waitUntilExit()
        return python.terminationStatus
    }

    /// `read`'s number in `/proc/…/syscall`.
    #if arch(arm64)
    static let readCallNumber = "63"
    #else
    static let readCallNumber = "0"
    #endif

    /// The `rebound` process under the pseudo-terminal's relay, and its thread that waits in
    /// `read` on standard input; waits for it up to 30 seconds.
    static func threadReadingTheTerminal(under relay: Int32) -> (process: Int32, thread: Int32)? {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(relay)/task/\(relay)/children", encoding: .utf8)) ?? ""
            if let child = children.split(separator: " ").first.flatMap({ Int32($0) }) {
                let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(child)/task")) ?? []
                for task in tasks {
                    let call =
                        (try? String(contentsOfFile: "/proc/\(child)/task/\(task)/syscall", encoding: .utf8)) ?? ""
                    let fields = call.split(separator: " ")
                    if fields.count > 1, fields[0] == Self.readCallNumber, fields[1] == "0x0", let thread = Int32(task)
                    {
                        return (child, thread)
                    }
                }
            }
            usleep(50_000)
        }
        return nil
    }

    @Test func runWithAConsoleAndAnotherTerminalAttached() throws {
        let state = try TemporaryProject([:])
        let project = try TemporaryProject(Self.project)
        let run = try ReboundProcess(
            ["run", project.path, "--console"], input: nil,
            environment: Self.environment(state: state.folder), prefix: Self.pseudoTerminal)
        #expect(run.waitForOutput(containing: "console: rebound console attaches to"))
        let typist = Typist(run)
        typist.line("host.rootViewController.title")
        #expect(run.waitForOutput(containing: "\"Main\""))
        typist.line("shared = 41")
        typist.line("print('printed at the prompt')")
        #expect(run.waitForOutput(containing: "printed at the prompt"))

        let attached = try ReboundProcess.run(
            "console", project.path, "-e",
            "shared = shared + 1; print('from afar'); return shared, host.window.subviews[1]")
        #expect(attached.status == 0, "\(attached.error)")
        #expect(attached.output.hasPrefix("from afar\n42\n<UIView 0x"), "\(attached.output)")
        let failed = try ReboundProcess.run(
            "console", "--socket", project.folder.appendingPathComponent(".rebound/console.sock").path,
            "-e", "local t = nil; return t.x")
        #expect(failed.status == 1)
        #expect(failed.error.contains("console:1: attempt to index a nil value (local 't')"))
        let piped = try ReboundProcess.run("console", project.path, input: Data("return shared * 2".utf8))
        #expect(piped.output == "84\n")

        typist.endOfInput()
        let result = run.finish(deadline: .seconds(30))
        #expect(result.status == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: project.folder.appendingPathComponent(".rebound/console.sock").path),
            "the socket goes with the host")
    }

    @Test func consoleWithNoHostSaysSo() throws {
        let project = try TemporaryProject(Self.project)
        let alone = try ReboundProcess.run("console", project.path, "-e", "return 1")
        #expect(alone.status == 2)
        #expect(alone.error.contains("no console there (is `rebound run` running on the project?)"))
    }
}
