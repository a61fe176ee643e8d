import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The on-screen keyboard: it follows the first responder, slides in the device profile's
/// height on the virtual clock, and posts UIKit's notifications with their frames.
@Suite struct KeyboardTests {
    /// A field and a text view on screen; `heard` logs each keyboard notification as
    /// "name begin.y end.y height duration curve", and `moved` is a view the will-show
    /// observer moves up by the keyboard's height.
    func world(_ profile: DeviceProfile = .phone) throws -> TestWorld {
        let t = try TestWorld(profile: profile)
        try t.run(
            """
            heard = {}
            local Window = require "UIKit.UIWindow"
            Listener = objc.NSObject:createSubclass "Listener"
            function Listener:keyboard(note)
                local info = note.userInfo
                local begin, finish = info[Window.UIKeyboardFrameBeginUserInfoKey], info[Window.UIKeyboardFrameEndUserInfoKey]
                heard[#heard + 1] = string.format("%s %g %g %g %g %d", note.name:gsub("UIKeyboard", ""), begin.origin.y,
                    finish.origin.y, finish.size.height, info[Window.UIKeyboardAnimationDurationUserInfoKey],
                    info[Window.UIKeyboardAnimationCurveUserInfoKey])
                if note.name == Window.UIKeyboardWillShowNotification then
                    moved.frame = struct.CGRect(0, 400 - finish.size.height, 10, 10)
                elseif note.name == Window.UIKeyboardWillHideNotification then
                    moved.frame = struct.CGRect(0, 400, 10, 10)
                end
            end
            listener = Listener:new()
            for _, name in ipairs { "WillShow", "DidShow", "WillHide", "DidHide" } do
                objc.NSNotificationCenter.defaultCenter:addObserver_selector_name_object(
                    listener, "keyboard:", Window["UIKeyboard" .. name .. "Notification"], nil)
            end
            Root = objc.UIViewController:createSubclass "Root"
            function Root:viewDidLoad()
                field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 200, 34))
                other = objc.UITextField:newWithFrame(struct.CGRect(20, 150, 200, 34))
                button = objc.UIButton:buttonWithType(1)
                moved = objc.UIView:newWithFrame(struct.CGRect(0, 400, 10, 10))
                for _, view in ipairs { field, other, button, moved } do self.view:addSubview(view) end
            end
            controller = Root:new()
            """)
        try t.show()
        return t
    }

    func heard(_ t: TestWorld) throws -> [String] {
        let joined = try t.run("local copy = heard heard = {} return table.concat(copy, '|')").first?.stringValue ?? ""
        return joined.isEmpty ? [] : joined.split(separator: "|").map(String.init)
    }

    /// Turned to landscape with the keyboard up, the phone's keyboard is 32 + 162 points at
    /// the bottom of the 375-point-high screen, and says so as the rotation starts and ends.
    @Test func aTurnedDeviceGivesTheKeyboardItsLandscapeHeight() throws {
        let t = try world()
        try t.run("field:becomeFirstResponder() simulate.advance(0.5)")
        _ = try heard(t)
        try t.run("simulate.deviceOrientation('landscapeLeft')")
        #expect(try heard(t) == ["WillShowNotification 407 181 194 0.25 7", "DidShowNotification 407 181 194 0.25 7"])
        #expect(try t.run("return moved.frame.origin.y") == [206], "observers' changes follow")
        try t.run("field:resignFirstResponder() simulate.advance(0.5)")
        #expect(try heard(t) == ["WillHideNotification 181 375 194 0.25 7", "DidHideNotification 181 375 194 0.25 7"])
    }

    /// A phone with a home button: 216 points of keys and the 44-point suggestion bar, from
    /// the bottom of its 667-point screen.
    @Test func itSlidesUpWithTheFirstResponderAndWhatWillShowChangesAnimatesAlong() throws {
        let t = try world()
        try t.run("field:becomeFirstResponder()")
        #expect(try heard(t) == ["WillShowNotification 667 407 260 0.25 7"])
        #expect(try t.run("return moved.frame.origin.y") == [140], "the model value at once")
        try t.run("simulate.advance(0.125)")
        let shown = try t.run("return moved.layer:presentationLayer().frame.origin.y")[0].numberValue ?? 0
        #expect(shown > 140 && shown < 400, "half-way through the keyboard's animation: \(shown)")
        #expect(try heard(t) == [])
        try t.run("simulate.advance(0.2)")
        #expect(try heard(t) == ["DidShowNotification 667 407 260 0.25 7"])
    }

    @Test func focusMovingBetweenFieldsShowsItAgainWithoutHiding() throws {
        let t = try world()
        try t.run(
            "field:becomeFirstResponder() simulate.advance(0.5) heard = {} other:becomeFirstResponder() simulate.advance(0.5)"
        )
        #expect(try heard(t) == ["WillShowNotification 407 407 260 0.25 7", "DidShowNotification 407 407 260 0.25 7"])
        try t.run("other:resignFirstResponder() simulate.advance(0.5)")
        #expect(try heard(t) == ["WillHideNotification 407 667 260 0.25 7", "DidHideNotification 407 667 260 0.25 7"])
        #expect(try t.run("return moved.frame.origin.y") == [400])
    }

    @Test func aResponderThatTakesNoTextLeavesTheKeyboardDown() throws {
        let t = try world()
        try t.run(
            """
            Keen = objc.UIView:createSubclass "Keen"
            function Keen:canBecomeFirstResponder() return true end
            keen = Keen:new()
            controller.view:addSubview(keen)
            """)
        #expect(
            try t.run("return keen:becomeFirstResponder(), keen.isFirstResponder, button:becomeFirstResponder()") == [
                true, true, false,
            ])
        try t.run("simulate.advance(0.5) sentinel = true")
        #expect(try heard(t) == [])
        #expect(try t.run("return sentinel") == [true])
    }

    /// Heights by device, with the suggestion bar (docs/uikit-metrics.md): 194 on a phone in
    /// landscape (162 + 32), 335 upright on one without a home button (216 + 44 + 75), 313 on
    /// a pad (264 + 49).
    @Test(arguments: [("phone-landscape", 375.0, 194.0), ("large-phone", 932, 335), ("tablet", 1366, 313)])
    func itsHeightIsTheDevicesOwn(profile: String, screenHeight: Double, height: Double) throws {
        let t = try world(try DeviceProfile(parsing: profile))
        try t.run("field:becomeFirstResponder()")
        #expect(
            try heard(t) == [
                "WillShowNotification \(Int(screenHeight)) \(Int(screenHeight - height)) \(Int(height)) 0.25 7"
            ])
    }

    @Test func itIsAWindowAboveTheAppsThatDrawsInPictures() throws {
        let t = try world()
        try t.run("field:becomeFirstResponder() simulate.advance(0.5)")
        let windows = t.world.application.visibleWindows
        #expect(windows.count == 2)
        #expect(windows.last?.windowLevel == 10_000_000)
        #expect(windows.last?.frame == CGRect(x: 0, y: 407, width: 375, height: 260))
        #expect(windows.last?.subviews.first?.backdrop != nil)
        try t.run("field:resignFirstResponder() simulate.advance(0.5)")
        #expect(t.world.application.visibleWindows.count == 1)
    }
}
