import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIKit's view controller lifecycle (seed 003), with script controllers.
@Suite struct ViewControllerTests {
    static let controllers = """
        log = {}
        local function logged(class, name)
            class[name] = function(self, ...) log[#log + 1] = self.id .. "." .. name end
        end
        Controller = objc.UIViewController:createSubclass("Controller")
        for _, name in ipairs { "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
            logged(Controller, name)
        end
        Custom = Controller:createSubclass("Custom")
        function Custom:loadView()
            log[#log + 1] = self.id .. ".loadView"
            self.view = objc.UILabel:newWithFrame(struct.CGRect(0, 0, 10, 10))
        end
        """

    @Test func lazyLoadingAndAppearanceWhenTheRootIsReplaced() throws {
        let t = try TestWorld()
        try t.run(
            Self.controllers + "\n" + """
                first = Controller:new(); first.id = "first"
                second = Custom:new(); second.id = "second"
                assert(not first.isViewLoaded)
                local view = first.view
                assert(first.isViewLoaded and first.view == view)
                """)
        #expect(try t.run("return table.concat(log, ' ')") == ["first.viewDidLoad"])
        let first = try #require(t.world.bridge.state.object(of: t.run("return first")[0], as: ViewController.self))
        let second = try #require(t.world.bridge.state.object(of: t.run("return second")[0], as: ViewController.self))
        try t.world.setRoot(first)
        try t.world.setRoot(second)
        let expected =
            "first.viewDidLoad first.viewWillAppear first.viewDidAppear second.loadView second.viewDidLoad "
            + "first.viewWillDisappear second.viewWillAppear first.viewDidDisappear second.viewDidAppear"
        let log = try t.run("return table.concat(log, ' ')")
        #expect(log == [.string(expected)], "\(log)")
        #expect(
            try t.run(
                """
                return second.view.frame.size.width, second.view.frame.size.height, second.view.window ~= nil, first.view.window
                """) == [375, 667, true, nil])
    }

    @Test func theControllerHearsOfItsViewsLayoutBeforeAndAfter() throws {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            local C = objc.UIViewController:createSubclass("C")
            function C:viewWillLayoutSubviews() log[#log + 1] = "will" end
            function C:viewDidLayoutSubviews() log[#log + 1] = "did " .. self.view.subviews[1].frame.size.width end
            local V = objc.UIView:createSubclass("V")
            function V:layoutSubviews() log[#log + 1] = "layout"; self.subviews[1].frame = struct.CGRect(0, 0, 42, 10) end
            function C:loadView() self.view = V:new(); self.view:addSubview(objc.UIView:new()) end
            controller = C:new()
            """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.world.layoutPass()
        #expect(try t.run("return table.concat(log, ' ')") == ["will layout did 42.0"])
        try t.run("controller.view:setNeedsLayout(); controller.view.subviews[1]:setNeedsLayout()")
        try t.world.layoutPass()
        #expect(try t.run("return #log") == [.integer(6)], "once more for the controller's view, not for a subview's")
    }

    @Test func aLoadViewThatSetsNoViewIsAnError() throws {
        let t = try TestWorld()
        let message = t.error(
            """
            Broken = objc.UIViewController:createSubclass("Broken")
            function Broken:loadView() end
            return Broken:new().view
            """)
        #expect(message.contains("Broken:loadView did not set self.view"), "\(message)")
    }

    @Test func childControllersWithContainmentCalls() throws {
        let t = try TestWorld()
        try t.run(
            Self.controllers + "\n" + """
                function Controller:willMoveToParentViewController(parent) log[#log + 1] = self.id .. ".willMove:" .. (parent and parent.id or "nil") end
                function Controller:didMoveToParentViewController(parent) log[#log + 1] = self.id .. ".didMove:" .. (parent and parent.id or "nil") end
                parent = Controller:new(); parent.id = "parent"
                child = Controller:new(); child.id = "child"
                parent:addChildViewController(child)
                child:didMoveToParentViewController(parent)
                assert(#parent.childViewControllers == 1 and child.parentViewController == parent)
                child:willMoveToParentViewController(nil)
                child:removeFromParentViewController()
                assert(#parent.childViewControllers == 0 and child.parentViewController == nil)
                """)
        #expect(
            try t.run("return table.concat(log, ' ')") == [
                "child.willMove:parent child.didMove:parent child.willMove:nil child.didMove:nil"
            ])
        #expect(t.error("parent:addChildViewController(parent)").contains("cannot contain itself"))
    }
}
