import Foundation
import LiveHost
import LiveTestSupport
import Testing

/// What the host reads for a program stays among the program's own files: an error's chunk
/// name cannot make a report quote another file, and a resource that is a symlink out of the
/// project is not read.
@Suite(.serialized) struct ProgramFilesTests {
    @Test func anErrorReportQuotesOnlyTheProgramsOwnFiles() throws {
        let depth = String(repeating: "../", count: 12)
        let project = try LiveProject([
            "main.lua": """
            require "Sentinel"
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                load("error('boom')", "@\(depth)etc/passwd")()
            end
            return C
            """,
            "Sentinel.lua": "return 0\n",
        ])
        let errors = project.events.filter(\.isError)
        let problem = try #require(errors.first?.problem, "the error was reported: \(project.events)")
        #expect(problem.file?.hasSuffix("etc/passwd") == true, "\(problem)")
        #expect(problem.sourceLine == nil, "a line of another file was quoted: \(problem.sourceLine ?? "")")
        #expect(!(problem.traceback ?? "").contains("root:"))
        // The program's own files are still quoted.
        try project.save("main.lua", "require 'Sentinel'\nlocal x = nil + 1\n", as: .inPlace)
        project.waitFor(.problem(.runtimeError), count: 2)
        #expect(project.events(.problem(.runtimeError)).last?.problem?.sourceLine == "local x = nil + 1")
    }

    @Test func aResourceThatLeadsOutOfTheProjectIsNotRead() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).txt")
        try "a secret\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let project = try LiveProject([:], start: false)
        try project.write(
            "main.lua",
            """
            require "Sentinel"
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                local ok, message = pcall(getResource, "notes", "txt")
                result = ok and tostring(message) or message
            end
            return C
            """)
        try project.write("Sentinel.lua", "return 0\n")
        try FileManager.default.createSymbolicLink(at: project.url("notes.txt"), withDestinationURL: outside)
        try project.launch()
        let result = try project.value("result")
        #expect(result.stringValue?.contains("leads outside the program's files") == true, "\(result)")
        #expect(result.stringValue?.contains("a secret") == false)
        try project.sentinel()
    }
}
