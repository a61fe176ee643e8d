import Foundation
import Testing

@testable import HeadlessUI

/// `ASCollectionNode` in an `ASViewController`: nodes from the data source measured in the
/// range the delegate or inspector gives, shown in the collection view's cells, selected,
/// fetched in batches as the content scrolls, and told of their interface states.
@Suite struct CollectionNodeTests {
    static let source = """
        local ASDimension = require "AsyncDisplayKit.ASDimension"
        Row = objc.ASCellNode:createSubclass("Row")
        function Row:initWithNumber(number)
            self[objc.ASCellNode]:init()
            self.number = number
            self.style.preferredSize = struct.CGSize(100, 40 + number % 3 * 10)
            self.events = {}
            return self
        end
        for _, name in ipairs { "Visible", "Display", "Preload" } do
            Row["didEnter" .. name .. "State"] = function(self) table.insert(self.events, "+" .. name) end
            Row["didExit" .. name .. "State"] = function(self) table.insert(self.events, "-" .. name) end
        end

        Feed = objc.NSObject:createSubclass("Feed")
        Feed:declareProtocol("ASCollectionDataSource")
        Feed:declareProtocol("ASCollectionDelegate")
        function Feed:init() self.count = 60 self.fetches = 0 return self end
        function Feed:collectionNode_numberOfItemsInSection(node, section) return self.count end
        function Feed:collectionNode_nodeBlockForItemAtIndexPath(node, path)
            local number = path.item
            return function() return Row:newWithNumber(number) end
        end
        function Feed:collectionNode_constrainedSizeForItemAtIndexPath(node, path)
            return ASDimension.ASSizeRangeMake(struct.CGSize(375, 0), struct.CGSize(375, math.huge))
        end
        function Feed:collectionNode_didSelectItemAtIndexPath(node, path) self.selected = path.item end
        function Feed:collectionNode_willBeginBatchFetchWithContext(node, context)
            self.fetches = self.fetches + 1
            self.context = context
        end

        feed = Feed:new()
        layout = objc.UICollectionViewFlowLayout:new()
        layout.minimumLineSpacing = 0
        collectionNode = objc.ASCollectionNode:newWithCollectionViewLayout(layout)
        collectionNode.dataSource = feed
        collectionNode.delegate = feed
        controller = objc.ASViewController:newWithNode(collectionNode)
        """

    @Test func nodesAreMeasuredInTheirRangeAndShownInCells() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        let results = try t.run(
            """
            local view = collectionNode.view
            local first = collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0))
            local cell = view:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0))
            return first.calculatedSize.width, first.calculatedSize.height, cell.frame.origin.y,
                first.view.superview == cell.contentView, first.view.frame.size.height, #collectionNode.visibleNodes > 5
            """)
        // Each row fills the 375-point range's width; row 1 is 50 tall, under row 0's 40.
        #expect(results == [375, 50, 40, true, 50, true])
    }

    @Test func aTapSelectsTheNodeAndTellsTheDelegate() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        // Row 2 is 60 tall under 40 and 50.
        try t.run("simulate.tap { at = { x = 50, y = 130 } }")
        #expect(
            try t.run(
                "return feed.selected, collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(2, 0)).selected"
            ) == [2, true])
    }

    @Test func scrollingNearTheEndBeginsOneBatchFetchUntilItCompletes() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        // 60 rows of 50 on average: 3,000 points, more than two screens of 667 below the first.
        #expect(try t.run("return feed.fetches") == [0])
        try t.run("collectionNode.view:setContentOffset_animated(struct.CGPoint(0, 1100), false)")
        try t.world.layoutPass()
        #expect(try t.run("return feed.fetches, collectionNode.batchFetching") == [1, true])
        try t.run("collectionNode.view:setContentOffset_animated(struct.CGPoint(0, 1200), false)")
        try t.world.layoutPass()
        #expect(try t.run("return feed.fetches") == [1])
        try t.run(
            "feed.context:completeBatchFetching(true) collectionNode.view:setContentOffset_animated(struct.CGPoint(0, 1250), false)"
        )
        try t.world.layoutPass()
        #expect(try t.run("return feed.fetches") == [2])
    }

    @Test func interfaceStatesFollowScrolling() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.show()
        #expect(
            try t.run(
                "return table.concat(collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0)).events, ' ')"
            ) == [.string("+Preload +Display +Visible")])
        try t.run("collectionNode.view:setContentOffset_animated(struct.CGPoint(0, 800), false)")
        try t.world.layoutPass()
        #expect(
            try t.run(
                "return table.concat(collectionNode:nodeForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0)).events, ' ')"
            ) == [.string("+Preload +Display +Visible -Visible -Display")])
    }
}

/// Item updates on a collection node keep the nodes of the items that stay, at their new paths.
@Suite struct CollectionNodeUpdateTests {
    @Test func insertedDeletedAndMovedItemsKeepTheOtherNodes() throws {
        let t = try TestWorld()
        try t.run(CollectionNodeTests.source)
        try t.show()
        let results = try t.run(
            """
            local function path(item) return objc.NSIndexPath:indexPathForItem_inSection(item, 0) end
            local first, second = collectionNode:nodeForItemAtIndexPath(path(0)), collectionNode:nodeForItemAtIndexPath(path(1))
            feed.count = 61
            local done = false
            collectionNode:performBatchUpdates_completion(function()
                collectionNode:insertItemsAtIndexPaths({ path(0), path(1) })
                collectionNode:deleteItemsAtIndexPaths({ path(1) })
            end, function(finished) done = finished end)
            simulate.advance(1)
            return collectionNode:nodeForItemAtIndexPath(path(2)) == first, collectionNode:indexPathForNode(second),
                collectionNode:nodeForItemAtIndexPath(path(0)) ~= first, done
            """)
        // Two inserted before, the old item 1 deleted: item 0 moves to 2; item 1's node is gone.
        #expect(results[0] == true)
        #expect(results[1] == .nil)
        #expect(results[2] == true)
        #expect(results[3] == true)
    }
}
