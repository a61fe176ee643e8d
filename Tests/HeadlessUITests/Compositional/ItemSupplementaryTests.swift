import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Supplementary items attached to items (badges), placed on each cell by an anchor; frames
/// worked out by hand.
@Suite struct ItemSupplementaryTests {
    @Test func aBadgeSitsOnEachCellsTopTrailingCornerMovedByAFractionOfItsSize() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = { 6 }
            local Edge = require("UIKit.UIGeometry").NSDirectionalRectEdge
            local anchor = objc.NSCollectionLayoutAnchor:layoutAnchorWithEdges_fractionalOffset(
                Edge.Top + Edge.Trailing, struct.CGPoint(0.3, -0.3))
            local badge = objc.NSCollectionLayoutSupplementaryItem:supplementaryItemWithLayoutSize_elementKind_containerAnchor(
                size(Dimension:absoluteDimension(20), Dimension:absoluteDimension(20)), "badge", anchor)
            local item = Item:itemWithLayoutSize_supplementaryItems(
                size(Dimension:fractionalWidthDimension(0.25), Dimension:fractionalHeightDimension(1)), { badge })
            local group = Group:horizontalGroupWithLayoutSize_subitems(
                size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(100)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            collection:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(objc.UICollectionReusableView, "badge", "header")
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
