import Console
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

    /// The first line of the answer to `GET path` on a loopback port ("" when none came within 5 s).
    static func get(_ path: String, port: UInt16) -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "" }
        let request = "GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count], as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
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
        relay.type(
            Self.frame(1, "initialize", #"{"adapterID":"editor"}"#) + Self.frame(2, "attach")
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
        let project = try TemporaryProject([
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            ticks = 0
            function C:tick()
                ticks = ticks + 1
                self:performSelector_withObject_afterDelay("tick", nil, 0)
            end
            function C:viewDidLoad() self:performSelector_withObject_afterDelay("tick", nil, 0) end
            return C
            """
        ])
        let run = try ReboundProcess(["run", project.path], input: nil)
        #expect(run.waitForOutput(containing: "started main.lua"))
        // The console answers while the loop runs, again and again, and the loop goes on meanwhile.
        var counts: [Int] = []
        for _ in 0..<20 where (counts.last ?? 0) <= 10 {
            guard case .values(let values)? = Self.ask(project, "return ticks")?.outcome,
                let count = values.first.flatMap({ Int($0) })
            else { break }
            counts.append(count)
            usleep(50_000)
        }
        #expect((counts.last ?? 0) > 10, "the console did not answer while the loop ran: \(counts)")
        run.send(SIGTERM)
        let ended = run.finish(deadline: .seconds(30))
        #expect(ended.status == 0, "\(ended.error)")
    }

    /// The program holds every descriptor it can get, and the preview is flooded past the
    /// process's limit: the listeners keep listening, say so, and answer once there are
    /// descriptors again; the host survives it all.
    @Test func runningOutOfDescriptorsDoesNotKillTheListeners() throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let run = try ReboundProcess(
            ["run", project.path, "--preview"], input: nil,
            prefix: ["/usr/bin/prlimit", "--nofile=256:256", "--"])
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: "preview: http://127.0.0.1:"))
        let port = try #require(
            run.outputText.split(separator: "\n").first { $0.hasPrefix("preview: ") }
                .flatMap { $0.split(separator: ":").last }.flatMap { Int($0.filter(\.isNumber)) })
        // A connection that stays: the program takes every descriptor through it.
        let path = project.folder.appendingPathComponent(".rebound/console.sock").path
        var connected: ConsoleClient?
        for _ in 0..<100 where connected == nil {
            connected = try? ConsoleClient(path: path)
            if connected == nil { usleep(100_000) }
        }
        let console = try #require(connected)
        let held = try console.evaluate(
            """
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
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            flood.append(socket)
        }
        for _ in 0..<5 { _ = try? ConsoleClient(path: path).evaluate("return 1") }
        let deadline = Date(timeIntervalSinceNow: 60)
        while !run.errorText.contains("run out of file descriptors") && Date() < deadline { usleep(100_000) }
        #expect(run.errorText.contains("run out of file descriptors"), "said once: \(run.errorText)")
        // Descriptors again: the program lets go of its files, the flood leaves.
        let released = try console.evaluate(
            "for _, file in ipairs(held) do file:close() end held = nil collectgarbage() return 'released'")
        #expect(released.outcome == .values(["\"released\""]))
        for socket in flood { close(socket) }
        let reply = Self.ask(project, "return 'still here'")
        #expect(reply?.outcome == .values(["\"still here\""]), "a new console client was not answered")
        #expect(run.process.isRunning, "the host died: \(run.finish().error)")
    }

    /// More connections than the process has descriptors, held open: the preview takes what its
    /// limits allow, the rest wait, and the host lives on and serves the page afterwards.
    @Test func aConnectionFloodPastTheDescriptorLimit() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = min(limit.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let project = try TemporaryProject(["main.lua": Self.controller])
        let run = try ReboundProcess(
            ["run", project.path, "--preview"], input: nil,
            prefix: ["/usr/bin/prlimit", "--nofile=1024:1024", "--"])
        defer { _ = run.finish(deadline: .seconds(30)) }
        defer { run.send(SIGINT) }
        #expect(run.waitForOutput(containing: "preview: http://127.0.0.1:"))
        let port = try #require(
            run.outputText.split(separator: "\n").first { $0.hasPrefix("preview: ") }
                .flatMap { $0.split(separator: ":").last }.flatMap { UInt16($0.filter(\.isNumber)) })
        var flood: [Int32] = []
        for _ in 0..<1100 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { break }
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            flood.append(socket)
        }
        #expect(flood.count == 1100)
        usleep(2_000_000)
        let reply = Self.ask(project, "return 'alive'")
        #expect(reply?.outcome == .values(["\"alive\""]))
        for socket in flood { close(socket) }
        #expect(run.process.isRunning, "the host died: \(run.errorText)")
        var status = ""
        for _ in 0..<100 where !status.hasPrefix("HTTP/1.1 200") {
            status = Self.get("/", port: port)
            if !status.hasPrefix("HTTP/1.1 200") { usleep(100_000) }
        }
        #expect(status.hasPrefix("HTTP/1.1 200"), "the page was not served after the flood: \(status)")
    }

    /// A screen whose drawing would take minutes: the preview draws it off the host's thread,
    /// within its budget, and the console answers meanwhile.
    @Test func aCostlyPictureDoesNotStopTheConsole() throws {
        let project = try TemporaryProject([
            "main.lua": """
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
            """
        ])
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

    @Test(arguments: [
        ["render", "PROJECT", "--device", "1x3e9"], ["run", "PROJECT", "--once", "--device", "1x1e300"],
        ["run", "PROJECT", "--preview", "--device", "40000x10"],
    ])
    func aScreenTooLargeIsAClearError(arguments: [String]) throws {
        let project = try TemporaryProject(["main.lua": Self.controller])
        let process = try ReboundProcess(arguments.map { $0 == "PROJECT" ? project.path : $0 })
        let result = process.finish(deadline: .seconds(60))
        #expect(result.status != 0)
        #expect(result.error.contains("8192 pixels a side"), "\(result.error)")
    }
}
