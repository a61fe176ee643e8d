import Foundation
import Testing

/// `rebound eval` as a user runs it: a real process, its output and its exit status.
@Suite struct EvalCommandTests {
    /// The `rebound` executable that `swift build` put beside the test bundle.
    static let executable: URL = {
        var folder = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("rebound").path),
              folder.pathComponents.count > 1 {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("rebound")
    }()

    /// The bundled examples in the source tree.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Examples").path

    static func rebound(_ arguments: String...) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test func printsEveryResult() throws {
        let run = try Self.rebound("eval", "-e", "return 1 + 1, 'two', nil, 2.5")
        #expect(run.status == 0)
        #expect(run.output == "2\ntwo\nnil\n2.5\n")
    }

    @Test func errorsGoToStandardErrorWithTracebackAndStatus() throws {
        let run = try Self.rebound("eval", "-e", "local function f() error('boom') end\nf()")
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("error: (command line):1: boom\nstack traceback:"))
        #expect(run.error.contains("in local 'f'"))
    }

    @Test func runsAFileWithItsPathInMessages() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-eval-\(UUID().uuidString).lua")
        try "return 6 * 7\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.rebound("eval", file.path).output == "42\n")
        try "\nreturn x.y\n".write(to: file, atomically: true, encoding: .utf8)
        let failed = try Self.rebound("eval", file.path)
        #expect(failed.status == 1)
        #expect(failed.error.hasPrefix("error: \(file.path):2: attempt to index a nil value (global 'x')"))
    }

    @Test func theTimeBudgetOptionStopsARunawayScript() throws {
        let run = try Self.rebound("eval", "--time-budget", "0.2", "-e", "while true do end")
        #expect(run.status == 1)
        #expect(run.error.contains("time budget of 0.2 s exceeded"))
    }

    @Test func badInvocationsExplainThemselves() throws {
        let neither = try Self.rebound("eval")
        #expect(neither.status != 0)
        #expect(neither.error.contains("Give either a FILE or -e CODE."))
        let missing = try Self.rebound("eval", "/nonexistent/file.lua")
        #expect(missing.status == 1)
        #expect(missing.error.contains("cannot read /nonexistent/file.lua"))
    }
}
