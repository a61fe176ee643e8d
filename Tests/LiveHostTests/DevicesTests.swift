import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Several device profiles in one host: a context each, every save reloaded in each, events
/// that name their device.
@Suite struct DevicesTests {
    static let main = """
        local Controller = objc.UIViewController:createSubclass("Controller")
        function Controller:viewDidLoad()
            self:addMessageHandler("system.did_load_module", function(self, name) loads = (loads or 0) + 1 end)
        end
        width = objc.UIScreen.mainScreen.bounds.size.width
        Shape = require "Shape"
        return Controller
        """

    static func options(_ profiles: DeviceProfile...) -> LiveHost.Options {
        var options = LiveProject.options
        options.devices = profiles
        return options
    }

    func globals(_ project: LiveProject, _ expression: String) throws -> [String: LuaValue] {
        try project.host.runningWorlds.mapValues {
            try $0.bridge.state.run("return " + expression, chunkName: "=test").first ?? .nil
        }
    }

    @Test func everySaveReloadsOnEveryDeviceEachInItsOwnContext() throws {
        let project = try LiveProject(
            ["main.lua": Self.main, "Shape.lua": "return { sides = 4 }"],
            options: Self.options(.phone, .tablet))
        #expect(project.host.profiles.map(\.name) == ["phone", "tablet"])
        #expect(project.devices(.started) == ["phone", "tablet"])
        #expect(try globals(project, "width") == ["phone": .number(375), "tablet": .number(1024)])
        // A script's state is per device.
        _ = try project.host.runningWorlds["tablet"]?.bridge.state.run("only = 'tablet'", chunkName: "=test")
        #expect(try globals(project, "only") == ["phone": .nil, "tablet": .string("tablet")])

        try project.save("Shape.lua", "return { sides = 3 }", as: .renameOver)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(Set(project.devices(.reloaded).compactMap { $0 }) == ["phone", "tablet"])
        #expect(try globals(project, "loads") == ["phone": .number(1), "tablet": .number(1)])

        try project.save("Shape.lua", "return { sides = }", as: .inPlace)
        #expect(project.waitFor(.problem(.syntaxError), count: 2) == 2)
        #expect(project.devices(.problem(.syntaxError)).sorted { ($0 ?? "") < ($1 ?? "") } == ["phone", "tablet"])
        #expect(project.events(.problem(.syntaxError)).allSatisfy { $0.problem?.line == 1 && $0.file == "Shape.lua" })

        try project.write("Shape.lua", "return { sides = 5 }")
        project.host.restart(reason: "asked for")
        #expect(project.devices(.restarted) == ["phone", "tablet"])
        #expect(try globals(project, "only") == ["phone": .nil, "tablet": .nil])
    }

    /// What draws pictures (the preview, `--snapshot`) draws again only when something ran.
    @Test func theScreenGenerationMovesOnlyWhenSomethingRan() throws {
        let project = try LiveProject([
            "main.lua": "require 'Sentinel'\n" + Self.main, "Shape.lua": "return {}",
            "Sentinel.lua": "return 0\n",
        ])
        let started = project.host.screenGeneration
        // The same content saved again, and a key: nothing runs. The sentinel's reload, saved
        // after them, is the one step the generation may take.
        try project.save("Shape.lua", "return {}", as: .inPlace)
        project.host.mailbox.post(.key(UInt8(ascii: "x")))
        try project.sentinel()
        let reloaded = project.host.screenGeneration
        #expect(reloaded == started + 1)
        _ = project.host.evaluate("return 1")
        #expect(project.host.screenGeneration > reloaded)
    }

    @Test func oneDeviceNamesNone() throws {
        let project = try LiveProject(["main.lua": Self.main, "Shape.lua": "return {}"])
        #expect(project.host.profiles == [.phone])
        #expect(project.devices(.started) == [nil])
    }

    @Test func theProjectListsItsDevicesAndTheSameProfileRunsOnce() throws {
        let listed = try LiveProject([
            "main.lua": Self.main, "Shape.lua": "return {}",
            "rebound.json": #"{"devices": "tablet, 320x480@1"}"#,
        ])
        #expect(listed.host.profiles.map(\.name) == ["tablet", "320x480@1"])
        #expect(try globals(listed, "width") == ["tablet": .number(1024), "320x480@1": .number(320)])

        let twice = try LiveProject(
            ["main.lua": Self.main, "Shape.lua": "return {}"], options: Self.options(.phone, .phone))
        #expect(twice.host.profiles == [.phone])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-devices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"devices": "phone, watch"}"#.utf8).write(to: folder.appendingPathComponent("rebound.json"))
        try Data(Self.main.utf8).write(to: folder.appendingPathComponent("main.lua"))
        #expect { try Project(at: folder.path) } throws: { error in
            String(describing: error).contains("rebound.json: devices:") && String(describing: error).contains("watch")
        }
    }

    /// A recording takes the screen the first input came to: a long press on the view it names,
    /// one line for a scroll of the wheel with where it really left the content, and nothing
    /// of what was done on the other screen.
    @Test func aRecordingKeepsToOneScreenAndNamesWhatWasHeldAndScrolled() throws {
        let main = """
            local Controller = objc.UIViewController:createSubclass("Controller")
            function Controller:viewDidLoad()
                local pad = objc.UIView:newWithFrame(struct.CGRect(100, 100, 120, 120))
                pad.accessibilityIdentifier = "pad"
                self.view:addSubview(pad)
                local list = objc.UIScrollView:newWithFrame(struct.CGRect(0, 300, 375, 300))
                list.accessibilityIdentifier = "list"
                list.contentSize = struct.CGSize(375, 2000)
                self.view:addSubview(list)
            end
            return Controller
            """
        let project = try LiveProject(["main.lua": main], options: Self.options(.phone, .tablet))
        let host = try #require(project.host)
        host.startRecording(to: "spec/session_spec.lua")
        host.apply(ScreenInput(device: "phone", actions: [.down(finger: 1, x: 160, y: 160)]))
        usleep(600_000)
        host.apply(ScreenInput(device: "phone", actions: [.up(finger: 1, x: 161, y: 160)]))
        host.apply(
            ScreenInput(device: "tablet", actions: [.down(finger: 1, x: 160, y: 160), .up(finger: 1, x: 160, y: 160)]))
        for delta in [100.0, 100, 5000, -50] {
            host.apply(ScreenInput(device: "phone", actions: [.wheel(x: 180, y: 400, dx: 0, dy: delta)]))
        }
        host.apply(ScreenInput(device: "phone", actions: [.wheel(x: 180, y: 160, dx: 0, dy: 100)]))
        let url = try #require(host.finishRecording())
        let spec = try String(contentsOf: url, encoding: .utf8)
        #expect(spec.contains("`rebound test --device phone` replays it"), "\(spec)")
        #expect(spec.contains("longPress(host.find { accessibilityIdentifier = \"pad\" }, { duration = "), "\(spec)")
        #expect(!spec.contains("tap("), "the tablet's tap is not recorded: \(spec)")
        let scrolls = spec.split(separator: "\n").filter { $0.contains(".contentOffset = ") }
        #expect(
            scrolls.map { $0.trimmingCharacters(in: .whitespaces) }
                == [#"host.find { accessibilityIdentifier = "list" }.contentOffset = { x = 0, y = 1650 }"#],
            "\(spec)")
        #expect(project.events(.notice).contains { $0.text?.contains("recorded 2 gestures and edits") == true })
    }

    /// The page's input, routed: a screen's input goes to that device's world, a command to the
    /// host, in the order they came. Keys with nothing to type into go nowhere, as a hardware
    /// keyboard's do; input that cannot apply (an eleventh finger) is a warning.
    @Test func thePagesInputIsRoutedAndWhatCannotApplyIsAWarning() throws {
        let main = """
            require "Sentinel"
            local Controller = objc.UIViewController:createSubclass("Controller")
            function Controller:viewDidLoad()
                taps = 0
                local button = objc.UIButton:buttonWithType(0)
                button.frame = struct.CGRect(100, 100, 120, 44)
                button:addTarget_action_forControlEvents(self, "tapped", 64)
                self.view:addSubview(button)
            end
            function Controller:tapped() taps = taps + 1 end
            Controller:declareActionMethod "tapped"
            return Controller
            """
        let project = try LiveProject(["main.lua": main, "Sentinel.lua": "return 0\n"])
        let host = try #require(project.host)
        host.route(.screen(ScreenInput(device: nil, actions: [.text("typed into nothing"), .key("return")])))
        #expect(project.events(.warning).isEmpty, "keys with nothing focused go nowhere")
        host.route(.command(.record(true)))
        host.route(
            .screen(
                ScreenInput(device: nil, actions: [.down(finger: 1, x: 150, y: 120), .up(finger: 1, x: 150, y: 120)])))
        #expect(try project.value("taps") == .integer(1))
        host.route(.screen(ScreenInput(device: nil, actions: [.rotate])))
        #expect(host.world?.screen.profile.orientation.isLandscape == true, "the device turned through its input")
        host.route(.screen(ScreenInput(device: nil, actions: [.appearance(.dark)])))
        #expect(host.world?.screen.profile.appearance == .dark, "the page's toggle switched the appearance")
        host.route(.screen(ScreenInput(device: nil, actions: [.contentSize(.extraExtraLarge)])))
        #expect(host.world?.screen.profile.contentSizeCategory == .extraExtraLarge, "the page's menu set the text size")
        let fingers = (1...11).map { ScreenInput.Action.down(finger: $0, x: 10, y: 10) }
        host.route(.screen(ScreenInput(device: nil, actions: fingers + [.cancel])))
        #expect(
            project.events(.warning).contains { $0.text?.contains("at most 10 fingers are down at once") == true },
            "\(project.events(.warning).map(\.text))")
        let url = try #require(host.finishRecording())
        let spec = try String(contentsOf: url, encoding: .utf8)
        #expect(spec.contains("tap("), "the tap after the record command is recorded: \(spec)")
        #expect(spec.contains("simulate.appearance(\"dark\")"), "the switch is recorded: \(spec)")
        #expect(spec.contains("simulate.contentSizeCategory(\"xxLarge\")"), "the text size is recorded: \(spec)")
        try project.sentinel()
    }
}
