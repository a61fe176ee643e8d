import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Tabs that are navigation controllers, as most apps have them: a tab's root view is laid out
/// by its constraints when the tab is first shown, by a tap or by `selectedIndex`.
@Suite struct TabsOfNavigationTests {
    static let script = """
        Screen = objc.UIViewController:createSubclass("Screen")
        function Screen:viewDidLoad()
            self.view.backgroundColor = objc.UIColor.whiteColor
            local label = objc.UILabel:new()
            label.text = self.title
            label.translatesAutoresizingMaskIntoConstraints = false
            self.view:addSubview(label)
            local guide = self.view.safeAreaLayoutGuide
            objc.NSLayoutConstraint:activateConstraints {
                label.leadingAnchor:constraintEqualToAnchor_constant(guide.leadingAnchor, 20),
                label.topAnchor:constraintEqualToAnchor_constant(guide.topAnchor, 20),
            }
            self.label = label
        end
        local function tab(title)
            local screen = Screen:new()
            screen.title = title
            local navigation = objc.UINavigationController:newWithRootViewController(screen)
            navigation.tabBarItem.title = title
            return navigation, screen
        end
        firstTab, first = tab("First")
        secondTab, second = tab("Second")
        thirdTab, third = tab("Third")
        controller = objc.UITabBarController:new()
        controller.viewControllers = { firstTab, secondTab, thirdTab }
        function labelFrame(screen)
            local f = screen.label:convertRect_toView(screen.label.bounds, nil)
            return f.origin.x, f.origin.y, f.size.width > 0
        end
        """

    @Test(arguments: ["tap", "selectedIndex"])
    func aTabsRootIsLaidOutWhenFirstShown(way: String) throws {
        let t = try TestWorld()
        try t.run(Self.script)
        try t.show()
        let top = try #require(
            t.run("local f = first.label:convertRect_toView(first.label.bounds, nil) return f.origin.y")[0].numberValue)
        #expect(top > 64, "the first tab's label is under its bar: \(top)")
        if way == "tap" {
            try t.run(
                """
                local bar = controller.tabBar
                simulate.tap { at = bar:convertPoint_toView({ x = bar.bounds.size.width / 2, y = 20 }, nil) }
                """)
        } else {
            try t.run("controller.selectedIndex = 1")
            try t.world.layoutPass()
        }
        #expect(try t.run("return controller.selectedIndex") == [1])
        #expect(try t.run("return labelFrame(second)") == [20, .number(top), true])
    }
}
