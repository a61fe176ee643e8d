import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Knobs are declared by programs the user may not have written (a received package) and set
/// from the page: what they hold reaches recorded specs and `params.json`. A knob's choices are
/// one short line each, a recorded value is a quoted Lua string written only once the knob
/// accepted it, and a value kept from an earlier run that no longer fits is fitted with a warning.
@Suite struct KnobSecurityTests {
    static func main(choices: String, more: String = "") -> String {
        """
        require "Sentinel"
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local label = objc.UILabel:newWithFrame(struct.CGRect(10, 40, 200, 30))
            label.text = "Hello"
            self.view:addSubview(label)
        end
        style = rebound.param("style", "plain", { choices = \(choices) })
        \(more)
        return C
        """
    }

    static func options() -> LiveHost.Options {
        var options = LiveProject.options
        options.keepsParams = true
        return options
    }

    /// The attack: a choice that ends the recorder's comment line and runs Lua when the spec loads.
    @Test func aChoiceWithALineBreakIsRefusedWhereItIsDeclared() throws {
        let project = try LiveProject(
            [
                "main.lua": Self.main(choices: #"{ "plain", "x\nos.exit(3)" }"#),
                "Sentinel.lua": "return 0\n",
            ], options: Self.options())
        let failed = project.events(.problem(.runtimeError)).last?.problem?.message ?? ""
        #expect(failed.contains(#"rebound.param("style"): the choice "x\nos.exit(3)" is not one line"#), "\(failed)")
        #expect(!project.host.isRunning)
        try project.write("main.lua", Self.main(choices: #"{ "plain", "grouped" }"#))
        #expect(project.waitFor(.restarted) == 1, "the program starts again once the knob is fixed")
        try project.sentinel()
    }

    /// A choice that is one line but holds Lua's quotes and brackets, set from the page while
    /// recording, is a quoted string in the spec: loading the spec defines its test and runs
    /// nothing else. A value the knob refused, and a knob it never declared, are not recorded.
    @Test func aRecordedValueIsAQuotedStringWrittenOnceAccepted() throws {
        let hostile = #"a"]] os.exit(3) --[[ '$(id)'\"#
        let project = try LiveProject(
            [
                "main.lua": Self.main(choices: "{ \"plain\", [==[\(hostile)]==] }"),
                "Sentinel.lua": "return 0\n",
            ], options: Self.options())
        #expect(project.host.isRunning)
        project.host.perform(.record(true))
        project.host.perform(.setKnob(name: "style", value: "not offered"))
        project.host.perform(.setKnob(name: "unknown", value: "1"))
        project.host.perform(.setKnob(name: "style", value: hostile))
        let warnings = project.events(.warning).compactMap(\.text)
        #expect(warnings.contains { $0.contains("style is one of 'plain', ") && $0.contains("got 'not offered'") })
        #expect(warnings.contains { $0.contains("'unknown' is not a knob the program declared (it declares style)") })
        project.host.perform(.record(false))
        let written = try #require(project.events(.notice).last { $0.text?.hasPrefix("recorded") == true }?.file)
        let spec = try String(contentsOf: project.url(written), encoding: .utf8)
        #expect(!spec.contains("not offered") && !spec.contains("unknown"), "\(spec)")
        #expect(spec.components(separatedBy: "\n").filter { $0.contains("the knob") }.count == 1, "\(spec)")

        // The spec, loaded as `rebound test` loads it: only `describe` runs.
        let state = try LuaState()
        try state.run(
            """
            calls = {}
            function describe(name, body) calls[#calls + 1] = name; return body end
            os = { exit = function() error("the spec ran os.exit") end }
            """)
        try state.run(spec, chunkName: "=recorded_spec.lua")
        #expect(try state.run("return #calls").first == .integer(1))
        #expect(spec.contains(#"was set to "a\"]] os.exit(3) --[[ '$(id)'\\""#), "\(spec)")
        try project.sentinel()
    }

    /// A value kept in `params.json` that the knob no longer offers (its choices changed between
    /// runs) starts the program with the default and a warning, as a number out of range does.
    @Test func aKeptValueTheKnobNoLongerOffersIsFitted() throws {
        let project = try LiveProject(["Sentinel.lua": "return 0\n"], start: false)
        try project.write(".rebound/params.json", #"{ "style": "grouped", "gap": 90 }"#)
        try project.write(
            "main.lua",
            Self.main(choices: #"{ "plain", "inset" }"#, more: "gap = rebound.param('gap', 8, { min = 0, max = 40 })"))
        try project.launch(options: Self.options())
        #expect(project.host.isRunning)
        #expect(try project.value("style") == "plain")
        #expect(try project.value("gap") == 40)
        let warnings = project.events(.warning).compactMap(\.text)
        #expect(warnings.contains("the knob style's kept value 'grouped' does not fit it now; it is plain instead"))
        #expect(warnings.contains("the knob gap's kept value '90' does not fit it now; it is 40 instead"))
        try project.sentinel()
    }

    /// A page that sets a knob a thousand times a second rewrites `params.json` at most four
    /// times a second; the last value is kept.
    @Test func aFloodOfKnobSettingsWritesTheFileAFewTimesASecond() throws {
        let project = try LiveProject(
            ["main.lua": Self.main(choices: #"{ "plain", "grouped" }"#), "Sentinel.lua": "return 0\n"],
            options: Self.options())
        let file = project.url(".rebound/params.json")
        var writes = 0
        var lastIdentity: [FileAttributeKey: Any]?
        let begin = ContinuousClock.now
        for index in 0..<400 {
            project.host.perform(.setKnob(name: "style", value: index % 2 == 0 ? "grouped" : "plain"))
            project.host.handleEvents(until: .now)
            let identity = try? FileManager.default.attributesOfItem(atPath: file.path)
            if let identity, identity[.systemFileNumber] as? Int != lastIdentity?[.systemFileNumber] as? Int {
                writes += 1
                lastIdentity = identity
            }
        }
        let seconds = Double((ContinuousClock.now - begin).components.seconds) + 1
        #expect(Double(writes) <= seconds * 4 + 1, "\(writes) writes in about \(seconds) s")
        #expect(
            project.handle(until: {
                (try? String(contentsOf: file, encoding: .utf8))?.contains(#""style" : "plain""#) == true
            }),
            "\((try? String(contentsOf: file, encoding: .utf8)) ?? "no file") \(project.events(.warning).suffix(3).map(\.text))"
        )
        try project.sentinel()
    }
}
