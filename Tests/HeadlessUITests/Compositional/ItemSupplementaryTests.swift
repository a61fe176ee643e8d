import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Supplementary items attached to items (badges), placed on each cell by an anchor, and
/// custom groups, whose provider places their cells; frames worked out by hand.
@Suite struct ItemSupplementaryTests {
    /// `showBadged(badge)`: rows of four 100-point cells, each with the supplementary item.
    static let badgedRows = """
        function showBadged(badge)
            local item = Item:itemWithLayoutSize_supplementaryItems(
                size(Dimension:fractionalWidthDimension(0.25), Dimension:fractionalHeightDimension(1)), { badge })
            local group = Group:horizontalGroupWithLayoutSize_subitems(
                size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(100)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            collection:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(objc.UICollectionReusableView, "badge", "header")
        end
        """

    @Test func aCustomGroupPutsItsCellsWhereTheProviderSaysEachInstanceAgain() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = { 5 }
            asked = 0
            local group = Group:customGroupWithLayoutSize_itemProvider(
                size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(200)), function(environment)
                    asked = asked + 1
                    local width = environment.container.contentSize.width
                    local items = {}
                    for step = 0, 2 do
                        items[#items + 1] = objc.NSCollectionLayoutGroupCustomItem:customItemWithFrame(
                            struct.CGRect(step * width / 4, step * 50, 100, 100))
                    end
                    return items
                end)
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            """)
        try t.show(controller: "controller")
        // A staircase of three in the 400 x 200 group; the second instance starts 200 down.
        #expect(try t.run("return table.unpack(frame(0, 1))") == [100, 50, 100, 100])
        #expect(try t.run("return table.unpack(frame(0, 4))") == [100, 250, 100, 100])
        #expect(try t.run("return asked >= 2") == [true])
        try t.run(
            """
            local empty = Group:customGroupWithLayoutSize_itemProvider(
                size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(200)), function() return {} end)
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(empty)))
            """)
        try t.show(controller: "controller")
        #expect(
            t.errors.contains { $0.contains("the custom group's item provider returned 0 items (1 to 10000 expected)") }
        )
    }

    @Test func aBadgeSitsOnEachCellsTopTrailingCornerMovedByAFractionOfItsSize() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(Self.badgedRows)
        try t.run(
            """
            counts = { 6 }
            local Edge = require("UIKit.UIGeometry").NSDirectionalRectEdge
            local anchor = objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges_fractionalOffset(
                Edge.Top + Edge.Trailing, struct.CGPoint(0.3, -0.3))
            local badge = objc.NSCollectionLayoutSupplementaryItem:supplementaryItemWithLayoutSize_elementKind_containerAnchor(
                size(Dimension:absoluteDimension(20), Dimension:absoluteDimension(20)), "badge", anchor)
            showBadged(badge)
            """)
        try t.show(controller: "controller")
        // Item 1 is at (100, 0, 100, 100): the badge's corner is the cell's, then 6 points right and up.
        let badge = try t.run(
            """
            local path = objc.NSIndexPath:indexPathForItem_inSection(1, 0)
            local f = collection:layoutAttributesForSupplementaryElementOfKind_atIndexPath("badge", path).frame
            local shown = collection:supplementaryViewForElementKind_atIndexPath("badge", path)
            return f.origin.x, f.origin.y, f.size.width, f.size.height, shown ~= nil and shown.frame.origin.x
            """)
        #expect(badge == [186, -6, 20, 20, 186])
        // Item 5, in the second row: (100, 100, 100, 100).
        #expect(
            try t.run(
                "local f = collection:layoutAttributesForSupplementaryElementOfKind_atIndexPath('badge', objc.NSIndexPath:indexPathForItem_inSection(5, 0)).frame return f.origin.x, f.origin.y"
            ) == [186, 94])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    /// With an item anchor, that point of the badge goes to the container anchor's point: a
    /// bottom-leading item anchor on a top-trailing container anchor puts the badge outside the
    /// cell's corner.
    @Test func anItemAnchorPutsThatPointOfTheBadgeOnTheContainersPoint() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(Self.badgedRows)
        try t.run(
            """
            counts = { 2 }
            local Edge = require("UIKit.UIGeometry").NSDirectionalRectEdge
            local corner = objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges(Edge.Top + Edge.Trailing)
            local outside = objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges_absoluteOffset(
                Edge.Bottom + Edge.Leading, struct.CGPoint(2, 0))
            badge = objc.NSCollectionLayoutSupplementaryItem:supplementaryItemWithLayoutSize_elementKind_containerAnchor_itemAnchor(
                size(Dimension:absoluteDimension(20), Dimension:absoluteDimension(10)), "badge", corner, outside)
            showBadged(badge)
            """)
        try t.show(controller: "controller")
        // Item 1 is at (100, 0, 100, 100): the badge's bottom-leading corner, less its 2-point
        // offset, is at the cell's top-trailing corner (200, 0).
        #expect(
            try t.run(
                "local f = collection:layoutAttributesForSupplementaryElementOfKind_atIndexPath('badge', objc.NSIndexPath:indexPathForItem_inSection(1, 0)).frame return f.origin.x, f.origin.y, badge.itemAnchor.edges"
            ) == [198, -10, 6])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    /// A custom item's zIndex is its cell's, so the first item draws over the second it overlaps.
    @Test func aCustomItemsZIndexIsItsCells() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = { 2 }
            local group = Group:customGroupWithLayoutSize_itemProvider(
                size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(200)), function()
                    return {
                        objc.NSCollectionLayoutGroupCustomItem:customItemWithFrame_zIndex(struct.CGRect(0, 0, 100, 100), 5),
                        objc.NSCollectionLayoutGroupCustomItem:customItemWithFrame(struct.CGRect(50, 50, 100, 100)),
                    }
                end)
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            """)
        try t.show(controller: "controller")
        let result = try t.run(
            """
            local function cell(item) return objc.NSIndexPath:indexPathForItem_inSection(item, 0) end
            local first = collection:cellForItemAtIndexPath(cell(0))
            return collection:layoutAttributesForItemAtIndexPath(cell(0)).zIndex, collection:layoutAttributesForItemAtIndexPath(cell(1)).zIndex, first.layer.zPosition
            """)
        #expect(result == [5, 0, 5])
    }

    @Test func anAnchorOnOppositeEdgesIsAnErrorNamingThem() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges(5)")
                .contains("edges 5 name opposite edges"))
        #expect(
            t.error("objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges(16)").contains(
                "16 is not an NSDirectionalRectEdge"))
    }
}
