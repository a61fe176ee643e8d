import Foundation
import LiveHost
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `rebound run` as an attacker, a runaway script or a starved machine meets it: the
/// debugger's defaults, timers that never wait, descriptors that run out, pictures too costly
/// to draw and screens too large; each time the console still answers, or the host ends when
/// told to.
@Suite(.serialized) struct HostSecurityTests {
    static let controller = """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local label = objc.UILabel:newWithFrame(struct.CGRect(10, 40, 200, 30))
            label.text = "Hello"
            self.view:addSubview(label)
        end
        return C
        """

    /// Asks the running host's console, retrying while its socket is not there yet.
    static func ask(_ project: TemporaryProject, _ code: String, timeout: TimeInterval = 60) -> ConsoleRequest.Reply? {
        let path = project.folder.appendingPathComponent(".rebound/console.sock").path
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let client = try? ConsoleClient(path: path), let reply = try? client.evaluate(code) { return reply }
            usleep(100_000)
        }
        return nil
    }

    /// Frames one Debug Adapter Protocol request.
    static func frame(_ seq: Int, _ command: String, _ arguments: String = "{}") -> String {
        let body = #"{"seq":\#(seq),"type":"request","command":"\#(command)","arguments":\#(arguments)}"#
        return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    @Test func theDebuggerIsTheProjectsSocketAndRelaysToAnEditor() throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let run = try ReboundProcess(["run", project.path, "--debug"], input: nil)
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        let socket = project.folder.appendingPathComponent(".rebound/debug.sock").path
        #expect(run.waitForOutput(containing: "debugger: a Debug Adapter Protocol client attaches to \(socket)"))
        var info = stat()
        #expect(lstat(socket, &info) == 0 && info.st_mode & 0o777 == 0o600, "the socket is the owner's only")
        // An editor's adapter: `rebound dap` on its standard input and output.
        let relay = try ReboundProcess(["dap", project.path], input: nil)
        relay.type(Self.frame(1, "initialize", #"{"adapterID":"editor"}"#) + Self.frame(2, "attach")
            + Self.frame(3, "evaluate", #"{"expression":"6 * 7","context":"repl"}"#))
        #expect(relay.waitForOutput(containing: #""event":"initialized""#))
        #expect(relay.waitForOutput(containing: #""result":"42""#))
        relay.closeInput()
        let ended = relay.finish(deadline: .seconds(30))
        #expect(ended.status == 0, "\(ended.error)")
    }

    @Test func aTCPDebuggerHasATokenForTheOwnerOnly() throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let run = try ReboundProcess(["run", project.path, "--debug-address", "127.0.0.1:0"], input: nil)
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: "\"token\": \""))
        let file = project.folder.appendingPathComponent(".rebound/debug-token").path
        let token = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token.count == 32)
        #expect(run.outputText.contains("\"token\": \"\(token)\""))
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    /// Timers that schedule themselves again with no delay: the console answers, and SIGTERM
    /// ends the host.
    @Test func aZeroDelayLoopLeavesTheConsoleAndSIGTERMWorking() throws {
        let project = try TemporaryProject(["main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            ticks = 0
            function C:tick()
                ticks = ticks + 1
                self:performSelector_withObject_afterDelay("tick", nil, 0)
            end
            function C:viewDidLoad() self:performSelector_withObject_afterDelay("tick", nil, 0) end
            return C
            """])
        let run = try ReboundProcess(["run", project.path], input: nil)
        #expect(run.waitForOutput(containing: "started main.lua"))
        let reply = Self.ask(project, "return ticks > 10")
        #expect(reply?.outcome == .values(["true"]), "the console did not answer: \(String(describing: reply))")
        run.send(SIGTERM)
        let ended = run.finish(deadline: .seconds(30))
        #expect(ended.status == 0, "\(ended.error)")
    }

    /// The program holds every descriptor it can get, and the preview is flooded past the
    /// process's limit: the listeners keep listening, say so, and answer once there are
    /// descriptors again; the host survives it all.
    @Test func runningOutOfDescriptorsDoesNotKillTheListeners() throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let run = try ReboundProcess(["run", project.path, "--preview"], input: nil,
                                     prefix: ["/usr/bin/prlimit", "--nofile=256:256", "--"])
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: "preview: http://127.0.0.1:"))
        let port = try #require(run.outputText.split(separator: "\n").first { $0.hasPrefix("preview: ") }
            .flatMap { $0.split(separator: ":").last }.flatMap { Int($0.filter(\.isNumber)) })
        // A connection that stays: the program takes every descriptor through it.
        let path = project.folder.appendingPathComponent(".rebound/console.sock").path
        var connected: ConsoleClient?
        for _ in 0..<100 where connected == nil {
            connected = try? ConsoleClient(path: path)
            if connected == nil { usleep(100_000) }
        }
        let console = try #require(connected)
        let held = try console.evaluate("""
            held = {}
            while true do
                local file = io.open("/dev/null")
                if not file then break end
                held[#held + 1] = file
            end
            return #held > 100
            """)
        #expect(held.outcome == .values(["true"]))
        // Meanwhile: a flood of the preview, and new console clients, which find no descriptor.
        var flood: [Int32] = []
        for _ in 0..<300 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)  // a flood does not wait for each
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            flood.append(socket)
        }
        for _ in 0..<5 { _ = try? ConsoleClient(path: path).evaluate("return 1") }
        let deadline = Date(timeIntervalSinceNow: 60)
        while !run.errorText.contains("run out of file descriptors") && Date() < deadline { usleep(100_000) }
        #expect(run.errorText.contains("run out of file descriptors"), "said once: \(run.errorText)")
        // Descriptors again: the program lets go of its files, the flood leaves.
        let released = try console.evaluate("for _, file in ipairs(held) do file:close() end held = nil collectgarbage() return 'released'")
        #expect(released.outcome == .values(["\"released\""]))
        for socket in flood { close(socket) }
        let reply = Self.ask(project, "return 'still here'")
        #expect(reply?.outcome == .values(["\"still here\""]), "a new console client was not answered")
        #expect(run.process.isRunning, "the host died: \(run.finish().error)")
    }

    /// A screen whose drawing would take minutes: the preview draws it off the host's thread,
    /// within its budget, and the console answers meanwhile.
    @Test func aCostlyPictureDoesNotStopTheConsole() throws {
        let project = try TemporaryProject(["main.lua": """
            local CGContext = require "CoreGraphics.CGContext"
            local UIGraphics = require "UIKit.UIGraphics"
            local Canvas = objc.UIView:createSubclass "Canvas"
            function Canvas:drawRect(rect)
                local c = UIGraphics.GetCurrentContext()
                CGContext.SetShadowWithColor(c, { width = 2, height = 2 }, 8, objc.UIColor.blackColor.CGColor)
                CGContext.SetFillColorWithColor(c, objc.UIColor:colorWithWhite_alpha(1, 0.01).CGColor)
                for _ = 1, 3000 do CGContext.FillRect(c, rect) end
            end
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad() self.view:addSubview(Canvas:newWithFrame(self.view.bounds)) end
            return C
            """])
        let run = try ReboundProcess(["run", project.path, "--preview"], input: nil)
        defer { _ = run.finish(deadline: .seconds(60)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: "preview: http://"))
        let reply = Self.ask(project, "return 'answered'")
        #expect(reply?.outcome == .values(["\"answered\""]))
        let deadline = Date(timeIntervalSinceNow: 120)
        while !run.errorText.contains("shadows were left out") && Date() < deadline { usleep(100_000) }
        #expect(run.errorText.contains("shadows were left out"), "\(run.errorText)")
    }

    @Test(arguments: [["render", "PROJECT", "--device", "1x3e9"], ["run", "PROJECT", "--once", "--device", "1x1e300"],
                      ["run", "PROJECT", "--preview", "--device", "40000x10"]])
    func aScreenTooLargeIsAClearError(arguments: [String]) throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let process = try ReboundProcess(arguments.map { $0 == "PROJECT" ? project.path : $0 })
        let result = process.finish(deadline: .seconds(60))
        #expect(result.status != 0)
        #expect(result.error.contains("8192 pixels a side"), "\(result.error)")
    }
}
