import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// `keyboardDismissMode`: a scroll view's drag dismisses the keyboard on drag, or pulls it down
/// with the finger when interactive; with none it stays.
@Suite struct KeyboardDismissTests {
    /// A table-like scroll view over the screen (content twice its height) holding `field`,
    /// which is first responder with the keyboard up; `hidden` counts WillHide notifications.
    /// The phone's keyboard (216 + 44) tops out at y 407.
    func world(mode: Int) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            hidden = 0
            Listener = objc.NSObject:createSubclass "Listener"
            function Listener:hid() hidden = hidden + 1 end
            listener = Listener:new()
            objc.NSNotificationCenter.defaultCenter:addObserver_selector_name_object(
                listener, "hid", "UIKeyboardWillHideNotification", nil)
            controller = objc.UIViewController:new()
            scroll = objc.UIScrollView:newWithFrame(struct.CGRect(0, 0, 375, 667))
            scroll.contentSize = struct.CGSize(375, 1334)
            scroll.keyboardDismissMode = \(mode)
            field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 200, 34))
            scroll:addSubview(field)
            controller.view:addSubview(scroll)
            """)
        try t.show()
        try t.run("field:becomeFirstResponder() simulate.advance(0.5)")
        return t
    }

    @Test func onDragTheKeyboardGoesWhenADragBegins() throws {
        let t = try world(mode: 1)
        try t.run("simulate.drag { from = { x = 200, y = 300 }, to = { x = 200, y = 200 } } simulate.advance(0.5)")
        #expect(try t.run("return field.isFirstResponder, hidden") == [false, 1])
    }

    @Test func withNoneADragLeavesTheKeyboard() throws {
        let t = try world(mode: 0)
        try t.run(
            "simulate.drag { from = { x = 200, y = 300 }, to = { x = 200, y = 200 } } simulate.advance(0.5) sentinel = true"
        )
        #expect(try t.run("return sentinel, field.isFirstResponder, hidden") == [true, true, 0])
    }

    @Test func interactivelyADragDownOverTheKeyboardDismissesIt() throws {
        let t = try world(mode: 2)
        try t.run("simulate.drag { from = { x = 200, y = 300 }, to = { x = 200, y = 600 } } simulate.advance(0.5)")
        #expect(try t.run("return field.isFirstResponder, hidden") == [false, 1])
    }

    @Test func interactivelyAKeyboardPulledDownThenUpSlidesBack() throws {
        let t = try world(mode: 2)
        try t.run(
            """
            simulate.drag { points = { { x = 200, y = 300 }, { x = 200, y = 450 }, { x = 200, y = 550 },
                                       { x = 200, y = 500 }, { x = 200, y = 420 } } }
            simulate.advance(0.5)
            sentinel = true
            """)
        #expect(try t.run("return sentinel, field.isFirstResponder, hidden") == [true, true, 0])
    }

    @Test func aDragAboveTheKeyboardLeavesItInteractively() throws {
        let t = try world(mode: 2)
        try t.run(
            "simulate.drag { from = { x = 200, y = 300 }, to = { x = 200, y = 380 } } simulate.advance(0.5) sentinel = true"
        )
        #expect(try t.run("return sentinel, field.isFirstResponder, hidden") == [true, true, 0])
    }

    @Test func anUnknownModeIsRefused() throws {
        let t = try world(mode: 0)
        #expect(t.error("scroll.keyboardDismissMode = 5").contains("keyboardDismissMode"))
    }
}
