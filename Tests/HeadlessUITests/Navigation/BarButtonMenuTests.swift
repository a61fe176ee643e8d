import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Bar button items with a menu or a primary action (iOS 14), in a navigation bar on the phone
/// profile: the right item sits at the bar's right margin, 20 to 64 points down.
@Suite struct BarButtonMenuTests {
    func world(_ item: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            local function action(title)
                return objc.UIAction:actionWithTitle_image_identifier_handler(title, nil, nil, function(a)
                    log[#log + 1] = a.title .. " from " .. tostring(a.sender == item)
                end)
            end
            menu = objc.UIMenu:menuWithTitle_children("Sort", { action "Name", action "Date" })
            primary = action "Add"
            root = objc.UIViewController:new()
            root.title = "Files"
            item = \(item)
            root.navigationItem.rightBarButtonItem = item
            controller = objc.UINavigationController:newWithRootViewController(root)
            \(TestWorld.labelFinding)
            function tapItem()
                local bar = controller.navigationBar
                local button = bar.subviews[#bar.subviews]
                local center = button:convertPoint_toView(struct.CGPoint(button.bounds.size.width / 2, 22), nil)
                simulate.tap { at = { x = center.x, y = center.y } }
            end
            """)
        try t.show()
        return t
    }

    @Test func anItemWithOnlyAMenuOpensItOnATap() throws {
        let t = try world("objc.UIBarButtonItem:newWithTitle_menu('Sort', menu)")
        try t.run("tapItem() simulate.advance(0.5)")
        #expect(try t.run("return row('Name') ~= nil, row('Date') ~= nil") == [true, true])
        try t.run("tapRow('Date') simulate.advance(0.5)")
        #expect(try t.takeLog() == ["Date from false"], "a menu's action is sent from the menu, not the item")
        #expect(try t.run("return row('Name') == nil") == [true])
    }

    @Test func aPrimaryActionRunsOnATapAndItsTitleShows() throws {
        let t = try world("objc.UIBarButtonItem:newWithPrimaryAction(primary)")
        #expect(try t.run("return row('Add') ~= nil") == [true])
        try t.run("tapItem()")
        #expect(try t.takeLog() == ["Add from true"])
    }

    @Test func withAPrimaryActionTheMenuOpensOnALongPress() throws {
        let t = try world("objc.UIBarButtonItem:newWithTitle_image_primaryAction_menu('Sort', nil, primary, menu)")
        try t.run("tapItem()")
        #expect(try t.takeLog() == ["Add from true"])
        #expect(try t.run("return row('Name') == nil") == [true])
        try t.run(
            """
            local bar = controller.navigationBar
            local button = bar.subviews[#bar.subviews]
            local center = button:convertPoint_toView(struct.CGPoint(button.bounds.size.width / 2, 22), nil)
            simulate.longPress { at = { x = center.x, y = center.y }, duration = 1 }
            simulate.advance(0.5)
            """)
        #expect(try t.run("return row('Name') ~= nil") == [true])
    }

    @Test func aBadSystemItemIsRefused() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UIBarButtonItem:newWithBarButtonSystemItem_menu(99, nil)")
                .contains("99 is not a UIBarButtonSystemItem"))
    }
}
