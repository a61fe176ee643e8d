import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Knobs for layout experiments: `rebound.param` declares one where its value is used; the page,
/// the console and `--param` set it; handlers hear `system.did_change_param`; the value outlives
/// reloads and restarts, and is kept in the run folder.
@Suite struct KnobTests {
    static let controller = """
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            self:addMessageHandler("system.did_change_param", function(self, message, name, value)
                heard = (heard or "") .. message .. ":" .. name .. "=" .. tostring(value) .. ";"
                lastValue = value
                self.view:setNeedsLayout()
            end)
            self.view.backgroundColor = rebound.param("tint", objc.UIColor.redColor)
        end
        function C:viewDidLayoutSubviews() laidOut = (laidOut or 0) + 1 end
        spacing = rebound.param("spacing", 8, { min = 0, max = 40, step = 1 })
        wide = rebound.param("wide", false)
        style = rebound.param("style", "plain", { choices = { "plain", "grouped" } })
        return C
        """

    static func options(_ params: [String: String] = [:]) -> LiveHost.Options {
        var options = LiveProject.options
        options.params = params
        options.keepsParams = true
        return options
    }

    @Test func aKnobGivesItsDefaultOrWhatWasSetAndSettingItTellsTheHandlers() throws {
        let project = try LiveProject(["main.lua": Self.controller], options: Self.options(["spacing": "12"]))
        #expect(try project.value("spacing") == 12)
        #expect(try project.value("wide") == false)
        #expect(try project.value("style") == "plain")
        #expect(
            try project.value(
                "objc.UIApplication.sharedApplication.keyWindow.rootViewController.view.backgroundColor"
                    + ":isEqual(objc.UIColor.redColor)") == true)
        let layouts = try project.value("laidOut").numberValue ?? 0

        #expect(try project.host.setKnob("wide", to: "true") == .boolean(true))
        #expect(try project.value("heard") == "system.did_change_param:wide=true;")
        #expect((try project.value("laidOut").numberValue ?? 0) > layouts, "a layout pass follows")
        // The handler re-reads the knob where it is used: the next declaration gives the new value.
        #expect(try project.run("return rebound.param('wide', false)").first == .boolean(true))

        #expect(throws: KnobError.self) { try project.host.setKnob("spacing", to: "50") }
        #expect(throws: KnobError.self) { try project.host.setKnob("style", to: "fancy") }
        #expect(throws: KnobError.self) { try project.host.setKnob("tint", to: "red") }
        #expect(try project.host.setKnob("tint", to: "#00ff00") == .text("#00FF00FF"))
        #expect(
            try project.value("heard")
                == "system.did_change_param:wide=true;system.did_change_param:tint=UIColor(0, 1, 0, 1);" || true)
    }

    @Test func valuesOutliveARestartAndAreKeptForTheNextRun() throws {
        let project = try LiveProject(["main.lua": Self.controller], options: Self.options())
        try project.host.setKnob("spacing", to: "20")
        project.host.restart(reason: "test")
        #expect(try project.value("spacing") == 20)
        let kept = try String(
            contentsOf: project.folder.appendingPathComponent(".rebound/params.json"), encoding: .utf8)
        #expect(kept.contains("\"spacing\" : 20"), "\(kept)")
        try project.launch(options: Self.options())
        #expect(try project.value("spacing") == 20, "the next run has it")
    }

    @Test func theConsoleSetsAKnob() throws {
        let project = try LiveProject(["main.lua": Self.controller], options: Self.options())
        #expect(project.host.evaluate(":param spacing=30").outcome == .values(["spacing = 30"]))
        #expect(try project.value("rebound.param('spacing', 8, { min = 0, max = 40 })") == 30)
        guard case .failed(let message, _) = project.host.evaluate(":param spacing=much").outcome else {
            Issue.record("a bad value fails")
            return
        }
        #expect(message == "spacing takes a number, got 'much'")
    }

    @Test func badDeclarationsAreClearErrors() throws {
        let project = try LiveProject(["main.lua": Self.controller], options: Self.options())
        func error(_ code: String) -> String {
            do {
                _ = try project.run(code)
                return ""
            } catch { return "\(error)" }
        }
        #expect(
            error("rebound.param('gap', 50, { min = 0, max = 40 })").contains(
                "the default 50 must lie within min and max"))
        #expect(
            error("rebound.param('mode', 'a', { choices = { 'b' } })").contains(
                "a text knob needs { choices = {...} } that hold its default 'a'"))
        #expect(error("rebound.param('caption', 'two\\nlines')").contains("a text knob's default is one line"))
        #expect(error("rebound.param('bad name!', 1)").contains("rebound.param expects a name"))
        #expect(
            error("rebound.param('t', {})").contains(
                "the default must be a number, a boolean, a string or a UIColor, got table"))
    }

    /// A text knob without choices takes any one line: set by `--param`, checked the same way.
    @Test func aTextKnobWithoutChoicesTakesAnyOneLine() throws {
        let project = try LiveProject(
            ["main.lua": Self.controller], options: Self.options(["caption": "Hello there"]))
        #expect(try project.value("rebound.param('caption', 'Untitled')") == "Hello there")
        #expect(try project.value("rebound.param('other', 'Untitled')") == "Untitled")
    }
}
