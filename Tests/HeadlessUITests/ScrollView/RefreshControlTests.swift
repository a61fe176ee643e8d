import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIRefreshControl on a scroll view: a long pull refreshes once, the content rests under the
/// spinner until `endRefreshing` eases it back, and code can begin refreshing without the event.
@Suite struct RefreshControlTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            refreshes = 0
            Watcher = objc.NSObject:createSubclass "Watcher"
            function Watcher:refresh(control) refreshes = refreshes + 1 refreshingThen = control.refreshing end
            Watcher:declareActionMethod "refresh"
            watcher = Watcher:new()
            controller = objc.UIViewController:new()
            scroll = objc.UIScrollView:newWithFrame(controller.view.bounds)
            scroll.contentSize = struct.CGSize(375, 400)
            scroll.alwaysBounceVertical = true
            -- The pulls below are worked out from a resting offset of 0: no safe-area inset.
            scroll.contentInsetAdjustmentBehavior = 2
            refresh = objc.UIRefreshControl:new()
            refresh:addTarget_action_forControlEvents(watcher, "refresh", require("UIKit.UIControl").Events.ValueChanged)
            scroll.refreshControl = refresh
            controller.view:addSubview(scroll)
            function pull(distance)
                simulate.drag { from = { x = 100, y = 100 }, to = { x = 100, y = 100 + distance }, steps = 20 }
                simulate.advance(2)
            end
            """)
        try t.show()
        return t
    }

    func numbers(_ t: TestWorld, _ expression: String) throws -> [Double] {
        try t.run("return " + expression).map { $0.numberValue ?? .nan }
    }

    /// The finger's 280 points pull the content 125.1 (UIKit's rubber band over 667 points):
    /// past the 120 that refresh; 200 points pull it 94.4, which does not.
    @Test func aLongPullRefreshesOnceAndTheContentRestsUnderTheSpinner() throws {
        let t = try world()
        #expect(
            try numbers(t, "refresh.frame.origin.y, refresh.frame.size.height, refresh.frame.size.width") == [
                -60, 60, 375,
            ])
        try t.run("pull(200)")
        #expect(try t.run("return refreshes, refresh.refreshing") == [0, false])
        #expect(try numbers(t, "scroll.contentOffset.y") == [0], "a short pull bounces back")
        try t.run("pull(280)")
        #expect(try t.run("return refreshes, refreshingThen, refresh.refreshing") == [1, true, true])
        #expect(try numbers(t, "scroll.contentInset.top, scroll.contentOffset.y") == [60, -60])
        try t.run("pull(280)")
        #expect(try t.run("return refreshes") == [1], "no second event while refreshing")
        try t.run("refresh:endRefreshing() simulate.advance(0.15)")
        let halfway = try numbers(t, "scroll.contentOffset.y")[0]
        #expect(halfway > -60 && halfway < 0, "easing back: \(halfway)")
        try t.run("simulate.advance(1)")
        #expect(try numbers(t, "scroll.contentInset.top, scroll.contentOffset.y") == [0, 0])
        #expect(try t.run("return refresh.refreshing") == [false])
    }

    @Test func beginRefreshingByCodeSendsNoEvent() throws {
        let t = try world()
        try t.run("refresh:beginRefreshing() simulate.advance(0.5)")
        #expect(try t.run("return refreshes, refresh.refreshing") == [0, true])
        #expect(try numbers(t, "scroll.contentInset.top") == [60])
        try t.run("scroll.refreshControl = nil")
        #expect(try numbers(t, "scroll.contentInset.top") == [0], "a control leaving takes its inset")
        #expect(try t.run("return scroll.refreshControl") == [.nil])
        try t.run("scroll.refreshControl = refresh refresh:endRefreshing() refresh:beginRefreshing()")
        #expect(try numbers(t, "scroll.contentInset.top") == [60])
        try t.run("refresh:removeFromSuperview()")
        #expect(try numbers(t, "scroll.contentInset.top") == [0], "however it leaves")
        #expect(try t.run("return scroll.refreshControl") == [.nil])
        try t.run("scroll:addSubview(refresh)")
        #expect(try t.run("return scroll.refreshControl == refresh") == [true], "added as a subview, it is the one")
    }

    /// A table view controller's `refreshControl` is its table view's.
    @Test func aTableViewControllerHasItsTablesRefreshControl() throws {
        let t = try TestWorld()
        try t.run(
            """
            tables = objc.UITableViewController:new()
            tables.refreshControl = objc.UIRefreshControl:new()
            """)
        #expect(try t.run("return tables.tableView.refreshControl == tables.refreshControl") == [true])
        #expect(try t.run("return tables.refreshControl.superview == tables.tableView") == [true])
    }
}
