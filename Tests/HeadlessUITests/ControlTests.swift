import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIControl's events under `simulate.tap` and `simulate.drag`, in UIKit's order, and the
/// button, switch and slider built on them.
@Suite struct ControlTests {
    /// A root controller whose view holds `button` (a system button titled "Tap me" at
    /// (100, 100)), `toggle` (a switch at (100, 300)) and `slider` (228 wide at (20, 400): a
    /// 200-point track). `log` gets every event of each, as "name event".
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            local Events = require("UIKit.UIControl").Events
            local names = { "TouchDown", "TouchDragInside", "TouchDragOutside", "TouchDragEnter", "TouchDragExit",
                            "TouchUpInside", "TouchUpOutside", "TouchCancel", "ValueChanged", "PrimaryActionTriggered" }
            Logger = objc.NSObject:createSubclass "Logger"
            log = {}
            function Logger:watch(control, name)
                for _, event in ipairs(names) do
                    local action = name .. event
                    Logger[action] = function(self, sender) log[#log + 1] = name .. " " .. event end
                    Logger:declareActionMethod(action)
                    control:addTarget_action_forControlEvents(self, action, Events[event])
                end
            end
            logger = Logger:new()
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                button = objc.UIButton:buttonWithType((require "UIKit.UIButton").ButtonType.System)
                button:setTitle_forState("Tap me", 0)
                button.frame = struct.CGRect(100, 100, 120, 44)
                toggle = objc.UISwitch:newWithFrame(struct.CGRect(100, 300, 10, 10))
                slider = objc.UISlider:newWithFrame(struct.CGRect(20, 400, 228, 34))
                slider.maximumValue = 100
                for _, control in ipairs { button, toggle, slider } do self.view:addSubview(control) end
                logger:watch(button, "button")
                logger:watch(toggle, "switch")
                logger:watch(slider, "slider")
            end
            root = Root:new()
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return root")[0], as: ViewController.self)))
        return t
    }

    func log(_ t: TestWorld) throws -> [String] {
        try t.run("local copy = log log = {} return table.concat(copy, ', ')").first?.stringValue?
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
    }

    @Test func aTapIsTouchDownThenUpInsideThenThePrimaryAction() throws {
        let t = try world()
        try t.run("simulate.tap { at = { x = 160, y = 122 } }")
        #expect(try log(t) == ["button TouchDown", "button TouchUpInside", "button PrimaryActionTriggered"])
        #expect(try t.run("return button.highlighted") == [false])
    }

    @Test func draggingOutCrossesTheEdgeWithAMarginAndEndsOutside() throws {
        let t = try world()
        try t.run(
            """
            highlights = {}
            local logged = Logger.buttonTouchDragInside
            function Logger:buttonTouchDragInside(sender)
                highlights[#highlights + 1] = sender.highlighted
                logged(self, sender)
            end
            simulate.drag { points = { { x = 160, y = 122 }, { x = 200, y = 122 }, { x = 280, y = 122 }, { x = 330, y = 122 } } }
            """)
        // 280 is 60 points past the right edge: inside UIKit's 70-point margin. 330 is not.
        #expect(
            try log(t) == [
                "button TouchDown", "button TouchDragInside", "button TouchDragInside", "button TouchDragExit",
                "button TouchDragOutside", "button TouchUpOutside",
            ])
        #expect(
            try t.run("return #highlights, highlights[1], highlights[2], button.highlighted") == [2, true, true, false])
    }

    @Test func aDisabledControlLetsTheTouchThroughAndASuperviewsTapWaitsForControls() throws {
        let t = try world()
        try t.run(
            """
            taps = 0
            Logger.tapped = function() taps = taps + 1 end
            Logger:declareActionMethod "tapped"
            root.view:addGestureRecognizer(objc.UITapGestureRecognizer:newWithTarget_action(logger, "tapped"))
            simulate.tap { at = { x = 160, y = 122 } }
            """)
        #expect(try t.run("return taps") == [0])
        #expect(try log(t).count == 3)
        try t.run("button.enabled = false simulate.tap { at = { x = 160, y = 122 } }")
        #expect(try t.run("return taps, button.state") == [1, 2])
        #expect(try log(t).isEmpty)
    }

    @Test func aButtonFitsItsTitlesRealMetricsAndShowsTheTitleOfItsState() throws {
        let t = try world()
        let measured = try t.run(
            """
            local size = ("Tap me"):sizeWithAttributes { [require("UIKit.NSAttributedString").NSFontAttributeName] = objc.UIFont:systemFontOfSize(15) }
            return math.ceil(size.width), math.ceil(size.height)
            """)
        let width = try #require(measured[0].numberValue)
        let height = try #require(measured[1].numberValue)
        try t.run("button:sizeToFit()")
        #expect(
            try t.run("return button.frame.size.width, button.frame.size.height") == [
                .number(width), .number(height + 12),
            ])
        try t.run(
            "button.contentEdgeInsets = struct.UIEdgeInsets(5, 10, 5, 10) button:sizeToFit() button:layoutIfNeeded()")
        #expect(
            try t.run("return button.frame.size.width, button.frame.size.height, button.titleLabel.frame.origin.x")
                == [.number(width + 20), .number(height + 10), 10])
        try t.run(
            """
            local State = require("UIKit.UIControl").State
            button:setTitle_forState("Pressed", State.Highlighted)
            button:setTitleColor_forState(objc.UIColor.redColor, State.Highlighted)
            """)
        #expect(
            try t.run("return button.currentTitle, button.titleLabel.text, button.currentTitleColor.components[2]") == [
                "Tap me", "Tap me", .number(122.0 / 255),
            ])
        try t.run("button.highlighted = true")
        #expect(
            try t.run(
                "return button.currentTitle, button.titleLabel.text, button.currentTitleColor.components[1], button.state"
            )
                == ["Pressed", "Pressed", 1, 1])
        #expect(t.error("objc.UIButton:buttonWithType(42)").contains("42 is not a UIButtonType"))
    }

    @Test func aSwitchTogglesOnATapAndSaysSoBeforeTheTouchUp() throws {
        let t = try world()
        #expect(try t.run("return toggle.frame.size.width, toggle.frame.size.height, toggle.on") == [51, 31, false])
        try t.run("simulate.tap { at = { x = 125, y = 315 } }")
        #expect(
            try log(t) == [
                "switch TouchDown", "switch ValueChanged", "switch PrimaryActionTriggered", "switch TouchUpInside",
            ])
        #expect(try t.run("return toggle.on") == [true])
        try t.run("toggle:setOn_animated(false, true) simulate.tap { at = { x = 125, y = 315 } }")
        #expect(try log(t).count == 4)  // setOn sent nothing; the tap sent its four
        #expect(try t.run("return toggle.on") == [true])
    }

    @Test func aSliderFollowsAFingerOnItsThumbAndIgnoresTheTrack() throws {
        let t = try world()
        // The thumb of a zero value is at x 20 to 48; dragging it 100 points moves half the track.
        try t.run("simulate.drag { from = { x = 34, y = 417 }, to = { x = 134, y = 417 }, steps = 4 }")
        #expect(try t.run("return slider.value") == [50])
        let events = try log(t)
        #expect(events.first == "slider TouchDown" && events.last == "slider TouchUpInside")
        #expect(events.filter { $0 == "slider ValueChanged" }.count == 4)
        try t.run("simulate.tap { at = { x = 230, y = 417 } }")
        #expect(try t.run("return slider.value") == [50])
        #expect(try log(t).isEmpty)
        try t.run(
            "slider.continuous = false simulate.drag { from = { x = 134, y = 417 }, to = { x = 500, y = 417 }, steps = 4 }"
        )
        #expect(try t.run("return slider.value") == [100])
        #expect(try log(t).filter { $0 == "slider ValueChanged" }.count == 1)
        #expect(t.error("slider.maximumValue = -1").contains("maximumValue -1.0 is below minimumValue 0.0"))
    }

    @Test func aScrollViewTakesADragThatStartsOnAButton() throws {
        let t = try TestWorld()
        try t.run(
            """
            local Root = objc.UIViewController:createSubclass "ScrollRoot"
            function Root:loadView()
                local scroll = objc.UIScrollView:newWithFrame(struct.CGRect(0, 0, 375, 667))
                scroll.contentSize = struct.CGSize(375, 2000)
                button = objc.UIButton:buttonWithType(1)
                button.frame = struct.CGRect(100, 100, 120, 44)
                scroll:addSubview(button)
                self.view = scroll
            end
            events = {}
            Sink = objc.NSObject:createSubclass "Sink"
            function Sink:down() events[#events + 1] = "down" end
            function Sink:cancel() events[#events + 1] = "cancel" end
            Sink:declareActionMethod "down"
            Sink:declareActionMethod "cancel"
            sink = Sink:new()
            root = Root:new()
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return root")[0], as: ViewController.self)))
        try t.run(
            """
            button:addTarget_action_forControlEvents(sink, "down", 1)
            button:addTarget_action_forControlEvents(sink, "cancel", 256)
            simulate.drag { from = { x = 160, y = 122 }, to = { x = 160, y = 22 }, steps = 10 }
            """)
        #expect(try t.run("return table.concat(events, ' '), root.view.contentOffset.y > 0") == ["down cancel", true])
    }

    @Test func anActionWithoutATargetGoesUpTheResponderChain() throws {
        let t = try world()
        try t.run(
            """
            function Root:save(sender) saved = sender end
            Root:declareActionMethod "save"
            button:addTarget_action_forControlEvents(nil, "save", require("UIKit.UIControl").Events.TouchUpInside)
            simulate.tap { at = { x = 160, y = 122 } }
            """)
        #expect(try t.run("return saved == button") == [true])
    }
}
