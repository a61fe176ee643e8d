import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Selectors in either spelling (`"tick:"` and `"tick"`, `"setTitle:forState:"` and
/// `"setTitle_forState"`) wherever one is handed over, checked as it is handed over.
@Suite struct SelectorTests {
    static let prelude = """
        Receiver = class.createClass("Receiver")
        calls = {}
        function Receiver:tick(sender) calls[#calls + 1] = "tick" end
        function Receiver:showTable(sender) calls[#calls + 1] = "showTable" end
        function Receiver:handle(recognizer) calls[#calls + 1] = "handle" end
        Receiver:declareActionMethod("showTable:")
        receiver = Receiver:new()
        """

    @Test func objectiveCSpellingsAreAccepted() throws {
        let t = try TestWorld()
        try t.run(Self.prelude)
        try t.run(
            """
            local UiControl = require "UIKit.UIControl"
            local button = objc.UIButton:buttonWithType(0)
            button:addTarget_action_forControlEvents(receiver, "showTable:", UiControl.Event.TouchUpInside)
            button:sendActionsForControlEvents(UiControl.Event.TouchUpInside)
            objc.NSTimer:scheduledTimerWithTimeInterval_target_selector_userInfo_repeats(1, receiver, "tick:", nil, false)
            receiver:performSelector_withObject_afterDelay("tick:", nil, 2)
            receiver:performSelector_withObject_afterDelay("tick", nil, 3)
            local tap = objc.UITapGestureRecognizer:newWithTarget_action(receiver, "handle:")
            objc.NSObject:cancelPreviousPerformRequestsWithTarget_selector_object(receiver, "tick:", nil)
            button:performSelector_withObject_afterDelay("setNeedsLayout", nil, 0)
            simulate.advance(4)
            """)
        #expect(try t.run("return table.concat(calls, ' ')") == ["showTable tick"])
        #expect(t.errors == [])
    }

    @Test(arguments: [
        ("objc.UIButton:new():addTarget_action_forControlEvents(receiver, 'showTabel:', 64)", "a control's action"),
        (
            "objc.NSTimer:scheduledTimerWithTimeInterval_target_selector_userInfo_repeats(1, receiver, 'tik:', nil, true)",
            "an NSTimer's selector"
        ),
        ("receiver:performSelector_withObject_afterDelay('tock:', nil, 0)", "performSelector_withObject_afterDelay"),
        ("objc.UITapGestureRecognizer:newWithTarget_action(receiver, 'handel:')", "a gesture recognizer's action"),
        ("objc.UIButton:new():addTarget_action_forControlEvents(receiver, 'not a selector', 64)", "is not a selector"),
    ])
    func aTypoIsAnErrorWhenTheSelectorIsHandedOver(call: String, expected: String) throws {
        let t = try TestWorld()
        try t.run(Self.prelude)
        let message = t.error(call)
        #expect(message.contains(expected), "\(message)")
        if !expected.contains("not a selector") {
            #expect(message.contains("Receiver has no method"), "\(message)")
            #expect(message.contains("did you mean"), "\(message)")
        }
        // Nothing was scheduled that would fail again at every tick.
        try t.run("simulate.advance(5)")
        #expect(t.errors == [])
    }

    @Test func anActionMethodTheModuleNeverDefinesIsAWarning() throws {
        let t = try TestWorld()
        try t.world.bridge.runModule(named: "Cell") {
            try t.run(
                """
                local Cell = class.createClass("CheckCell", objc.UITableViewCell)
                function Cell:toggleCheck(sender) end
                Cell:publishActionMethod("toggleCheck:")
                Cell:declareActionMethod("toggleChecked")
                """)
        }
        #expect(t.warnings.count == 1)
        #expect(
            t.warnings.first?.contains("module Cell: CheckCell declares the action method 'toggleChecked'") == true,
            "\(t.warnings)")
    }
}
