import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `rebound run` and `rebound check` as a user runs them: real processes and real files.
@Suite(.serialized) struct RunCommandTests {
    func temporaryProject(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-cli-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func jsonEventsForAStartAReloadAndAnErrorThenCtrlCExitsCleanly() throws {
        let folder = try temporaryProject([
            "main.lua": """
                local C = objc.UIViewController:createSubclass("C")
                function C:viewDidLoad() self:addMessageHandler("system.did_load_module", function() end) end
                require "Other"
                return C
                """,
            "Other.lua": "return 1\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = EvalCommandTests.executable
        process.arguments = ["run", folder.path, "--json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var lines: [[String: Any]] = []
        var buffer = Data()
        func readEvents(until count: Int) {
            while lines.count < count {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                buffer += chunk
                while let newline = buffer.firstIndex(of: 10) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer = Data(buffer[(newline + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] { lines.append(object) }
                }
            }
        }
        readEvents(until: 1)
        #expect(lines.first?["event"] as? String == "started")
        #expect(lines.first?["file"] as? String == "main.lua")
        try Data("return 2\n".utf8).write(to: folder.appendingPathComponent("Other.lua"))
        readEvents(until: 2)
        #expect(lines.last?["event"] as? String == "reloaded")
        #expect(lines.last?["module"] as? String == "Other")
        #expect(lines.last?["handlers"] as? Int == 1)
        #expect(lines.last?["durationMs"] is Double)
        try Data("return = 2\n".utf8).write(to: folder.appendingPathComponent("Other.lua"))
        readEvents(until: 3)
        let error = lines.last?["error"] as? [String: Any]
        #expect(lines.last?["event"] as? String == "syntax-error")
        #expect(error?["file"] as? String == "Other.lua")
        #expect(error?["line"] as? Int == 1)
        #expect(error?["sourceLine"] as? String == "return = 2")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }

    @Test func onceRunsTheBundledExampleAndPrintsItsLayout() throws {
        let run = try EvalCommandTests.rebound("run", "--once")
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("started CollectionController.lua in "))
        #expect(run.output.contains("LabelCell ("))
        #expect(run.output.contains("\"Far\""))
    }

    @Test func checkReportsEverySyntaxErrorAtOnce() throws {
        let folder = try temporaryProject([
            "main.lua": "return 1\n",
            "A.lua": "local x = = 1\n",
            "Cells/B.lua": "function f(\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try EvalCommandTests.rebound("check", folder.path)
        #expect(run.status == 1)
        #expect(run.error.contains("syntax error: A.lua:1: unexpected symbol near '='\n    1 | local x = = 1"))
        #expect(run.error.contains("syntax error: Cells/B.lua:2:"))
        #expect(run.output == "3 modules checked, 2 syntax errors\n")
        let clean = try EvalCommandTests.rebound("check", EvalCommandTests.examples + "/WordsCollection")
        #expect(clean.status == 0)
        #expect(clean.output == "3 modules checked, no syntax errors\n")
    }

    @Test func aBadProjectIsAClearErrorNotACrash() throws {
        let folder = try temporaryProject(["A.lua": "return 1\n", "B.lua": "return 2\n", "rebound.json": #"{"strat": "A"}"#])
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try EvalCommandTests.rebound("run", folder.path, "--once")
        #expect(run.status == 2)
        #expect(run.error == "error: rebound.json: unknown key 'strat' (did you mean 'start'?)\n")
    }
}
