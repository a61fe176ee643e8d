import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// The space a group gives its items: edge spacing around each item, and groups that grow
/// along their own axis with their self-sizing items; frames worked out by hand.
@Suite struct GroupSpacingTests {
    private func start(_ script: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(script)
        try t.show(controller: "controller")
        return t
    }

    @Test func fixedEdgeSpacingMovesEachItemAndCountsInTheGroupsSums() throws {
        // 100-point items 10 after the previous and 5 down: three fit in 400 (330), a fourth
        // (440) does not.
        let t = try start(
            """
            counts = { 4 }
            local Spacing = objc.NSCollectionLayoutSpacing
            local item = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(100), Dimension:absoluteDimension(50)))
            item.edgeSpacing = objc.NSCollectionLayoutEdgeSpacing:spacingForLeading_top_trailing_bottom(
                Spacing:fixedSpacing(10), Spacing:fixedSpacing(5), nil, nil)
            spacing = item.edgeSpacing
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(60)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            """)
        try CompositionalLayoutTests.expectFrames(
            t, [(0, 0), (0, 1), (0, 2), (0, 3)],
            [[10, 5, 100, 50], [120, 5, 100, 50], [230, 5, 100, 50], [10, 65, 100, 50]])
        #expect(
            try t.run("return spacing.leading.spacing, spacing.top.isFixedSpacing, spacing.trailing") == [
                10, true, .nil,
            ])
    }

    @Test func flexibleEdgeSpacingSharesOutTheLeftoverAndCentresAcross() throws {
        // Two 150-point items fit (a third would take 450): with flexible leading and trailing
        // spacing they share the 100 left over four ways; flexible top and bottom centre the
        // 40-point items in the 100 points.
        let t = try start(
            """
            counts = { 2 }
            local flexible = objc.NSCollectionLayoutSpacing:flexibleSpacing(0)
            local item = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(150), Dimension:absoluteDimension(40)))
            item.edgeSpacing = objc.NSCollectionLayoutEdgeSpacing:spacingForLeading_top_trailing_bottom(flexible, flexible, flexible, flexible)
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(100)), { item, item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            """)
        try CompositionalLayoutTests.expectFrames(t, [(0, 0), (0, 1)], [[25, 30, 150, 40], [225, 30, 150, 40]])
    }

    /// A vertical group of estimated height stacks its items at their measured heights and is
    /// as tall as they are, with its spacing.
    @Test func aVerticalGroupOfEstimatedHeightStacksItsMeasuredItems() throws {
        let t = try start(
            """
            counts = { 4 }
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(44)))
            local group = Group:verticalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(100)), { item })
            group.interItemSpacing = objc.NSCollectionLayoutSpacing:fixedSpacing(5)
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            collection:registerClass_forCellWithReuseIdentifier(sizedCell(function(a) return struct.CGSize(a.size.width, 30 + a.indexPath.item * 10) end), "cell")
            """)
        // Two 44-point estimates fit in the 100-point estimate: 30 and 40 with 5 between make
        // the first group 75 tall; 50 and 60 the second, 115.
        try CompositionalLayoutTests.expectFrames(
            t, [(0, 0), (0, 1), (0, 2), (0, 3)],
            [[0, 0, 400, 30], [0, 35, 400, 40], [0, 75, 400, 50], [0, 130, 400, 60]])
        #expect(try t.run("return collection.contentSize.height") == [190])
    }

    /// Tags in a row: a horizontal group of estimated width is as wide as its measured item,
    /// and the next group follows it.
    @Test func aHorizontalGroupOfEstimatedWidthIsAsWideAsItsItem() throws {
        let t = try start(
            """
            counts = { 3 }
            local configuration = objc.UICollectionViewCompositionalLayoutConfiguration:new()
            configuration.scrollDirection = 1
            local item = Item:itemWithLayoutSize(size(Dimension:estimatedDimension(50), Dimension:absoluteDimension(30)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:estimatedDimension(50), Dimension:absoluteDimension(30)), { item })
            local section = Section:sectionWithGroup(group)
            section.interGroupSpacing = 8
            show(objc.UICollectionViewCompositionalLayout:newWithSection_configuration(section, configuration))
            collection:registerClass_forCellWithReuseIdentifier(sizedCell(function(a) return struct.CGSize(60 + a.indexPath.item * 20, a.size.height) end), "cell")
            """)
        try CompositionalLayoutTests.expectFrames(
            t, [(0, 0), (0, 1), (0, 2)], [[0, 0, 60, 30], [68, 0, 80, 30], [156, 0, 100, 30]])
        #expect(try t.run("return collection.contentSize.width") == [256])
    }
}
