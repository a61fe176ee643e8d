import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UINavigationController: the stack, UIKit's appearance calls on push and pop, the slide on
/// the virtual clock, the bar with its title, back button and items, and the inset a scroll
/// view under the bar gets.
@Suite struct NavigationTests {
    /// `nav` shows `first` (titled "Inbox") in the window; `Page` controllers log their calls.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            Page = objc.UIViewController:createSubclass "Page"
            local function note(self, what) log[#log + 1] = self.title .. " " .. what end
            function Page:viewDidLoad() note(self, "viewDidLoad") end
            for _, name in ipairs { "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
                Page[name] = function(self, animated) note(self, name) end
            end
            function Page:willMoveToParentViewController(parent) note(self, parent and "willMove" or "willLeave") end
            function Page:didMoveToParentViewController(parent) note(self, parent and "didMove" or "didLeave") end
            function page(title) local p = Page:new() p.title = title return p end
            first = page "Inbox"
            nav = objc.UINavigationController:newWithRootViewController(first)
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return nav")[0], as: ViewController.self)))
        try t.run("log = {}")
        return t
    }

    func log(_ t: TestWorld) throws -> String {
        try t.run("local text = table.concat(log, ', ') log = {} return text").first?.stringValue ?? ""
    }

    @Test func pushingAndPoppingSendUIKitsAppearanceCallsInOrder() throws {
        let t = try world()
        try t.run("second = page 'Message' nav:pushViewController_animated(second, false)")
        #expect(
            try log(t) == "Message willMove, Message viewDidLoad, Inbox viewWillDisappear, Message viewWillAppear, "
                + "Inbox viewDidDisappear, Message viewDidAppear, Message didMove")
        #expect(
            try t.run(
                "return nav.topViewController == second, #nav.viewControllers, second.navigationController == nav, first.view.superview"
            )
                == [true, 2, true, nil])
        try t.run("popped = nav:popViewControllerAnimated(false)")
        #expect(
            try log(t)
                == "Message willLeave, Message viewWillDisappear, Inbox viewWillAppear, Message viewDidDisappear, "
                + "Inbox viewDidAppear, Message didLeave")
        #expect(
            try t.run("return popped == second, second.parentViewController, nav:popViewControllerAnimated(false)") == [
                true, nil, nil,
            ])
        #expect(t.error("nav:pushViewController_animated(first, false)").contains("more than once is not supported"))
    }

    @Test func anAnimatedPushSlidesInOnTheClockAndFinishesTheCallsAtTheEnd() throws {
        let t = try world()
        try t.run("second = page 'Message' nav:pushViewController_animated(second, true) simulate.advance(0.175)")
        #expect(try log(t) == "Message willMove, Message viewDidLoad, Inbox viewWillDisappear, Message viewWillAppear")
        // Halfway through the ease in-out: the new view is halfway in from the right edge.
        #expect(
            try t.run("return second.view.layer:presentationLayer().frame.origin.x, second.view.frame.origin.x") == [
                187.5, 0,
            ])
        try t.run("simulate.advance(0.2)")
        #expect(try log(t) == "Inbox viewDidDisappear, Message viewDidAppear, Message didMove")
        #expect(try t.run("return first.view.superview, second.view.superview == nav.view") == [nil, true])
    }

    @Test func theBarShowsTheTitleTheBackButtonAndItemsThatTakeTaps() throws {
        let t = try world()
        try t.run(
            """
            Handler = objc.NSObject:createSubclass "Handler"
            function Handler:compose(item) composed = item end
            Handler:declareActionMethod "compose"
            handler = Handler:new()
            second = page "Message"
            second.navigationItem.rightBarButtonItem = objc.UIBarButtonItem:newWithBarButtonSystemItem_target_action(
                require("UIKit.UIBarButtonItem").SystemItem.Compose, handler, "compose")
            nav:pushViewController_animated(second, false)
            nav.view:layoutIfNeeded()
            """)
        let bar = try t.run(
            "local f = nav.navigationBar.frame return f.origin.y, f.size.width, f.size.height, nav.navigationBar.titleLabel.text"
        )
        #expect(bar == [20, 375, 44, "Message"])
        // The right item sits at the right margin, the back button (titled after the page below) at the left.
        let right = try t.run(
            """
            for _, view in ipairs(nav.navigationBar.subviews) do
                if view.currentTitle == "Compose" then return view.frame.origin.x + view.frame.size.width end
            end
            """)
        #expect(right == [359])
        try t.run("simulate.tap { at = { x = 340, y = 42 } }")
        #expect(try t.run("return composed == second.navigationItem.rightBarButtonItem") == [true])
        try t.run("log = {} simulate.tap { at = { x = 30, y = 42 } } simulate.advance(1)")
        #expect(try t.run("return nav.topViewController == first, #nav.viewControllers") == [true, 1])
        #expect(try t.run("return nav.navigationBar.titleLabel.text") == ["Inbox"])
    }

    @Test func aScrollViewUnderTheBarGetsItsInsetAndAViewThatDoesNotExtendStartsBelowIt() throws {
        let t = try world()
        try t.run(
            """
            list = objc.UITableViewController:new()
            list.title = "List"
            nav:pushViewController_animated(list, false)
            """)
        // The safe area reaches the table's insets in the layout pass, as in UIKit.
        try t.world.layoutPass()
        #expect(
            try t.run(
                "return list.tableView.adjustedContentInset.top, list.tableView.contentInset.top, "
                    + "list.tableView.contentOffset.y, list.view.frame.origin.y") == [64, 0, -64, 0])
        try t.run(
            """
            local edges = require("UIKit.UIGeometry").RectEdge
            below = page "Below"
            below.edgesForExtendedLayout = edges.None
            nav:pushViewController_animated(below, false)
            """)
        #expect(try t.run("local f = below.view.frame return f.origin.y, f.size.height") == [64, 603])
        try t.run("popped = nav:popToRootViewControllerAnimated(false)")
        #expect(
            try t.run("return #popped, popped[1] == list, popped[2] == below, #nav.viewControllers") == [
                2, true, true, 1,
            ])
        try t.run("nav:setViewControllers_animated({ first, list }, false)")
        #expect(try t.run("return nav.topViewController == list, list.parentViewController == nav") == [true, true])
        #expect(
            t.error("nav:setViewControllers_animated({ first, first }, false)").contains(
                "cannot be in a navigation stack twice"))
    }

    /// A bar of its own, placed by Auto Layout from its top and sides only, is 44 points tall
    /// (its intrinsic height, as UIKit's is), so its items sit below the status bar.
    @Test func aStandaloneBarPlacedByConstraintsTakesItsOwnHeight() throws {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            bar = objc.UINavigationBar:new()
            bar.translatesAutoresizingMaskIntoConstraints = false
            local item = objc.UINavigationItem:new():initWithTitle("Alone")
            bar:pushNavigationItem_animated(item, false)
            controller.view:addSubview(bar)
            local guide = controller.view.safeAreaLayoutGuide
            objc.NSLayoutConstraint:activateConstraints {
                bar.topAnchor:constraintEqualToAnchor(guide.topAnchor),
                bar.leadingAnchor:constraintEqualToAnchor(controller.view.leadingAnchor),
                bar.trailingAnchor:constraintEqualToAnchor(controller.view.trailingAnchor),
            }
            """)
        try t.show()
        try t.world.layoutPass()
        #expect(
            try t.run("local f = bar.frame return f.origin.y, f.size.width, f.size.height") == [20, 375, 44])
        #expect(
            try t.run("return bar:intrinsicContentSize().height, bar:sizeThatFits(struct.CGSize(10, 10)).height") == [
                44, 44,
            ])
        #expect(try t.run("local f = bar.titleLabel.frame return f.origin.y + f.size.height <= 44") == [true])
        // Its own stack: a pushed item gets a back button, which pops it.
        try t.run("bar:pushNavigationItem_animated(objc.UINavigationItem:new():initWithTitle('Second'), false)")
        try t.world.layoutPass()
        #expect(try t.run("return bar.topItem.title, bar.backItem.title, #bar.items") == ["Second", "Alone", 2])
        try t.run("simulate.tap { at = { x = 30, y = 42 } }")
        try t.world.layoutPass()
        #expect(try t.run("return bar.topItem.title, #bar.items, bar.titleLabel.text") == ["Alone", 1, "Alone"])
        try t.run("bar.items = nil")
        #expect(try t.run("return bar.topItem, #bar.items") == [.nil, 0], "nil empties the stack, as in UIKit")
        #expect(
            t.error(
                "objc.UINavigationController:newWithRootViewController(objc.UIViewController:new()).navigationBar.items = {}"
            )
            .contains("push view controllers instead"))
    }
}
