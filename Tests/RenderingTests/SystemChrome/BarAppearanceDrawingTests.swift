import Foundation
import HeadlessUI
import Rendering
import Testing

/// Navigation bar appearances as the renderer draws them: the standard appearance's colour and
/// shadow, the scroll edge appearance while the content is at its top, and the title's
/// attributes. The phone's bar spans 20 to 64 points; its hairline is the pixel under it.
@Suite struct BarAppearanceDrawingTests {
    /// A navigation controller around a 40-row table on a green background, set up by `script`
    /// (with `bar`, `list` and `Appearance` at hand), then scrolled to `offset` if given.
    private func screen(
        _ script: String, scrolledTo offset: Double? = nil, profile: DeviceProfile = .phone
    ) throws -> PixelImage {
        try ControllerScreen.render(
            .light, profile: profile,
            """
            local List = objc.UITableViewController:createSubclass "List"
            function List:tableView_numberOfRowsInSection() return 40 end
            function List:tableView_cellForRowAtIndexPath() return objc.UITableViewCell:new() end
            list = List:new()
            list.title = "Mail"
            list.tableView.backgroundColor = objc.UIColor.greenColor
            local navigation = objc.UINavigationController:newWithRootViewController(list)
            bar = navigation.navigationBar
            Appearance = objc.UINavigationBarAppearance
            \(script)
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = navigation
            objc.UIApplication.sharedApplication.keyWindow:layoutIfNeeded()
            \(offset.map { "list.tableView:setContentOffset_animated(struct.CGPoint(0, \($0)), false)" } ?? "")
            """)
    }

    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    @Test func anOpaqueStandardAppearanceDrawsItsColourAndShadow() throws {
        let image = try screen(
            """
            local appearance = Appearance:new()
            appearance:configureWithOpaqueBackground()
            appearance.backgroundColor = objc.UIColor.redColor
            appearance.shadowColor = objc.UIColor.blueColor
            bar.standardAppearance = appearance
            appearance.backgroundColor = objc.UIColor.yellowColor -- the bar keeps its copy
            """)
        #expect(color(image, 300, 10) == [255, 0, 0], "under the status bar too")
        #expect(color(image, 300, 40) == [255, 0, 0])
        #expect(color(image, 300, 64.2) == [0, 0, 255], "the shadow line")
    }

    @Test func theScrollEdgeAppearanceDrawsWhileTheContentIsAtItsTop() throws {
        let setUp = """
            local edge = Appearance:new()
            edge:configureWithTransparentBackground()
            bar.scrollEdgeAppearance = edge
            local standard = Appearance:new()
            standard:configureWithOpaqueBackground()
            standard.backgroundColor = objc.UIColor.redColor
            bar.standardAppearance = standard
            """
        let top = try screen(setUp)
        #expect(color(top, 300, 40) == [0, 255, 0], "transparent: the table shows through")
        let scrolled = try screen(setUp, scrolledTo: 200)
        #expect(color(scrolled, 300, 40) == [255, 0, 0])
    }

    /// A phone in landscape has a compact height: the compact appearance draws there.
    @Test func theCompactAppearanceDrawsInACompactHeight() throws {
        let setUp = """
            local compact = Appearance:new()
            compact:configureWithOpaqueBackground()
            compact.backgroundColor = objc.UIColor.blueColor
            bar.compactAppearance = compact
            local standard = Appearance:new()
            standard:configureWithOpaqueBackground()
            standard.backgroundColor = objc.UIColor.redColor
            bar.standardAppearance = standard
            """
        let upright = try screen(setUp, scrolledTo: 200)
        #expect(color(upright, 300, 40) == [255, 0, 0])
        let turned = try screen(setUp, scrolledTo: 200, profile: DeviceProfile.phone.turned(to: .landscapeLeft))
        #expect(color(turned, 300, 40) == [0, 0, 255])
    }

    @Test func anItemsAppearanceWinsAndTitlesTakeTheAttributes() throws {
        let image = try screen(
            """
            local mine = Appearance:new()
            mine:configureWithOpaqueBackground()
            mine.backgroundColor = objc.UIColor.blackColor
            mine.titleTextAttributes = { NSColor = objc.UIColor.whiteColor }
            list.navigationItem.standardAppearance = mine
            local theirs = Appearance:new()
            theirs.backgroundColor = objc.UIColor.redColor
            bar.standardAppearance = theirs
            """, scrolledTo: 200)
        #expect(color(image, 300, 40) == [0, 0, 0])
        // The title's middle, white on black.
        let title = (170...205).map { color(image, Double($0), 42) }
        #expect(title.contains([255, 255, 255]), "\(title)")
    }
}

/// Tab bar appearances: the standard one while the tab's content has more below, the scroll
/// edge one once it is scrolled to its end, and the items' colours by state. The phone's tab
/// bar spans 618 to 667 points.
@Suite struct TabBarAppearanceDrawingTests {
    private func screen(scrolledToEnd: Bool) throws -> PixelImage {
        try ControllerScreen.render(
            .light,
            """
            local List = objc.UITableViewController:createSubclass "List"
            function List:tableView_numberOfRowsInSection() return 40 end
            function List:tableView_cellForRowAtIndexPath() return objc.UITableViewCell:new() end
            local list = List:new()
            list.title = "Mail"
            local tabs = objc.UITabBarController:new()
            tabs.viewControllers = { list, objc.UIViewController:new() }
            local standard = objc.UITabBarAppearance:new()
            standard:configureWithOpaqueBackground()
            standard.backgroundColor = objc.UIColor.redColor
            standard.stackedLayoutAppearance.normal.iconColor = objc.UIColor.whiteColor
            standard.stackedLayoutAppearance.selected.titleTextAttributes = { NSColor = objc.UIColor.yellowColor }
            tabs.tabBar.standardAppearance = standard
            local edge = objc.UITabBarAppearance:new()
            edge:configureWithOpaqueBackground()
            edge.backgroundColor = objc.UIColor.blueColor
            tabs.tabBar.scrollEdgeAppearance = edge
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = tabs
            objc.UIApplication.sharedApplication.keyWindow:layoutIfNeeded()
            \(scrolledToEnd ? "list.tableView:setContentOffset_animated(struct.CGPoint(0, 10000), false)" : "")
            """)
    }

    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    @Test func theScrollEdgeAppearanceDrawsOnceTheContentIsAtItsEnd() throws {
        let middle = try screen(scrolledToEnd: false)
        #expect(color(middle, 5, 660) == [255, 0, 0])
        // The selected title in yellow (the first tab), the other tab's empty title area red.
        let title = (60...130).map { color(middle, Double($0), 658) }
        #expect(title.contains { $0[0] > 240 && $0[1] > 240 && $0[2] < 60 }, "\(title)")
        let end = try screen(scrolledToEnd: true)
        #expect(color(end, 5, 660) == [0, 0, 255])
    }
}
