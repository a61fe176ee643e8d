import Console
import Foundation
import LiveHost
import LiveTestSupport
import Testing

/// A console reply lives outside the Lua state, where `--memory-limit` does not reach: what a
/// chunk prints, returns or raises is cut to a bounded size, with a note that says so.
@Suite struct ConsoleReplyTests {
    static let files = ["main.lua": "local C = objc.UIViewController:createSubclass('C')\nreturn C\n"]

    @Test func printedOutputIsCutWithANote() throws {
        let project = try LiveProject(Self.files)
        let reply = project.host.evaluate("for i = 1, 400 do print(('x'):rep(10000)) end return 'done'")
        #expect(reply.outcome == .values(["\"done\""]))
        let bytes = reply.output.reduce(0) { $0 + $1.utf8.count }
        #expect(bytes <= (1 << 20) + 200, "\(bytes) bytes of output in the reply")
        #expect(
            reply.output.last?.contains("[output cut: ") == true && reply.output.last?.contains("more lines") == true,
            "\(reply.output.last ?? "")")
        #expect(project.events(.print).count == 400, "every line was still shown as it was printed")
    }

    @Test func aHugeValueOrErrorIsCut() throws {
        let project = try LiveProject(Self.files)
        let server = try ConsoleTests.serveConsole(of: project)
        defer { server.stop() }
        guard case .values(let values) = project.host.evaluate("return ('y'):rep(50000000)").outcome else {
            Issue.record("no value")
            return
        }
        #expect(values.first?.utf8.count ?? 0 < 70_000)
        #expect(values.first?.hasSuffix("... (49934464 more bytes)") == true, "\(values.first?.suffix(40) ?? "")")
        // Over the socket, an error's message is cut the same way.
        let path = server.path
        final class Box: @unchecked Sendable { var reply: ConsoleRequest.Reply? }
        let box = Box()
        Thread.detachNewThread {
            box.reply = try? ConsoleClient(path: path).evaluate("error(('z'):rep(50000000), 0)")
        }
        #expect(project.handle(until: { box.reply != nil }, timeout: .seconds(120)))
        guard case .failed(let message, _)? = box.reply?.outcome else {
            Issue.record("no error: \(String(describing: box.reply))")
            return
        }
        #expect(message.utf8.count < 70_000 && message.hasSuffix("more bytes)"), "\(message.suffix(60))")
    }
}
