import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Collections native code hands to scripts answer both ways: as CodeFlow's tables (`info.key`,
/// `pairs`, `#`, `[i]`) and with NSDictionary's and NSArray's members.
@Suite struct CollectionsBothWaysTests {
    @Test func aNotificationsUserInfoAnswersAsATableAndAsAnNSDictionary() throws {
        let t = try TestWorld()
        try t.run(
            """
            local C = objc.UIViewController:createSubclass "C"
            controller = C:new()
            objc.NSNotificationCenter.defaultCenter:addObserverForName_object_queue_usingBlock(
                "UIKeyboardWillShowNotification", nil, nil, function(notification) info = notification.userInfo end)
            field = objc.UITextField:newWithFrame { x = 20, y = 100, width = 200, height = 40 }
            controller.view:addSubview(field)
            """)
        try t.show()
        try t.run("field:becomeFirstResponder()")
        #expect(
            try t.run(
                """
                local key = "UIKeyboardAnimationDurationUserInfoKey"
                local pairsCount = 0
                for _ in pairs(info) do pairsCount = pairsCount + 1 end
                return info[key], info:objectForKey(key), info:valueForKey(key), info.count, pairsCount,
                    info.allKeys[1], #info.allValues, info:objectForKey("missing")
                """) == [
                    0.25, 0.25, 0.25, 5, 5, "UIKeyboardAnimationCurveUserInfoKey", 5, nil,
                ])
    }

    @Test func anArrayFromNativeCodeAnswersAsASequenceAndAsAnNSArray() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local view = objc.UIView:new()
                for _ = 1, 3 do view:addSubview(objc.UIView:new()) end
                local subviews = view.subviews
                return #subviews, subviews[2] == subviews:objectAtIndex(1), subviews.count,
                    subviews:objectAtIndex(2) == subviews.lastObject
                """) == [3, true, 3, true])
    }
}
