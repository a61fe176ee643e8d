import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// The status bar as UIKit has it: a root table view controller's rows start below it, a
/// controller that prefers it hidden hides it (its frame and the safe area agree), and a pull to
/// refresh under a navigation bar shows its spinner in the gap below the bar.
@Suite struct StatusBarTests {
    static let rows = """
        Rows = objc.UITableViewController:createSubclass "Rows"
        function Rows:tableView_numberOfRowsInSection() return 30 end
        function Rows:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, nil)
            cell.textLabel.text = "Row " .. indexPath.row
            return cell
        end
        function Rows:prefersStatusBarHidden() return hideStatusBar == true end
        function firstRowTop()
            local cell = controller.tableView:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(0, 0))
            return cell:convertRect_toView(cell.bounds, nil).origin.y
        end

        """

    @Test func aRootTableStartsItsRowsBelowTheStatusBar() throws {
        let t = try TestWorld()
        try t.run(Self.rows + "controller = Rows:new()")
        try t.show()
        #expect(
            try t.run(
                """
                local app = objc.UIApplication.sharedApplication
                return firstRowTop(), controller.tableView.adjustedContentInset.top, controller.tableView.contentOffset.y,
                    app.statusBarFrame.size.height, controller.view.safeAreaInsets.top
                """) == [20, 20, -20, 20, 20])
    }

    /// A collection view finds it can scroll only once its layout measured the content: it
    /// rests below the status bar from the first pass on, not from a later one.
    @Test func aRootCollectionRestsBelowTheStatusBarFromTheFirstPass() throws {
        let t = try TestWorld()
        try t.run(
            """
            Grid = objc.UICollectionViewController:createSubclass "Grid"
            function Grid:collectionView_numberOfItemsInSection() return 100 end
            function Grid:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                return collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", indexPath)
            end
            local layout = objc.UICollectionViewFlowLayout:new()
            layout.itemSize = struct.CGSize(100, 100)
            controller = Grid:newWithCollectionViewLayout(layout)
            controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
            """)
        try t.show()
        #expect(
            try t.run(
                """
                local view = controller.collectionView
                local cell = view:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
                return view.contentOffset.y, cell:convertRect_toView(cell.bounds, nil).origin.y
                """) == [-20, 20])
    }

    /// A collection view a controller adds as its view's first subview is the scroll view UIKit
    /// adjusts for the bars, like a root view: under a navigation bar, even a list too short to
    /// scroll rests below it. A second scroll view is left to its script's insets.
    @Test func aCollectionAddedAsTheFirstSubviewRestsBelowTheNavigationBar() throws {
        let t = try TestWorld()
        try t.run(
            """
            Items = objc.UIViewController:createSubclass "Items"
            function Items:viewDidLoad()
                local layout = objc.UICollectionViewFlowLayout:new()
                layout.itemSize = struct.CGSize(100, 100)
                self.grid = objc.UICollectionView:newWithFrame_collectionViewLayout(self.view.bounds, layout)
                self.view:addSubview(self.grid)
                self.other = objc.UIScrollView:newWithFrame(self.view.bounds)
                self.view:addSubview(self.other)
            end
            items = Items:new()
            controller = objc.UINavigationController:newWithRootViewController(items)
            """)
        try t.show()
        #expect(
            try t.run(
                "return items.grid.adjustedContentInset.top, items.grid.contentOffset.y, items.other.contentOffset.y")
                == [64, -64, 0])
    }

    /// `prefersStatusBarHidden`, asked of the root controller (or the child it names), hides the
    /// bar once `setNeedsStatusBarAppearanceUpdate` is called: no frame, no safe area under it,
    /// and the rows move up.
    @Test func aControllerThatPrefersItHiddenHidesIt() throws {
        let t = try TestWorld()
        try t.run(Self.rows + "controller = Rows:new()")
        try t.show()
        try t.run("hideStatusBar = true controller:setNeedsStatusBarAppearanceUpdate()")
        try t.world.layoutPass()
        #expect(
            try t.run(
                """
                local app = objc.UIApplication.sharedApplication
                return app.statusBarFrame.size.height, controller.view.safeAreaInsets.top, firstRowTop(),
                    app.statusBarHidden
                """) == [0, 0, 0, true])
        // Inside a navigation controller, its top controller is asked.
        try t.run(
            """
            hideStatusBar = false
            controller = Rows:new()
            nav = objc.UINavigationController:newWithRootViewController(controller)
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = nav
            """)
        try t.world.layoutPass()
        #expect(try t.run("return objc.UIApplication.sharedApplication.statusBarFrame.size.height") == [20])
        try t.run("hideStatusBar = true nav:setNeedsStatusBarAppearanceUpdate()")
        try t.world.layoutPass()
        #expect(
            try t.run(
                "return objc.UIApplication.sharedApplication.statusBarFrame.size.height, nav.navigationBar.frame.origin.y"
            )
                == [0, 0])
    }

    /// While a navigation controller shows its bar, the bar's style decides the status bar's,
    /// whatever the top controller prefers; with the bar hidden, the top controller decides.
    @Test func aNavigationBarsStyleDecidesTheStatusBarsWhileItShows() throws {
        let t = try TestWorld()
        try t.run(
            """
            Dark = class.createClass("Dark", objc.UIViewController)
            function Dark:preferredStatusBarStyle() return 3 end
            controller = objc.UINavigationController:newWithRootViewController(Dark:new())
            """)
        try t.show()
        let style = "return objc.UIApplication.sharedApplication.statusBarStyle"
        #expect(try t.run(style) == [0], "the default bar: dark content, not the child's preference asked")
        try t.run("controller.navigationBar.barStyle = (require \"UIKit.UIInterface\").UIBarStyle.Black")
        try t.world.layoutPass()
        #expect(try t.run(style) == [1], "a black bar: light content")
        try t.run("controller.navigationBarHidden = true")
        try t.world.layoutPass()
        #expect(try t.run(style) == [3], "no bar: the top controller decides")
    }

    /// While refreshing, the spinner shows in the gap the content leaves below the bar, not
    /// behind the bar.
    @Test func aRefreshUnderANavigationBarShowsBelowIt() throws {
        let t = try TestWorld()
        try t.run(
            Self.rows
                + """
                controller = Rows:new()
                nav = objc.UINavigationController:newWithRootViewController(controller)
                refresh = objc.UIRefreshControl:new()
                controller.refreshControl = refresh
                """)
        let nav = try #require(t.world.bridge.state.object(of: t.run("return nav")[0], as: ViewController.self))
        try t.world.setRoot(nav)
        try t.run("refresh:beginRefreshing() controller.tableView.contentOffset = struct.CGPoint(0, -124)")
        try t.world.layoutPass()
        let spinner = try t.run(
            """
            local frame = refresh:convertRect_toView(refresh.bounds, nil)
            return frame.origin.y, frame.size.height, firstRowTop()
            """)
        #expect(spinner == [64, 60, 124], "\(spinner)")
    }
}
