import Foundation
import LiveHost
import Testing

/// `rebound check --lint`: luacheck over a project with Rebound's globals, its findings in the
/// form of syntax errors; and the settings `rebound new` writes, which the repository uses too.
@Suite struct LintTests {
    static let project = [
        "main.lua": """
        local C = objc.UIViewController:createSubclass("C")
        local unused = 1
        function C:viewDidLoad()
            local self = objc.UIView:new()
            print(undefinedGlobal, self)
        end
        return C
        """,
        "spec/main_spec.lua": """
        describe("main", function()
            it("starts", function() assert.is_not_nil(host.start("main")) end)
        end)
        """,
    ]

    @Test func findingsComeWithFileLineAndColumn() throws {
        let project = try TemporaryProject(Self.project)
        let text = try ReboundProcess.run("check", project.path, "--lint")
        #expect(text.status == 1)
        #expect(
            text.error.contains("lint: main.lua:2:7: unused variable 'unused' (W211)\n    2 | local unused = 1"),
            "\(text.error)")
        #expect(
            text.error.contains(
                "lint: main.lua:4:11: variable 'self' was previously defined as an argument on line 3 (W412)"))
        #expect(text.error.contains("lint: main.lua:5:11: accessing undefined variable 'undefinedGlobal' (W113)"))
        #expect(!text.error.contains("spec/main_spec.lua"), "busted's and the runner's globals are known in specs")
        #expect(text.output.contains("1 module checked, no syntax errors, 3 lint findings"))
        let json = try ReboundProcess.run("check", project.path, "--lint", "--json")
        let findings = json.events.filter { $0["event"] as? String == "lint" }
        #expect(findings.count == 3)
        let first = findings.first?["error"] as? [String: Any]
        #expect(first?["file"] as? String == "main.lua" && first?["line"] as? Int == 2 && first?["column"] as? Int == 7)
        // Without --lint, only syntax errors count.
        #expect(try ReboundProcess.run("check", project.path).status == 0)
    }

    /// Setting a property through a global's chain (`objc.UIApplication…keyWindow.rootViewController
    /// = …`, `host.window.rootViewController = …` in a spec) is what scripts do; replacing the
    /// global itself is still a finding.
    @Test func settingAPropertyThroughAGlobalIsNoFinding() throws {
        let project = try TemporaryProject([
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = C:new()
            class.C.title = "C"
            objc = nil
            return C
            """,
            "spec/main_spec.lua": """
            describe("main", function()
                it("shows another", function() host.window.rootViewController = objc.UIViewController:new() end)
            end)
            """,
        ])
        let run = try ReboundProcess.run("check", project.path, "--lint")
        #expect(!run.error.contains("W122"), "\(run.error)")
        #expect(
            run.error.contains("lint: main.lua:4:1: setting read-only global variable 'objc' (W121)"), "\(run.error)")
    }

    @Test func withoutLuacheckItSaysHowToInstallIt() throws {
        let project = try TemporaryProject(Self.project)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = "/nonexistent"
        let result = try ReboundProcess(["check", project.path, "--lint"], environment: environment).finish()
        #expect(result.status == 2)
        #expect(result.error.contains("apt-get install lua-check"), "\(result.error)")
    }

    /// The project `rebound new` writes is clean, with the settings it writes beside it.
    @Test func aNewProjectLintsClean() throws {
        let parent = try TemporaryProject([:])
        let path = parent.folder.appendingPathComponent("Fresh").path
        #expect(try ReboundProcess.run("new", path).status == 0)
        let settings = try String(contentsOfFile: path + "/.luacheckrc", encoding: .utf8)
        #expect(settings == ProjectTemplate.luacheckSettings)
        let check = try ReboundProcess.run("check", path, "--lint")
        #expect(check.status == 0, "\(check.error)")
        #expect(check.output.contains("no lint findings"))
    }

    /// `make lint` checks the examples with the repository's `.luacheckrc`: the same settings.
    @Test func theRepositoryUsesTheSettingsNewProjectsGet() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let repository = try String(contentsOf: root.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        #expect(repository == ProjectTemplate.luacheckSettings)
    }
}
