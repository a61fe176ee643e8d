import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// A swipe recognizer a script adds to a table view fires for a horizontal swipe: the table's
/// scroll pan begins only for drags along an axis the table can scroll.
@Suite struct TableSwipeTests {
    static let setUp = """
        Controller = objc.UITableViewController:createSubclass("Controller")
        function Controller:tableView_numberOfRowsInSection() return 40 end
        function Controller:tableView_cellForRowAtIndexPath(tableView, indexPath)
            local cell = objc.UITableViewCell:newWithStyle_reuseIdentifier(0, "row")
            cell.textLabel.text = "Row " .. indexPath.row
            return cell
        end
        Handler = class.createClass("Handler")
        function Handler:swiped(recognizer) swipes = swipes + 1 end
        Handler:declareActionMethod("swiped")
        swipes = 0
        controller = Controller:new()
        handler = Handler:new()
        swipe = objc.UISwipeGestureRecognizer:newWithTarget_action(handler, "swiped")
        swipe.direction = objc.UISwipeGestureRecognizer.Direction.Left
        controller.tableView:addGestureRecognizer(swipe)
        """

    @Test func aHorizontalSwipeOnAVerticalTableIsTheSwipes() throws {
        let t = try TestWorld()
        try t.run(Self.setUp)
        try t.show()
        let resting = try t.run("return controller.tableView.contentOffset.y")
        try t.run("simulate.drag { from = { x = 300, y = 400 }, to = { x = 100, y = 400 }, steps = 10 }")
        #expect(try t.run("return swipes") == [1])
        #expect(try t.run("return controller.tableView.contentOffset.y") == resting, "the table did not scroll")
        try t.run("simulate.drag { from = { x = 200, y = 500 }, to = { x = 200, y = 300 }, steps = 10 }")
        #expect(try t.run("return swipes") == [1], "a vertical drag is the table's")
        let scrolled = try t.run("return controller.tableView.contentOffset.y").first?.numberValue ?? 0
        #expect(scrolled > (resting.first?.numberValue ?? 0) + 100)
    }

    /// Content that fits and does not bounce does not scroll: the pan never begins, and the
    /// delegate hears of no drag, as UIKit's `scrollViewWillBeginDragging` does not.
    @Test func aTableThatCannotScrollDoesNotTakeTheDrag() throws {
        let t = try TestWorld()
        try t.run(
            Self.setUp + """

                function Controller:tableView_numberOfRowsInSection() return 2 end
                drags = 0
                function Controller:scrollViewWillBeginDragging() drags = drags + 1 end
                controller.tableView.alwaysBounceVertical = false
                """)
        try t.show()
        try t.run("simulate.drag { from = { x = 200, y = 500 }, to = { x = 200, y = 300 }, steps = 10 }")
        #expect(try t.run("return drags") == [0])
        try t.run("controller.tableView.alwaysBounceVertical = true")
        try t.run("simulate.drag { from = { x = 200, y = 500 }, to = { x = 200, y = 300 }, steps = 10 }")
        #expect(try t.run("return drags") == [1])
    }
}
