import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import ObjectBridge
import Testing

/// What the host tells the user: prints, hints, where script errors happened and what state
/// the program is left in.
@Suite(.serialized) struct HostOutputTests {
    /// A controller whose view shows one label, and no reload handler.
    static let files = [
        "main.lua": """
        local Style = require "Style"
        local C = objc.UIViewController:createSubclass("C")
        function C:viewDidLoad()
            local label = objc.UILabel:newWithFrame { origin = { x = 0, y = 0 }, size = { width = 100, height = 20 } }
            label.text = Style.caption()
            self.view:addSubview(label)
        end
        return C
        """,
        "Style.lua": "return { caption = function() return 'first' end }\n",
    ]

    /// A tool's wait (the debugger's, for its client) takes the mailbox's messages; the keys
    /// and interrupts among them are the command line's, which gets them at its next turn.
    @Test func aToolsWaitKeepsKeysForTheCommandLine() throws {
        let project = try LiveProject(Self.files)
        project.host.mailbox.post(.key(UInt8(ascii: "q")))
        project.host.handleMessages(until: .now + .milliseconds(50))
        let others = project.host.handleEvents(until: .now)
        guard case .key(let key)? = others.first, others.count == 1 else {
            Issue.record("the key was lost: \(others)")
            return
        }
        #expect(key == UInt8(ascii: "q"))
    }

    @Test func aReloadThatChangesNothingOnScreenGivesAHintOnce() throws {
        let project = try LiveProject(Self.files)
        try project.save("Style.lua", "return { caption = function() return 'second' end }\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        let hints = project.events(.hint)
        #expect(hints.count == 1)
        #expect(hints.first?.file == "Style.lua")
        #expect(hints.first?.text?.contains("system.did_load_module") == true)
        #expect(hints.first?.text?.contains("the r key") == true)
        try project.save("Style.lua", "return { caption = function() return 'third' end }\n", as: .inPlace)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(project.events(.hint).count == 1, "the hint is given once")
    }

    /// An edit to a method that runs only at start (here a cell's initializer) says that a
    /// restart shows it, once per method; an edit elsewhere in the module says nothing of it.
    @Test func anEditToAStartOnlyMethodHintsAtARestart() throws {
        let cell = """
            local Cell = objc.UITableViewCell:createSubclass("Cell")
            function Cell:initWithStyle_reuseIdentifier(style, identifier)
                self = self[objc.UITableViewCell]:initWithStyle_reuseIdentifier(style, identifier)
                self.textLabel.text = "one"
                return self
            end
            function Cell:prepareForReuse() end
            return Cell
            """
        let project = try LiveProject([
            "main.lua": """
            local Cell = require "Cell"
            local C = objc.UIViewController:createSubclass("C")
            function C:viewDidLoad()
                self.cell = Cell:newWithStyle_reuseIdentifier(0, "c")
                self:addMessageHandler("system.did_load_module", function() end)
            end
            return C
            """,
            "Cell.lua": cell,
        ])
        try project.save(
            "Cell.lua", cell.replacingOccurrences(of: "prepareForReuse() end", with: "prepareForReuse()  end"),
            as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(project.events(.hint).isEmpty, "the edit is not in a start-only method")
        try project.save("Cell.lua", cell.replacingOccurrences(of: "\"one\"", with: "\"two\""), as: .inPlace)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        let hints = project.events(.hint).compactMap(\.text)
        #expect(
            hints == [
                "Cell.lua: Cell:initWithStyle_reuseIdentifier changed, but it runs only when its object is made or the "
                    + "app starts; restart (the r key) to see the change"
            ], "\(hints)")
        try project.save("Cell.lua", cell.replacingOccurrences(of: "\"one\"", with: "\"three\""), as: .inPlace)
        #expect(project.waitFor(.reloaded, count: 3) == 3)
        #expect(project.events(.hint).count == 1, "once per method")
    }

    /// A start's status counts a table's rows as it counts a collection's cells.
    @Test func theStatusCountsTheRowsATableShows() throws {
        let project = try LiveProject([
            "main.lua": """
            local Rows = objc.UITableViewController:createSubclass "Rows"
            function Rows:tableView_numberOfRowsInSection() return 100 end
            function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
                return objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
            end
            return Rows
            """
        ])
        let started = try #require(project.events(.started).first)
        // 667 points less the status bar's 20, in rows of 44: 15 shown whole or in part.
        #expect(started.turn?.visibleRows == 15)
        #expect(started.turn?.visibleCells == nil)
    }

    @Test func aReloadWithAHandlerGivesNoHint() throws {
        let project = try LiveProject(example: "Mosaic")
        let layout = try String(contentsOf: project.url("MosaicLayout.lua"), encoding: .utf8)
        try project.save(
            "MosaicLayout.lua",
            layout.replacingOccurrences(of: "self.numberOfColumns = 3", with: "self.numberOfColumns = 2"),
            as: .renameOver)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(project.events(.reloaded).first?.turn?.handlers == 1)
        #expect(project.events(.hint).isEmpty)
        // Two columns of (375 - 2 * 8 - 8) / 2 points: the edit shows on the running layout.
        let cellWidths = Set(cells(in: project.world).map(\.frame.size.width))
        #expect(cellWidths == [175.5])
        #expect(project.events.filter(\.isError).isEmpty)
    }

    @Test func printsAreReportsWithTheirFileAndLine() throws {
        let project = try LiveProject(
            Self.files.merging(["Style.lua": "print('style', 2)\nreturn { caption = function() return 'x' end }\n"]) {
                $1
            })
        let printed = project.events(.print)
        #expect(printed.count == 1)
        #expect(printed.first?.text == "style\t2")
        #expect(printed.first?.file == "Style.lua")
        if case .print(_, _, let line) = try #require(printed.first) { #expect(line == 1) }
    }

    @Test func aFailedStartSaysTheProgramIsStoppedUntilTheNextSave() throws {
        let project = try LiveProject(Self.files.merging(["Style.lua": "error('not yet')\n"]) { $1 })
        let failure = try #require(project.events(.problem(.runtimeError)).first)
        #expect(failure.problem?.message == "Style.lua:1: not yet")
        #expect(failure.problem?.context?.contains("stopped until the next save") == true)
        #expect(project.host.layoutEvent().kind == .warning)
        try project.save("Style.lua", Self.files["Style.lua"] ?? "", as: .inPlace)
        #expect(project.waitFor(.restarted) == 1)
        #expect(project.host.layoutEvent().views?.contains { $0.text == "first" } == true)
    }

    @Test func theLayoutShowsWhatTheScreenShowsHalfwayThroughAnAnimation() throws {
        let project = try LiveProject(Self.files)
        let label = try #require(project.world.window.rootViewController?.loadedView?.subviews.first)
        try project.world.bridge.state.globals().set("label", try project.world.bridge.value(for: label))
        try project.run(
            """
            local linear = (require "UIKit.UIView").AnimationOptions.CurveLinear
            objc.UIView:animateWithDuration_delay_options_animations_completion(1, 0, linear, function()
                label.frame = struct.CGRect(100, 0, 100, 20)
                label.alpha = 0
            end, nil)
            simulate.advance(0.5)
            """)
        let halfway = try #require(project.host.layoutEvent().views?.first { $0.text == "first" })
        #expect(halfway.frame == [50, 0, 100, 20])
        #expect(halfway.alpha == 0.5)
        try project.run("simulate.advance(0.5)")
        let ended = try #require(project.host.layoutEvent().views?.first { $0.text == "first" })
        #expect(ended.frame == [100, 0, 100, 20])
        #expect(ended.alpha == 0)
    }

    @Test func inARunTheVirtualClockFollowsRealTimeSoAnimationsEnd() throws {
        var options = LiveProject.options
        options.followsRealTime = true
        let files = Self.files.merging([
            "main.lua": Self.files["main.lua", default: ""].replacingOccurrences(
                of: "return C",
                with: """
                    function C:viewDidAppear(animated)
                        objc.UIView:animateWithDuration_animations_completion(0.2, function() self.view.alpha = 0.5 end,
                            function(finished) print("animated", finished) end)
                    end
                    return C
                    """)
        ]) { $1 }
        // Before the program starts: the animation begins as it starts, however long that takes.
        let began = ContinuousClock.now
        let project = try LiveProject(files, options: options)
        #expect(project.waitFor(.print, timeout: .seconds(10)) == 1)
        #expect(project.events(.print).first?.text == "animated\ttrue")
        #expect(ContinuousClock.now - began >= .milliseconds(150))
        #expect(project.world.clock.now >= 0.2)
    }

    @Test func theApplicationHearsItLaunchAndTerminate() throws {
        let files = Self.files.merging([
            "main.lua": """
            local names = require "UIKit.UIApplication"
            local center = objc.NSNotificationCenter.defaultCenter
            for _, name in ipairs { names.UIApplicationDidFinishLaunchingNotification, names.UIApplicationWillTerminateNotification } do
                center:addObserverForName_object_queue_usingBlock(name, nil, nil, function(note) print(note.name) end)
            end
            return objc.UIViewController
            """
        ]) { $1 }
        let project = try LiveProject(files)
        #expect(project.events(.print).map(\.text) == ["UIApplicationDidFinishLaunchingNotification"])
        project.host.restart(reason: "test")
        #expect(
            project.events(.print).map(\.text) == [
                "UIApplicationDidFinishLaunchingNotification",
                "UIApplicationWillTerminateNotification",
                "UIApplicationDidFinishLaunchingNotification",
            ])
    }

    @Test func theProjectSetsItsLocaleAndTimeZone() throws {
        let files = Self.files.merging([
            "rebound.json": #"{ "locale": "de_DE", "timeZone": "Europe/Paris" }"#,
            "main.lua": """
            print(objc.NSLocale.currentLocale.localeIdentifier, objc.NSTimeZone.localTimeZone.name)
            return objc.UIViewController
            """,
        ]) { $1 }
        let project = try LiveProject(files)
        #expect(project.events(.print).first?.text == "de_DE\tEurope/Paris")
        #expect(throws: ProjectError.self) {
            try Project(
                at: try LiveProject(
                    Self.files.merging(["rebound.json": #"{ "timeZone": "Mars/Olympus" }"#]) { $1 },
                    start: false
                ).folder.path)
        }
    }

    @Test func theProjectSaysHowTheDeviceIsHeld() throws {
        let files = Self.files.merging([
            "rebound.json": #"{ "orientation": "landscape" }"#,
            "main.lua": """
            print(objc.UIDevice.currentDevice.orientation, objc.UIScreen.mainScreen.bounds.size.width)
            return objc.UIViewController
            """,
        ]) { $1 }
        let project = try LiveProject(files)
        #expect(project.events(.print).first?.text == "3\t667.0")
        let wrong = try LiveProject(
            Self.files.merging(["rebound.json": #"{ "orientation": "sideways" }"#]) { $1 }, start: false)
        let error = #expect(throws: ProjectError.self) { try Project(at: wrong.folder.path) }
        #expect(error?.description.contains("rebound.json: orientation: 'sideways' is not an orientation") == true)
    }

    @Test func theProjectSaysWhichAppearanceAndTextSizeTheDeviceHas() throws {
        let files = Self.files.merging([
            "rebound.json": #"{ "appearance": "dark", "contentSize": "AX2" }"#,
            "main.lua": """
            local controller = objc.UIViewController:new()
            local body = require("UIKit.UIFontDescriptor").UIFontTextStyleBody
            print(controller.traitCollection.userInterfaceStyle, objc.UIFont:preferredFontForTextStyle(body).pointSize)
            return objc.UIViewController
            """,
        ]) { $1 }
        let project = try LiveProject(files)
        #expect(project.events(.print).first?.text == "2\t33.0")
        let large = try LiveProject(
            Self.files.merging(["rebound.json": #"{ "contentSize": "huge" }"#]) { $1 }, start: false)
        let sizeError = #expect(throws: ProjectError.self) { try Project(at: large.folder.path) }
        #expect(
            sizeError?.description.contains("rebound.json: contentSize: 'huge' is not a content size category") == true)
        let wrong = try LiveProject(
            Self.files.merging(["rebound.json": #"{ "appearance": "dim" }"#]) { $1 }, start: false)
        let error = #expect(throws: ProjectError.self) { try Project(at: wrong.folder.path) }
        #expect(
            error?.description.contains("rebound.json: appearance: 'dim' is not an appearance (light or dark)") == true)
    }

    @Test func aScriptCannotEndTheHost() throws {
        let project = try LiveProject(Self.files)
        let error = #expect(throws: LuaError.self) { try project.run("os.exit(3)") }
        #expect(error?.message.contains("os.exit is not available") == true)
    }

    func cells(in world: UIWorld) -> [CollectionViewCell] {
        var found: [CollectionViewCell] = []
        var pending: [View] = [world.window]
        while let view = pending.popLast() {
            if let cell = view as? CollectionViewCell { found.append(cell) }
            pending += view.subviews
        }
        return found
    }
}
