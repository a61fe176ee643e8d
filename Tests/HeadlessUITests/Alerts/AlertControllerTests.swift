import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIAlertController: alerts and action sheets laid out as UIKit lays them out, presented over
/// the presenter, and actions that dismiss and then run their handlers.
@Suite struct AlertControllerTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            Style = require("UIKit.UIAlertController")
            log = {}
            controller = objc.UIViewController:new()
            function make(style, ...)
                local alert = objc.UIAlertController:alertControllerWithTitle_message_preferredStyle("Title", "Message", style)
                for _, spec in ipairs { ... } do
                    alert:addAction(objc.UIAlertAction:actionWithTitle_style_handler(spec[1], spec[2], function(action)
                        log[#log + 1] = action.title .. (controller.presentedViewController == nil and " after" or " during")
                    end))
                end
                return alert
            end
            function frameOf(view)
                local f = view:convertRect_toView(view.bounds, nil)
                return f.origin.x, f.origin.y, f.size.width, f.size.height
            end
            function button(title)
                local found
                local function walk(view)
                    if view.text == title then found = view.superview end
                    for _, sub in ipairs(view.subviews) do walk(sub) end
                end
                walk(objc.UIApplication.sharedApplication.keyWindow)
                return found
            end
            """)
        try t.show()
        return t
    }

    /// A 270-point box in the middle; two actions side by side, the cancel one on the left,
    /// 44 points tall.
    @Test func anAlertIsABoxWithTwoActionsSideBySide() throws {
        let t = try world()
        try t.run(
            """
            alert = make(Style.Style.Alert, { "OK", Style.ActionStyle.Default }, { "Cancel", Style.ActionStyle.Cancel })
            controller:presentViewController_animated_completion(alert, true, nil)
            simulate.advance(1)
            """)
        let cancel = try t.run("return frameOf(button('Cancel'))").map { $0.numberValue ?? -1 }
        let ok = try t.run("return frameOf(button('OK'))").map { $0.numberValue ?? -1 }
        #expect(cancel[0] == 52.5 && cancel[2] == 135 && cancel[3] == 44, "\(cancel)")
        #expect(ok[0] == 187.5 && ok[1] == cancel[1])
        #expect(try t.run("return controller.view.window ~= nil") == [true], "the presenter stays under the alert")
    }

    @Test func choosingAnActionDismissesThenRunsTheHandler() throws {
        let t = try world()
        try t.run(
            """
            alert = make(Style.Style.Alert, { "Yes", 0 }, { "No", 0 }, { "Maybe", 2 })
            controller:presentViewController_animated_completion(alert, true, nil)
            simulate.advance(1)
            local f = button("Maybe")
            local frame = f:convertRect_toView(f.bounds, nil)
            simulate.tap { at = { x = frame.origin.x + 10, y = frame.origin.y + 10 } }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return table.concat(log, ','), controller.presentedViewController") == ["Maybe after", .nil])
    }

    /// Three actions stack; an action sheet's cancel action sits in its own group, 8 points
    /// above the bottom of a phone with a home button, 57 points tall, 8 in from each side.
    @Test func anActionSheetHasItsCancelActionApart() throws {
        let t = try world()
        try t.run(
            """
            sheet = make(Style.Style.ActionSheet, { "Delete", Style.ActionStyle.Destructive }, { "Cancel", 1 }, { "Share", 0 })
            controller:presentViewController_animated_completion(sheet, false, nil)
            """)
        let cancel = try t.run("return frameOf(button('Cancel'))").map { $0.numberValue ?? -1 }
        #expect(cancel == [8, 667 - 8 - 57, 359, 57])
        let share = try t.run("return frameOf(button('Share'))").map { $0.numberValue ?? -1 }
        #expect(share[1] + share[3] == cancel[1] - 8, "the last action ends 8 points above the cancel group")
    }

    @Test func textFieldsTakeTheKeyboardAndBadUseIsRefused() throws {
        let t = try world()
        try t.run(
            """
            alert = make(Style.Style.Alert, { "OK", 0 })
            alert:addTextFieldWithConfigurationHandler(function(field) field.placeholder = "Name" end)
            controller:presentViewController_animated_completion(alert, true, nil)
            simulate.advance(1)
            simulate.type "Ada"
            """)
        #expect(try t.run("return alert.textFields[1].text, alert.textFields[1].placeholder") == ["Ada", "Name"])
        #expect(
            t.error("make(0):addTextFieldWithConfigurationHandler(nil)").contains(
                "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert"))
        #expect(
            t.error("make(1, { 'a', 1 }, { 'b', 1 })").contains(
                "can only have one action with a style of UIAlertActionStyleCancel"))
        #expect(t.error("make(5)").contains("5 is not a UIAlertControllerStyle"))
        #expect(
            t.error("objc.UIAlertAction:actionWithTitle_style_handler('x', 9, nil)").contains(
                "9 is not a UIAlertActionStyle"))
    }
}
