import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// `UITabBarController`: tabs switch by tap and by code in UIKit's appearance order, the
/// delegate may refuse a tap, and the bar takes the bottom of the safe area.
@Suite struct TabBarTests {
    static let script = """
        log = {}
        Tab = objc.UIViewController:createSubclass("Tab")
        for _, name in ipairs { "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
            Tab[name] = function(self) log[#log + 1] = self.title .. "." .. name end
        end
        function logged() local text = table.concat(log, " ") log = {} return text end
        local function tab(title) local made = Tab:new() made.title = title return made end
        first, second, third = tab("First"), tab("Second"), tab("Third")
        Delegate = objc.NSObject:createSubclass("Delegate")
        Delegate:declareProtocol("UITabBarControllerDelegate")
        function Delegate:tabBarController_shouldSelectViewController(tabs, controller)
            log[#log + 1] = "should " .. (controller.title or controller.tabBarItem.title)
            return controller ~= third
        end
        function Delegate:tabBarController_didSelectViewController(tabs, controller)
            log[#log + 1] = "did " .. (controller.title or controller.tabBarItem.title)
        end
        delegate = Delegate:new()
        controller = objc.UITabBarController:new()
        controller.viewControllers = { first, second, third }
        controller.delegate = delegate
        function tapTab(index)
            local bar = controller.tabBar
            local width = bar.bounds.size.width / 3
            simulate.tap { at = bar:convertPoint_toView({ x = width * (index + 0.5), y = 20 }, nil) }
        end
        """

    func world(profile: DeviceProfile = .phone) throws -> TestWorld {
        let t = try TestWorld(profile: profile)
        try t.run(Self.script)
        try t.show()
        return t
    }

    @Test func theFirstTabShowsUnderABarOfUIKitsHeight() throws {
        let t = try world()
        #expect(try t.run("return logged()") == ["First.viewWillAppear First.viewDidAppear"])
        #expect(
            try t.run(
                """
                local bar = controller.tabBar.frame
                return controller.selectedIndex, controller.selectedViewController == first, bar.origin.y, bar.size.height,
                    first.view.window ~= nil, second.isViewLoaded, first.view.safeAreaInsets.bottom,
                    #controller.tabBar.items, controller.tabBar.items[2].title, first.tabBarController == controller
                """) == [0, true, 618, 49, true, false, 49, 3, "Second", true])
    }

    /// A badge is a red capsule 18 points high from 5 points right of its tab's middle and 2
    /// above the image box; one character makes a circle, more widen it; nil hides it.
    @Test func badgesAreCapsulesOverTheImagesTopRight() throws {
        let t = try world()
        try t.run(
            """
            second.tabBarItem.badgeValue = "3"
            third.tabBarItem.badgeValue = "128"
            third.tabBarItem.badgeColor = objc.UIColor.systemBlueColor
            simulate.frames(1)
            function badge(index)
                local button = controller.tabBar.subviews[index]
                for _, view in ipairs(button.subviews) do
                    if view.layer.cornerRadius == 9 then return view, button end
                end
            end
            """)
        let one = try t.run(
            """
            local badge, button = badge(2)
            return badge.text, badge.hidden, badge.frame.origin.x, badge.frame.origin.y, badge.frame.size.width,
                badge.frame.size.height, button.frame.size.width
            """)
        #expect(one[0] == "3" && one[1] == false)
        #expect(one[2].numberValue == 125.0 / 2 + 5 && one[3] == 2 && one[4] == 18 && one[5] == 18, "\(one)")
        let wide = try t.run(
            "local badge = badge(3) return badge.frame.size.width, badge.backgroundColor == objc.UIColor.systemBlueColor"
        )
        #expect((wide[0].numberValue ?? 0) > 28 && wide[1] == true, "\(wide)")
        try t.run("second.tabBarItem.badgeValue = nil simulate.frames(1)")
        #expect(try t.run("return badge(2).hidden") == [true])
    }

    /// Past five tabs the bar shows four and More, whose navigation controller lists the rest;
    /// a row pushes its tab, and a tap on the More tab again goes back to the list.
    @Test func pastFiveTabsTheMoreTabListsTheRest() throws {
        let t = try world()
        try t.run(
            """
            extra = {}
            for index = 4, 7 do extra[index] = objc.UIViewController:new() extra[index].title = "Tab " .. index end
            controller.viewControllers = { first, second, third, extra[4], extra[5], extra[6], extra[7] }
            more = controller.moreNavigationController
            simulate.frames(1)
            function tapBar(index)
                local bar = controller.tabBar
                local width = bar.bounds.size.width / #bar.items
                simulate.tap { at = bar:convertPoint_toView({ x = width * (index + 0.5), y = 20 }, nil) }
            end
            logged()
            """)
        #expect(
            try t.run(
                "local items = controller.tabBar.items return #items, items[4].title, items[5].title, more.topViewController.title"
            ) == [5, "Tab 4", "More", "More"])
        try t.run("controller.selectedIndex = 5")
        #expect(
            try t.run(
                "return controller.selectedViewController == extra[6], more.topViewController == extra[6], extra[6].tabBarController == controller, extra[6].view.window ~= nil"
            ) == [true, true, true, true])
        #expect(try t.run("return controller.selectedIndex") == [5])
        try t.run("logged() tapBar(4) simulate.advance(1)")
        let backToList = try t.run(
            "return controller.selectedViewController == more, controller.selectedIndex, logged()")
        #expect(
            backToList == [true, .integer(Int64(NSNotFound)), "should More did More"],
            "the More tab again: back to its list: \(backToList)")
        // The list's second row is the sixth tab.
        try t.run(
            "simulate.tap { at = { x = 100, y = more.navigationBar.frame.origin.y + more.navigationBar.frame.size.height + 44 * 1.5 } } simulate.advance(1)"
        )
        #expect(try t.run("return controller.selectedIndex, more.topViewController.title") == [5, "Tab 6"])
        try t.run("controller.viewControllers = { first, second }")
        #expect(try t.run("return #controller.tabBar.items, controller.selectedViewController == first") == [2, true])
    }

    /// A script may keep the More navigation controller after its tab bar controller has gone:
    /// a tap on a row of its list then does nothing, and the host goes on.
    @Test func theMoreListOutlivingItsTabBarControllerTakesTapsQuietly() throws {
        let t = try TestWorld()
        try t.run(
            """
            local tabs = objc.UITabBarController:new()
            local list = {}
            for index = 1, 7 do list[index] = objc.UIViewController:new() list[index].title = "Tab " .. index end
            tabs.viewControllers = list
            more = tabs.moreNavigationController
            tabs = nil
            collectgarbage() collectgarbage()
            """)
        try t.show(controller: "more")
        try t.run(
            """
            simulate.tap { at = { x = 100, y = more.navigationBar.frame.origin.y + more.navigationBar.frame.size.height + 22 } }
            simulate.advance(1)
            sentinel = #more.viewControllers
            """)
        #expect(try t.run("return sentinel") == [1], "the list stays; nothing was pushed")
    }

    @Test func aTapAsksTheDelegateSwitchesAndTellsIt() throws {
        let t = try world()
        try t.run("logged() tapTab(1)")
        #expect(
            try t.run("return logged(), controller.selectedIndex, first.view.window") == [
                "should Second First.viewWillDisappear Second.viewWillAppear First.viewDidDisappear Second.viewDidAppear did Second",
                1, nil,
            ])
        // The delegate refuses the third tab: nothing changes.
        try t.run("tapTab(2)")
        #expect(try t.run("return logged(), controller.selectedIndex") == ["should Third", 1])
        // From code: no delegate calls.
        try t.run("controller.selectedIndex = 0")
        #expect(
            try t.run("return logged()") == [
                "Second.viewWillDisappear First.viewWillAppear Second.viewDidDisappear First.viewDidAppear"
            ])
        #expect(
            t.error("controller.selectedIndex = 5").contains("selectedIndex 5 is not the index of one of the 3 tabs"))
        // A controller's new title is its tab's, as UIKit's title setter makes it.
        try t.run("third.title = 'Later'")
        #expect(try t.run("return controller.tabBar.items[3].title") == ["Later"])
    }

    @Test func theBarSitsAboveTheHomeIndicator() throws {
        let t = try world(profile: .tablet)
        let screen = try t.run("return objc.UIScreen.mainScreen.bounds.size.height")[0].numberValue ?? 0
        let indicator = DeviceProfile.tablet.homeIndicatorHeight
        #expect(
            try t.run("local bar = controller.tabBar.frame return bar.origin.y, bar.size.height")
                == [.number(screen - 49 - indicator), .number(49 + indicator)])
    }
}
