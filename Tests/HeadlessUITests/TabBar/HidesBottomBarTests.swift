import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// `hidesBottomBarWhenPushed`: a controller pushed in a tab hides the tab bar while it is in
/// the stack, and the safe area reaches the bottom; popping it brings the bar back.
@Suite struct HidesBottomBarTests {
    @Test func aPushedControllerHidesTheTabBarUntilItIsPopped() throws {
        let t = try TestWorld()
        try t.run(
            """
            list = objc.UIViewController:new()
            nav = objc.UINavigationController:newWithRootViewController(list)
            other = objc.UIViewController:new()
            controller = objc.UITabBarController:new()
            controller:setViewControllers_animated({ nav, other }, false)
            """)
        try t.show()
        #expect(try t.run("return controller.tabBar.hidden, list.view.safeAreaInsets.bottom") == [false, 49])
        try t.run(
            """
            detail = objc.UIViewController:new()
            detail.hidesBottomBarWhenPushed = true
            nav:pushViewController_animated(detail, false)
            controller.view:layoutIfNeeded()
            """)
        #expect(try t.run("return controller.tabBar.hidden, detail.view.safeAreaInsets.bottom") == [true, 0])
        try t.run("controller.selectedIndex = 1")
        #expect(try t.run("return controller.tabBar.hidden") == [false], "another tab shows the bar")
        try t.run("controller.selectedIndex = 0")
        #expect(try t.run("return controller.tabBar.hidden") == [true])
        try t.run("nav:popViewControllerAnimated(false) controller.view:layoutIfNeeded()")
        #expect(try t.run("return controller.tabBar.hidden, list.view.safeAreaInsets.bottom") == [false, 49])
    }
}
