import Foundation
import Testing

@testable import HeadlessUI

/// `ASTableNode`: rows are cell nodes measured at the table's width, shown in the table view's
/// cells at their calculated heights, selected, fetched in batches, and kept through row
/// updates.
@Suite struct TableNodeTests {
    static let source = """
        Row = objc.ASCellNode:createSubclass("Row")
        function Row:initWithNumber(number)
            self[objc.ASCellNode]:init()
            self.number = number
            self.events = {}
            return self
        end
        function Row:calculateSizeThatFits(size) return struct.CGSize(size.width / 2, 40 + self.number % 3 * 10) end
        function Row:didEnterVisibleState() table.insert(self.events, "+Visible") end
        function Row:didExitVisibleState() table.insert(self.events, "-Visible") end

        Feed = objc.NSObject:createSubclass("Feed")
        Feed:declareProtocol("ASTableDataSource")
        Feed:declareProtocol("ASTableDelegate")
        function Feed:init() self.numbers = {} for i = 1, 60 do self.numbers[i] = i - 1 end self.fetches = 0 self.asked = 0 return self end
        function Feed:tableNode_numberOfRowsInSection(node, section) return #self.numbers end
        function Feed:tableNode_nodeForRowAtIndexPath(node, path)
            self.asked = self.asked + 1
            return Row:newWithNumber(self.numbers[path.row + 1])
        end
        function Feed:tableNode_didSelectRowAtIndexPath(node, path) self.selected = path.row end
        function Feed:tableNode_willBeginBatchFetchWithContext(node, context)
            self.fetches = self.fetches + 1
            self.context = context
        end

        feed = Feed:new()
        tableNode = objc.ASTableNode:newWithStyle(objc.UITableView.Style.Plain)
        tableNode.dataSource = feed
        tableNode.delegate = feed
        controller = objc.ASViewController:newWithNode(tableNode)
        function nodeAt(row) return tableNode:nodeForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(row, 0)) end
        """

    @Test func rowsTakeTheTablesWidthAndTheirNodesHeights() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        let results = try t.run(
            """
            local view = tableNode.view
            local cell = view:cellForRowAtIndexPath(objc.NSIndexPath:indexPathForRow_inSection(1, 0))
            local node = nodeAt(1)
            return node.calculatedSize.width, node.calculatedSize.height, cell.frame.origin.y, cell.frame.size.height,
                node.view.superview == cell.contentView, #tableNode.visibleNodes > 5, view.contentSize.height
            """)
        // The range is the table's width exactly, so the node's half-width answer is raised to
        // 375; rows are 40, 50 and 60 in turn: 20 rounds of 150.
        #expect(results == [375, 50, 40, 50, true, true, 3000])
    }

    /// Drawn as UIKit draws a table: on its own white background, which the node keeps.
    @Test func theTableKeepsItsBackgroundUnlessTheNodeSetsOne() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        #expect(
            try t.run("local c = tableNode.view.backgroundColor return c ~= nil and c:isEqual(objc.UIColor.whiteColor)")
                == [true])
        #expect(
            try t.run(
                "tableNode.backgroundColor = objc.UIColor.redColor return tableNode.view.backgroundColor:isEqual(objc.UIColor.redColor)"
            ) == [true])
    }

    @Test func aTapSelectsTheRowsNodeAndTellsTheDelegate() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        try t.run("simulate.tap { at = { x = 50, y = 130 } }")
        #expect(try t.run("return feed.selected, nodeAt(2).selected") == [2, true])
    }

    @Test func scrollingNearTheEndBeginsABatchFetch() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        #expect(try t.run("return feed.fetches") == [0])
        try t.run("tableNode.view:setContentOffset_animated(struct.CGPoint(0, 1100), false)")
        try t.world.layoutPass()
        #expect(try t.run("return feed.fetches, tableNode.batchFetching") == [1, true])
        try t.run("feed.context:completeBatchFetching(true)")
        #expect(try t.run("return tableNode.batchFetching") == [false])
    }

    @Test func visibleStatesFollowScrolling() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        try t.run("tableNode.view:setContentOffset_animated(struct.CGPoint(0, 800), false)")
        try t.world.layoutPass()
        #expect(try t.run("return table.concat(nodeAt(0).events, ' ')") == [.string("+Visible -Visible")])
    }

    @Test func insertedAndDeletedRowsKeepTheOtherRowsNodes() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        let results = try t.run(
            """
            local first, third = nodeAt(0), nodeAt(2)
            local asked = feed.asked
            table.insert(feed.numbers, 1, 100)
            table.remove(feed.numbers, 3)
            tableNode:performBatchUpdates_completion(function()
                tableNode:insertRowsAtIndexPaths_withRowAnimation({ objc.NSIndexPath:indexPathForRow_inSection(0, 0) },
                    objc.UITableView.RowAnimation.Automatic)
                tableNode:deleteRowsAtIndexPaths_withRowAnimation({ objc.NSIndexPath:indexPathForRow_inSection(1, 0) },
                    objc.UITableView.RowAnimation.Automatic)
            end, nil)
            return nodeAt(0).number, nodeAt(1) == first, nodeAt(2) == third, feed.asked - asked,
                tableNode:indexPathForNode(third).row
            """)
        // Row 0 is new (the one node asked for); the old row 1 went, so the old row 0 is row 1 and row 2 stays.
        #expect(results == [100, true, true, 1, 2])
    }

    @Test func aMistakenUpdateIsUIKitsErrorAndTheNodesStay() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        let message = t.error(
            """
            tableNode:insertRowsAtIndexPaths_withRowAnimation({ objc.NSIndexPath:indexPathForRow_inSection(0, 0) },
                objc.UITableView.RowAnimation.Automatic)
            """)
        #expect(message.contains("Invalid update: invalid number of rows in section 0"))
        #expect(try t.run("return nodeAt(0).number") == [0])
    }
}
