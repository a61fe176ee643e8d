import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// A compositional layout whose configuration scrolls horizontally: sections follow one another
/// to the right, each repeating its group across, with leading headers; the frames are worked
/// out by hand for the 400 x 600 collection view of `CompositionalLayoutTests.source`.
@Suite struct HorizontalLayoutTests {
    /// Sections of columns 150 wide, each three items a third of the column's height, inside
    /// insets of 10 above and below and 20 at the ends, 10 apart; sections 30 apart. Section 1
    /// has a leading header 50 wide, pinned when `pinned`.
    private func start(counts: String = "{ 7, 2 }", pinned: Bool = false) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = \(counts)
            local configuration = objc.UICollectionViewCompositionalLayoutConfiguration:new()
            configuration.scrollDirection = objc.UICollectionViewCompositionalLayoutConfiguration.ScrollDirection.Horizontal
            configuration.interSectionSpacing = 30
            show(objc.UICollectionViewCompositionalLayout:newWithSectionProvider_configuration(function(index, environment)
                local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1 / 3)))
                local group = Group:verticalGroupWithLayoutSize_subitems(size(Dimension:absoluteDimension(150), Dimension:fractionalHeightDimension(1)), { item })
                local section = Section:sectionWithGroup(group)
                section.interGroupSpacing = 10
                section.contentInsets = struct.NSDirectionalEdgeInsets(10, 20, 10, 20)
                if index == 1 then
                    local header = objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                        size(Dimension:absoluteDimension(50), Dimension:fractionalHeightDimension(1)), "header", Alignment.Leading)
                    header.pinToVisibleBounds = \(pinned)
                    section.boundarySupplementaryItems = { header }
                end
                return section
            end, configuration))
            function headerFrame()
                local f = collection.collectionViewLayout:layoutAttributesForSupplementaryViewOfKind_atIndexPath("header", objc.NSIndexPath:indexPathForItem_inSection(0, 1)).frame
                return f.origin.x, f.origin.y, f.size.width, f.size.height
            end
            """)
        try t.show(controller: "controller")
        return t
    }

    @Test func sectionsFollowEachOtherAcrossAndGroupsRepeatAcrossASection() throws {
        let t = try start()
        let third = 580.0 / 3
        // Section 0: columns at 20, 180 and 340; its third column holds the seventh cell.
        try CompositionalLayoutTests.expectFrames(
            t, [(0, 0), (0, 2), (0, 3), (0, 6), (1, 0), (1, 1)],
            [
                [20, 10, 150, third], [20, 10 + 2 * third, 150, third], [180, 10, 150, third],
                [340, 10, 150, third],
                // Section 1 starts 30 after section 0's end (510): its header, then its inset.
                [610, 10, 150, third], [610, 10 + third, 150, third],
            ])
        #expect(try t.run("return headerFrame()") == [540, 10, 50, 580])
        #expect(try t.run("return collection.contentSize.width, collection.contentSize.height") == [780, 600])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func scrollingAcrossShowsTheCellsThereAndALeadingHeaderPinsToTheLeftEdge() throws {
        let t = try start(pinned: true)
        try t.run("collection.contentOffset = struct.CGPoint(380, 0)")
        try t.world.layoutPass()
        let shown = try t.run(
            """
            local function shows(section, item)
                return collection:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, section)) ~= nil
            end
            return shows(0, 0), shows(0, 6), shows(1, 0)
            """)
        #expect(shown == [false, true, true])
        // Section 1 runs from 540 to 780: scrolled to 600, its header keeps to the left edge;
        // scrolled to the end (380 is the most), it sits where it was laid out.
        #expect(try t.run("return headerFrame()") == [540, 10, 50, 580])
        try t.run("collection.contentOffset = struct.CGPoint(600, 0)")
        #expect(try t.run("return headerFrame()") == [600, 10, 50, 580])
        try t.run("collection.contentOffset = struct.CGPoint(760, 0)")
        #expect(try t.run("return headerFrame()") == [730, 10, 50, 580])
    }

    @Test func aHorizontalDragScrollsTheLayout() throws {
        let t = try start(counts: "{ 20, 2 }")
        try t.run(
            "simulate.drag { from = { x = 300, y = 300 }, to = { x = 100, y = 300 }, steps = 20 } simulate.advance(2)")
        let offset = try t.run("return collection.contentOffset.x, collection.contentOffset.y")
        #expect((offset.first?.numberValue ?? 0) > 150 && offset.last == 0, "\(offset)")
    }

    @Test func headersOnTheTopOrBottomOfAHorizontalSectionAreRefusedByName() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            local configuration = objc.UICollectionViewCompositionalLayoutConfiguration:new()
            configuration.scrollDirection = 1
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
            local section = Section:sectionWithGroup(Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:absoluteDimension(100), Dimension:fractionalHeightDimension(1)), { item }))
            section.boundarySupplementaryItems = {
                objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                    size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(40)), "header", Alignment.Top),
            }
            show(objc.UICollectionViewCompositionalLayout:newWithSection_configuration(section, configuration))
            """)
        try t.show(controller: "controller")
        #expect(
            t.errors.contains {
                $0.contains("alignment 1") && $0.contains("horizontal layout") && $0.contains("leading or trailing")
            }, "\(t.errors)")
        #expect(try t.run("return collection.contentSize.width, 'still running'") == [0, "still running"])
    }

    /// In a horizontal layout an orthogonal section is a column that scrolls up and down.
    @Test func anOrthogonalSectionOfAHorizontalLayoutScrollsVertically() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = { 6 }
            local configuration = objc.UICollectionViewCompositionalLayoutConfiguration:new()
            configuration.scrollDirection = 1
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:absoluteDimension(200), Dimension:absoluteDimension(250)), { item })
            local section = Section:sectionWithGroup(group)
            section.orthogonalScrollingBehavior = objc.NSCollectionLayoutSection.OrthogonalScrollingBehavior.GroupPaging
            show(objc.UICollectionViewCompositionalLayout:newWithSection_configuration(section, configuration))
            """)
        try t.show(controller: "controller")
        try CompositionalLayoutTests.expectFrames(
            t, [(0, 0), (0, 1), (0, 5)], [[0, 0, 200, 250], [0, 250, 200, 250], [0, 1250, 200, 250]])
        #expect(try t.run("return collection.contentSize.width") == [200])
        try t.run(
            "simulate.drag { from = { x = 100, y = 400 }, to = { x = 100, y = 250 }, steps = 20 } simulate.advance(2)")
        // Let go 150 points up and moving: the second group's top (250) is nearer than the first's.
        try CompositionalLayoutTests.expectFrames(t, [(0, 1)], [[0, 0, 200, 250]])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }
}
