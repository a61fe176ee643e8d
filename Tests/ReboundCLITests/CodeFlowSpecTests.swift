import Foundation
import Testing

/// Specs see what programs see: the clear message of a misspelled method (busted runs each
/// test inside pcall), and the program options `rebound run` takes.
@Suite struct CodeFlowSpecTests {
    static let project = [
        "main.lua": "local C = objc.UIViewController:createSubclass('C')\nreturn C\n",
        "Other.lua": """
        local O = objc.UIViewController:createSubclass('O')
        function O:viewDidLoad() self.title = objc.NSLocale.currentLocale.localeIdentifier end
        return O
        """,
        "spec/typo_spec.lua": """
        describe("a typo", function()
          it("names the method", function()
            objc.UIView:new():setBackgroundColour(nil)
          end)
          it("starts the program's start module", function()
            local controller = host.start()
            assert.are.equal("fr_FR", controller.title)
          end)
        end)
        """,
    ]

    @Test func aSpecsFailureGivesTheClearMessageAndTheProgramOptionsApply() throws {
        let project = try TemporaryProject(Self.project)
        let run = try ReboundProcess.run(
            "test", project.path, "--output", "plain", "--start", "Other", "--locale", "fr_FR", "--device", "tablet")
        #expect(
            run.output.contains("UIView has no method 'setBackgroundColour' (did you mean 'setBackgroundColor'?)"),
            "\(run.output)")
        #expect(run.output.contains("1 passed, 1 failed"), "\(run.output)")
        let twoDevices = try ReboundProcess.run("test", project.path, "--device", "phone", "--device", "tablet")
        #expect(twoDevices.status != 0 && twoDevices.error.contains("rebound test runs its specs on one device"))
    }

    /// A Bounces program whose Info.plist names no start module is drawn with --start.
    @Test func renderTakesTheStartModule() throws {
        let project = try TemporaryProject([
            "CreateController.lua": "return objc.UIViewController:new()\n", "Other.lua": "return 1\n",
        ])
        let output = project.folder.appendingPathComponent("screen.png").path
        let result = try ReboundProcess.run("render", project.path, "--start", "CreateController", "-o", output)
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
