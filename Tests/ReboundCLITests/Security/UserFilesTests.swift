import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Rebound never loses the user's files: `rebound test`'s edits stay in its copy of the
/// project, even through a symlink and even when the run is killed, and the copy goes too.
@Suite(.serialized) struct UserFilesTests {
    static let spec = """
        describe("editing", function()
            it("edits the shared module", function()
                assert.is_true(host.edit("Shared.lua", "return 'edited by the spec'"))
                EDIT_THEN
            end)
        end)
        """

    /// A project whose `Shared.lua` is a symlink to the user's file outside it.
    static func project(hanging: Bool) throws -> (project: TemporaryProject, outside: URL) {
        let project = try TemporaryProject([
            "main.lua": "require 'Shared'\nlocal C = objc.UIViewController:createSubclass('C')\nreturn C\n",
            "spec/edit_spec.lua": spec.replacingOccurrences(of: "EDIT_THEN", with: hanging ? "while true do end" : ""),
        ])
        let outside = project.folder.deletingLastPathComponent().appendingPathComponent(
            "shared-\(UUID().uuidString).lua")
        try "return 'the user\\'s own'\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: project.folder.appendingPathComponent("Shared.lua"), withDestinationURL: outside)
        return (project, outside)
    }

    static func copies(of pid: pid_t) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return names.filter { $0.hasPrefix("rebound-test-\(pid)-") }
    }

    @Test func anEditThroughASymlinkStaysInTheCopy() throws {
        let (project, outside) = try Self.project(hanging: false)
        defer { try? FileManager.default.removeItem(at: outside) }
        let result = try ReboundProcess.run("test", project.path, "--output", "plain", deadline: .seconds(120))
        #expect(result.status == 0, "\(result.output)\n\(result.error)")
        #expect(try String(contentsOf: outside, encoding: .utf8) == "return 'the user\\'s own'\n")
    }

    /// The copy is the user's alone while the run lasts, and gone when it ends, passing or
    /// failing.
    @Test(arguments: [true, false])
    func theCopyIsPrivateAndGoneAfterTheRun(passing: Bool) throws {
        let project = try TemporaryProject([
            "main.lua": "local C = objc.UIViewController:createSubclass('C')\nreturn C\n",
            "spec/mode_spec.lua": """
            describe("the copy", function()
                it("is the user's alone", function()
                    local folder = objc.NSBundle.mainBundle.bundlePath
                    local mode = io.popen("stat -c %a '" .. folder .. "'"):read("l")
                    print("mode " .. mode)
                    assert.is_true(\(passing))
                end)
            end)
            """,
        ])
        let run = try ReboundProcess(["test", project.path, "--output", "plain"], input: nil)
        let result = run.finish(deadline: .seconds(120))
        #expect(result.status == (passing ? 0 : 1), "\(result.output)\n\(result.error)")
        #expect((result.output + result.error).contains("mode 700"), "\(result.output)\n\(result.error)")
        #expect(Self.copies(of: run.process.processIdentifier).isEmpty, "the copy was left behind")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGKILL])
    func aKilledRunLeavesTheUsersFileAndNoCopy(signal: Int32) throws {
        let (project, outside) = try Self.project(hanging: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let run = try ReboundProcess(
            ["test", project.path, "--output", "plain", "--time-budget", "0", "--verbose"], input: nil)
        #expect(run.waitForOutput(containing: "edits the shared module", timeout: .seconds(60)))
        usleep(300_000)  // inside the loop, after the edit
        let pid = run.process.processIdentifier
        #expect(Self.copies(of: pid).count == 1, "the run's copy")
        run.send(signal)
        _ = run.finish(deadline: .seconds(30))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "return 'the user\\'s own'\n")
        if signal == SIGKILL {
            // Nothing can clean up after SIGKILL: the next run does.
            #expect(Self.copies(of: pid).count == 1)
            let (next, nextOutside) = try Self.project(hanging: false)
            defer { try? FileManager.default.removeItem(at: nextOutside) }
            _ = try ReboundProcess.run("test", next.path, "--output", "plain", deadline: .seconds(120))
        }
        #expect(Self.copies(of: pid).isEmpty, "the copy is gone")
    }
}
