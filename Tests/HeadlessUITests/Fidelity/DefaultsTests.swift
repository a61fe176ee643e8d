import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// UIKit's defaults: the colours views have before a script sets any, and the tint that system
/// buttons and bar items take, inherited down the tree.
@Suite struct DefaultsTests {
    /// The components of a colour expression, rounded to 1/255 steps.
    static func rgba(_ t: TestWorld, _ expression: String) throws -> [Double] {
        try t.run("local c = (\(expression)).components return c[1], c[2], c[3], c[4]").map {
            (($0.numberValue ?? -1) * 255).rounded()
        }
    }

    @Test func tablesAreWhiteGroupedTablesGreyAndCollectionViewsBlack() throws {
        let t = try TestWorld()
        try t.run(
            """
            plain = objc.UITableView:newWithFrame_style(struct.CGRect(0, 0, 100, 100), 0)
            grouped = objc.UITableView:newWithFrame_style(struct.CGRect(0, 0, 100, 100), 1)
            cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, "c")
            controller = objc.UITableViewController:new()
            collection = objc.UICollectionView:newWithFrame_collectionViewLayout(
                struct.CGRect(0, 0, 100, 100), objc.UICollectionViewFlowLayout:new())
            """)
        #expect(try Self.rgba(t, "plain.backgroundColor") == [255, 255, 255, 255])
        #expect(try Self.rgba(t, "grouped.backgroundColor") == [242, 242, 247, 255])
        #expect(try Self.rgba(t, "cell.backgroundColor") == [255, 255, 255, 255])
        #expect(try Self.rgba(t, "controller.tableView.backgroundColor") == [255, 255, 255, 255])
        #expect(try Self.rgba(t, "collection.backgroundColor") == [0, 0, 0, 255])
        #expect(try Self.rgba(t, "objc.UIColor.groupTableViewBackgroundColor") == [242, 242, 247, 255])
        #expect(try Self.rgba(t, "objc.UIColor.systemBlueColor") == [0, 122, 255, 255])
    }

    @Test func systemButtonsTakeTheTintTheirAncestorsGive() throws {
        let t = try TestWorld()
        try t.run(
            """
            container = objc.UIView:new()
            button = objc.UIButton:buttonWithType(1)
            button:setTitle_forState("Go", 0)
            container:addSubview(button)
            custom = objc.UIButton:buttonWithType(0)
            """)
        #expect(try Self.rgba(t, "button.titleLabel.textColor") == [0, 122, 255, 255])
        #expect(try Self.rgba(t, "button:titleColorForState(0)") == [0, 122, 255, 255])
        try t.run("container.tintColor = objc.UIColor.purpleColor")
        #expect(try Self.rgba(t, "button.titleLabel.textColor") == [128, 0, 128, 255], "inherited when it changes")
        try t.run("button.enabled = false")
        #expect(try Self.rgba(t, "button.titleLabel.textColor") == [60, 60, 67, 77], "UIKit's disabled grey")
        try t.run("button:setTitleColor_forState(objc.UIColor.redColor, 2)")
        #expect(try Self.rgba(t, "button.titleLabel.textColor") == [255, 0, 0, 255], "a colour set wins")
        #expect(try Self.rgba(t, "custom:titleColorForState(0)") == [255, 255, 255, 255], "a custom button's is white")
    }

    @Test func barItemsTakeTheTintAndOpaqueBarsKeepTheContentBelowThem() throws {
        let t = try TestWorld()
        try t.run(
            """
            local top = objc.UIViewController:new()
            top.navigationItem.rightBarButtonItem = objc.UIBarButtonItem:newWithTitle_style_target_action("Edit", 0, nil, nil)
            nav = objc.UINavigationController:newWithRootViewController(top)
            nav.view.tintColor = objc.UIColor.orangeColor
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = nav
            nav.view:layoutIfNeeded()
            local bar = nav.navigationBar
            for _, view in ipairs(bar.subviews) do
                if view.titleLabel and view:titleForState(0) == "Edit" then edit = view end
            end
            """)
        #expect(try Self.rgba(t, "edit.titleLabel.textColor") == [255, 128, 0, 255])
        #expect(try t.run("return nav.topViewController.view.frame.origin.y").first?.numberValue == 0)
        try t.run("nav.navigationBar.translucent = false nav.view:setNeedsLayout() nav.view:layoutIfNeeded()")
        #expect(try t.run("return nav.topViewController.view.frame.origin.y").first?.numberValue == 64)
        try t.run(
            "nav.topViewController.extendedLayoutIncludesOpaqueBars = true nav.view:setNeedsLayout() nav.view:layoutIfNeeded()"
        )
        #expect(
            try t.run("return nav.topViewController.view.frame.origin.y").first?.numberValue == 0,
            "under the opaque bar too")
    }
}
