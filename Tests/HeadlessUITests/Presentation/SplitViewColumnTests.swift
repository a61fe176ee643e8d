import Foundation
import LuaRuntime
import ObjectBridge
import Testing

@testable import HeadlessUI

/// iOS 14's column-style split view controllers: each column's controller in a navigation
/// controller, three columns side by side on a tablet in landscape (1366 points wide: 320,
/// 320 and the rest, half a point of hairline between), `showColumn` and `hideColumn`, and on a phone
/// the columns folded onto the primary's stack up to the column the delegate puts on top.
@Suite struct SplitViewColumnTests {
    func world(_ profile: DeviceProfile, style: Int = 2, setup: String = "") throws -> TestWorld {
        let t = try TestWorld(profile: profile)
        try t.run(
            """
            local function named(title) local c = objc.UIViewController:new() c.title = title return c end
            sidebar, list, detail = named "Sidebar", named "List", named "Detail"
            local Column = require("UIKit.UISplitViewController").Column
            controller = objc.UISplitViewController:newWithStyle(\(style))
            \(setup)
            controller:setViewController_forColumn(sidebar, Column.Primary)
            \(style == 2 ? "controller:setViewController_forColumn(list, Column.Supplementary)" : "")
            controller:setViewController_forColumn(detail, Column.Secondary)
            function frame(c) local f = c.navigationController.view.frame return f.origin.x, f.size.width end
            function shown(c) return c.navigationController.view.window ~= nil end
            """)
        try t.show()
        return t
    }

    static let landscape = DeviceProfile.tablet.turned(to: .landscapeLeft)

    @Test func eachColumnIsInANavigationControllerSideBySideInLandscape() throws {
        let t = try world(Self.landscape)
        #expect(
            try t.run(
                """
                return controller.style, #controller.viewControllers, controller:viewControllerForColumn(0) == sidebar,
                    sidebar.navigationController ~= nil, controller.displayMode
                """) == [2, 3, true, true, 4])
        #expect(try t.run("return frame(sidebar)") == [0, 320])
        #expect(try t.run("return frame(list)") == [320.5, 320])
        #expect(try t.run("return frame(detail)") == [641, 725])
    }

    @Test func hidingAndShowingColumnsChangesTheDisplayMode() throws {
        let t = try world(Self.landscape)
        try t.run("controller:hideColumn(0) controller.view:layoutIfNeeded()")
        #expect(try t.run("return controller.displayMode, shown(sidebar), frame(list)") == [2, false, 0, 320])
        try t.run("controller:hideColumn(1) controller.view:layoutIfNeeded()")
        #expect(try t.run("return controller.displayMode, shown(list), frame(detail)") == [1, false, 0, 1366])
        try t.run("controller:showColumn(0) controller.view:layoutIfNeeded()")
        #expect(try t.run("return controller.displayMode, shown(sidebar)") == [4, true])
    }

    @Test func inPortraitTheSecondaryShowsAloneUntilAColumnIsShownOverIt() throws {
        let t = try world(DeviceProfile.tablet)
        #expect(try t.run("return controller.displayMode, shown(sidebar), frame(detail)") == [1, false, 0, 1024])
        try t.run("controller:showColumn(1) controller.view:layoutIfNeeded()")
        #expect(try t.run("return controller.displayMode, shown(list), frame(detail)") == [3, true, 0, 1024])
    }

    @Test func onAPhoneTheColumnsFoldOntoThePrimarysStack() throws {
        let t = try world(.phone)
        #expect(
            try t.run(
                """
                local stack = sidebar.navigationController.viewControllers
                return controller.collapsed, #stack, stack[2] == list, stack[3] == detail
                """) == [true, 3, true, true])
    }

    @Test func theDelegateCanPutAnotherColumnOnTop() throws {
        let t = try world(
            .phone,
            setup: """
                Delegate = objc.NSObject:createSubclass "Delegate"
                Delegate:declareProtocol "UISplitViewControllerDelegate"
                function Delegate:splitViewController_topColumnForCollapsingToProposedTopColumn(_, proposed)
                    return proposed - 1
                end
                delegate = Delegate:new()
                controller.delegate = delegate
                """)
        #expect(try t.run("return #sidebar.navigationController.viewControllers") == [2])
    }

    @Test func columnsNeedAColumnStyleAndKnownColumns() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UISplitViewController:new():setViewController_forColumn(objc.UIViewController:new(), 0)")
                .contains("needs a column style"))
        #expect(
            t.error(
                "objc.UISplitViewController:newWithStyle(1):setViewController_forColumn(objc.UIViewController:new(), 1)"
            )
            .contains("no supplementary column"))
        #expect(
            t.error("objc.UISplitViewController:newWithStyle(2):showColumn(9)")
                .contains("9 is not a UISplitViewControllerColumn"))
    }
}
