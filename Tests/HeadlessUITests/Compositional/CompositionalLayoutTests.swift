import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// `UICollectionViewCompositionalLayout` frames, checked against cases worked out by hand from
/// Apple's documentation of how dimensions resolve: an item's fractions are of its group, a
/// group's of the section's width less its content insets.
@Suite struct CompositionalLayoutTests {
    /// A 400 x 600 collection view (no safe area: its controller's view is not under the status
    /// bar) whose sections have `counts[s + 1]` cells, and `frame(section, item)`.
    static let source = """
        local UIGeometry = require "UIKit.UIGeometry"
        Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
        Item, Group, Section = objc.NSCollectionLayoutItem, objc.NSCollectionLayoutGroup, objc.NSCollectionLayoutSection
        function size(w, h) return Size:sizeWithWidthDimension_heightDimension(w, h) end
        Alignment = UIGeometry.NSRectAlignment
        counts = { 10 }
        Source = objc.NSObject:createSubclass("Source")
        Source:declareProtocol("UICollectionViewDataSource")
        function Source:numberOfSectionsInCollectionView(view) return #counts end
        function Source:collectionView_numberOfItemsInSection(view, section) return counts[section + 1] end
        function Source:collectionView_cellForItemAtIndexPath(view, path)
            return view:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", path)
        end
        function Source:collectionView_viewForSupplementaryElementOfKind_atIndexPath(view, kind, path)
            return view:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(kind, "header", path)
        end
        source = Source:new()
        function show(layout)
            controller = objc.UIViewController:new()
            collection = objc.UICollectionView:newWithFrame_collectionViewLayout(struct.CGRect(0, 0, 400, 600), layout)
            collection.contentInsetAdjustmentBehavior = 2
            collection:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "cell")
            collection:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(objc.UICollectionReusableView, "header", "header")
            collection.dataSource = source
            controller.view:addSubview(collection)
        end
        -- A cell class whose preferred size, as a self-sizing cell measures it, is `measure(attributes)`.
        function sizedCell(measure)
            local class = objc.UICollectionViewCell:createSubclass("Sized")
            function class:preferredLayoutAttributesFittingAttributes(attributes)
                local preferred = attributes:copy()
                preferred.size = measure(attributes)
                return preferred
            end
            return class
        end
        function frame(section, item)
            local f = collection:layoutAttributesForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, section)).frame
            return { f.origin.x, f.origin.y, f.size.width, f.size.height }
        end
        """

    private func start(_ layout: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run("show(\(layout))")
        try t.show(controller: "controller")
        return t
    }

    /// Expects the frames of the cells at `paths` to be `expected`, to a millionth of a point.
    static func expectFrames(
        _ t: TestWorld, _ paths: [(Int, Int)], _ expected: [[Double]], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = try Self.frames(t, paths)
        let close =
            actual.count == expected.count
            && zip(actual, expected).allSatisfy { a, e in
                a.count == e.count && zip(a, e).allSatisfy { abs($0 - $1) < 1e-6 }
            }
        #expect(close, "frames \(actual)", sourceLocation: sourceLocation)
    }

    static func frames(_ t: TestWorld, _ paths: [(Int, Int)]) throws -> [[Double]] {
        try paths.map { path in
            try t.run("return table.unpack(frame(\(path.0), \(path.1)))").map { value -> Double in
                if case .number(let number) = value { return number }
                if case .integer(let number) = value { return Double(number) }
                return .nan
            }
        }
    }

    @Test func aGridOfFractionalItemsFillsItsRows() throws {
        // Items a third of the group's width; groups the section's width and 100 tall.
        let t = try start(
            """
            (function()
                local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1/3), Dimension:fractionalHeightDimension(1)))
                item.contentInsets = struct.NSDirectionalEdgeInsets(5, 5, 5, 5)
                local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(100)), { item })
                local section = Section:sectionWithGroup(group)
                section.interGroupSpacing = 10
                section.contentInsets = struct.NSDirectionalEdgeInsets(20, 10, 20, 10)
                return objc.UICollectionViewCompositionalLayout:newWithSection(section)
            end)()
            """)
        // The section is 380 wide inside its insets; each slot 380/3 wide, shrunk by 5 all round.
        // Row 2 starts at 20 + 100 + 10; the 10 items make 4 rows: 20 + 4*100 + 3*10 + 20 = 470.
        let third = 380.0 / 3
        try Self.expectFrames(
            t, [(0, 0), (0, 2), (0, 3), (0, 9)],
            [
                [15, 25, third - 10, 90], [10 + 2 * third + 5, 25, third - 10, 90], [15, 135, third - 10, 90],
                [15, 355, third - 10, 90],
            ])
        #expect(try t.run("return collection.contentSize.height") == [470])
    }

    @Test func countedItemsShareTheGroupLessTheirSpacing() throws {
        let t = try start(
            """
            (function()
                -- The item's own width is ignored when a count shares out the group.
                local item = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(999), Dimension:fractionalHeightDimension(0.5)))
                local group = Group:horizontalGroupWithLayoutSize_subitem_count(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(80)), item, 3)
                group.interItemSpacing = objc.NSCollectionLayoutSpacing:fixedSpacing(8)
                return objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group))
            end)()
            """)
        // (400 - 2 * 8) / 3 = 128 wide, half the group's 80 tall.
        try Self.expectFrames(
            t, [(0, 0), (0, 1), (0, 2), (0, 3)],
            [
                [0, 0, 128, 40], [136, 0, 128, 40], [272, 0, 128, 40], [0, 80, 128, 40],
            ])
    }

    @Test func flexibleSpacingSharesOutWhatIsLeft() throws {
        let t = try start(
            """
            (function()
                local item = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(90), Dimension:absoluteDimension(50)))
                local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { item })
                group.interItemSpacing = objc.NSCollectionLayoutSpacing:flexibleSpacing(10)
                return objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group))
            end)()
            """)
        // Four items of 90 fit in 400 with at least 10 between (390); the 40 left over is shared:
        // spacing (400 - 360) / 3.
        let gap = 40.0 / 3
        try Self.expectFrames(
            t, [(0, 0), (0, 1), (0, 3), (0, 4)],
            [
                [0, 0, 90, 50], [90 + gap, 0, 90, 50], [400 - 90, 0, 90, 50], [0, 50, 90, 50],
            ])
    }

    @Test func nestedGroupsPlaceTheirItemsInOrder() throws {
        let t = try start(
            """
            (function()
                -- A large item on the left, two stacked on the right: the familiar mosaic row.
                local large = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(2/3), Dimension:fractionalHeightDimension(1)))
                local small = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(0.5)))
                local column = Group:verticalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1/3), Dimension:fractionalHeightDimension(1)), { small })
                local row = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalWidthDimension(0.5)), { large, column })
                return objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(row))
            end)()
            """)
        // The row is 200 tall (half the width); the column 400/3 wide, its items 100 tall.
        let large = 400.0 * 2 / 3
        try Self.expectFrames(
            t, [(0, 0), (0, 1), (0, 2), (0, 3)],
            [
                [0, 0, large, 200], [large, 0, 400 - large, 100], [large, 100, 400 - large, 100], [0, 200, large, 200],
            ])
    }

    @Test func aSectionProviderDescribesEachSectionWithHeadersAndSpacing() throws {
        let t = try start(
            """
            (function()
                counts = { 2, 3 }
                local configuration = objc.UICollectionViewCompositionalLayoutConfiguration:new()
                configuration.interSectionSpacing = 30
                return objc.UICollectionViewCompositionalLayout:newWithSectionProvider_configuration(function(index, environment)
                    widthSeen = environment.container.contentSize.width
                    local columns = index + 1
                    local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1 / columns), Dimension:fractionalHeightDimension(1)))
                    local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(60)), { item })
                    local section = Section:sectionWithGroup(group)
                    section.contentInsets = struct.NSDirectionalEdgeInsets(10, 0, 10, 0)
                    section.boundarySupplementaryItems = {
                        objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                            size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(44)), "header", Alignment.Top),
                    }
                    return section
                end, configuration)
            end)()
            """)
        // Section 0: header 0-44, insets 10, two rows of one item (60 each), 10: ends at 184.
        // Section 1 starts 30 lower, at 214: header to 258, then 268 for its row of two halves.
        try Self.expectFrames(
            t, [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)],
            [
                [0, 54, 400, 60], [0, 114, 400, 60], [0, 268, 200, 60], [200, 268, 200, 60], [0, 328, 200, 60],
            ])
        let header = try t.run(
            """
            local a = collection.collectionViewLayout:layoutAttributesForSupplementaryViewOfKind_atIndexPath("header", objc.NSIndexPath:indexPathForItem_inSection(0, 1))
            return a.frame.origin.y, a.frame.size.height, widthSeen, collection.contentSize.height
            """)
        #expect(header == [214, 44, 400, 398])
    }

    @Test func aPinnedHeaderStaysInViewWhileItsSectionScrollsBy() throws {
        let t = try start(
            """
            (function()
                counts = { 20, 20 }
                local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
                local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { item })
                local section = Section:sectionWithGroup(group)
                local header = objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                    size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(40)), "header", Alignment.Top)
                header.pinToVisibleBounds = true
                section.boundarySupplementaryItems = { header }
                return objc.UICollectionViewCompositionalLayout:newWithSection(section)
            end)()
            """)
        // Section 0 runs 0-1040 (header 40, 20 rows of 50). Scrolled to 300, its header sits at
        // 300; scrolled to 1020, it is pushed up by the section's end to 1000.
        func headerY(_ offset: Int) throws -> [LuaValue] {
            try t.run("collection.contentOffset = struct.CGPoint(0, \(offset))")
            try t.world.layoutPass()
            return try t.run(
                """
                for _, view in ipairs(collection.subviews) do
                    if view:isKindOfClass(objc.UICollectionReusableView) and not view:isKindOfClass(objc.UICollectionViewCell) and view.frame.origin.y < 1040 then
                        return view.frame.origin.y
                    end
                end
                """)
        }
        #expect(try headerY(300) == [300])
        #expect(try headerY(1020) == [1000])
    }

    /// A list of estimated rows: each cell's preferred height replaces the estimate, and the
    /// rows below move down.
    @Test func estimatedHeightsTakeTheCellsPreferredSizes() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            counts = { 4 }
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(44)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(44)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            collection:registerClass_forCellWithReuseIdentifier(sizedCell(function(a) return struct.CGSize(a.size.width, 30 + a.indexPath.item * 10) end), "cell")
            """)
        try t.show(controller: "controller")
        try Self.expectFrames(
            t, [(0, 0), (0, 1), (0, 2), (0, 3)],
            [[0, 0, 400, 30], [0, 30, 400, 40], [0, 70, 400, 50], [0, 120, 400, 60]])
        #expect(try t.run("return collection.contentSize.height") == [180])
    }

    /// A cell whose label wraps fits its height at the width its group gives it.
    @Test func aSelfSizingCellWrapsItsTextAtItsGroupsWidth() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            Wrapping = objc.UICollectionViewCell:createSubclass("Wrapping")
            function Wrapping:initWithFrame(frame)
                self[objc.UICollectionViewCell]:initWithFrame(frame)
                local label = objc.UILabel:new()
                label.numberOfLines = 0
                label.translatesAutoresizingMaskIntoConstraints = false
                self.contentView:addSubview(label)
                local content = self.contentView
                label.topAnchor:constraintEqualToAnchor(content.topAnchor).active = true
                label.bottomAnchor:constraintEqualToAnchor(content.bottomAnchor).active = true
                label.leadingAnchor:constraintEqualToAnchor(content.leadingAnchor).active = true
                label.trailingAnchor:constraintEqualToAnchor(content.trailingAnchor).active = true
                self.label = label
                return self
            end
            function Source:collectionView_cellForItemAtIndexPath(view, path)
                local cell = view:dequeueReusableCellWithReuseIdentifier_forIndexPath("cell", path)
                cell.label.text = path.item == 0 and "Short" or string.rep("A longer line of words that wraps. ", 8)
                return cell
            end
            counts = { 2 }
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(44)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:estimatedDimension(44)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            collection:registerClass_forCellWithReuseIdentifier(Wrapping, "cell")
            """)
        try t.show(controller: "controller")
        let results = try t.run(
            """
            local short, long = frame(0, 0), frame(0, 1)
            local line = objc.UIFont:systemFontOfSize(17).lineHeight
            return short[3], long[3], short[4] < 30, long[4] > 3 * line, long[2] == short[4]
            """)
        // Both keep the group's 400-point width; the long text takes several lines at that width.
        #expect(results == [400, 400, true, true, true])
    }

    @Test func aSectionBackgroundSpansItsContentBehindTheCells() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            Background = objc.UICollectionReusableView:createSubclass("Background")
            counts = { 4 }
            local item = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(0.5), Dimension:fractionalHeightDimension(1)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { item })
            local section = Section:sectionWithGroup(group)
            section.contentInsets = struct.NSDirectionalEdgeInsets(20, 20, 20, 20)
            local background = objc.NSCollectionLayoutDecorationItem:backgroundDecorationItemWithElementKind("background")
            background.contentInsets = struct.NSDirectionalEdgeInsets(10, 10, 10, 10)
            section.decorationItems = { background }
            section.boundarySupplementaryItems = {
                objc.NSCollectionLayoutBoundarySupplementaryItem:boundarySupplementaryItemWithLayoutSize_elementKind_alignment(
                    size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(30)), "header", Alignment.Top),
            }
            local layout = objc.UICollectionViewCompositionalLayout:newWithSection(section)
            layout:registerClass_forDecorationViewOfKind(Background, "background")
            show(layout)
            """)
        try t.show(controller: "controller")
        // The content runs from under the 30-point header to its bottom inset: 30 to 30 + 20 +
        // 2 rows of 50 + 20 = 170; the background is that, 10 in from each side.
        let results = try t.run(
            """
            for index, view in ipairs(collection.subviews) do
                if view:isKindOfClass(Background) then
                    local f = view.frame
                    local firstCell
                    for other, candidate in ipairs(collection.subviews) do
                        if candidate:isKindOfClass(objc.UICollectionViewCell) then firstCell = firstCell or other end
                    end
                    return f.origin.x, f.origin.y, f.size.width, f.size.height, index < firstCell
                end
            end
            """)
        #expect(results == [10, 40, 380, 120, true])
    }

    @Test func badDescriptionsAreUIKitsErrorsNamingTheValue() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        #expect(
            t.error("size(Dimension:fractionalWidthDimension(1.5), Dimension:absoluteDimension(1))")
                .contains("a width of 1.5 of the container's width is over its container"))
        #expect(
            t.error("size(Dimension:absoluteDimension(1), Dimension:fractionalHeightDimension(2))")
                .contains("a height of 2.0 of the container's height is over its container"))
        // A height in fractions of the width may be more than the width.
        #expect(t.error("size(Dimension:fractionalWidthDimension(1), Dimension:fractionalWidthDimension(4 / 3))") == "")
        #expect(t.error("Dimension:absoluteDimension(-2)").contains("-2.0 is not a size"))
        #expect(t.error("Dimension:absoluteDimension(0/0)").contains("is not a size"))
        #expect(
            t.error(
                "Group:horizontalGroupWithLayoutSize_subitem_count(size(Dimension:absoluteDimension(1), Dimension:absoluteDimension(1)), Item:itemWithLayoutSize(size(Dimension:absoluteDimension(1), Dimension:absoluteDimension(1))), 1e9)"
            ).contains("count must be from 1 to 10000"))
        try t.run(
            """
            local item = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(500), Dimension:absoluteDimension(50)))
            local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { item })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(group)))
            """)
        try t.show(controller: "controller")
        #expect(t.errors.contains { $0.contains("its item (500.0 x 50.0) does not fit in the group (400.0 x 50.0)") })
        // A sliver of an item would fill a group forever.
        try t.run(
            """
            local sliver = Item:itemWithLayoutSize(size(Dimension:absoluteDimension(0.001), Dimension:absoluteDimension(50)))
            local row = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { sliver })
            show(objc.UICollectionViewCompositionalLayout:newWithSection(Section:sectionWithGroup(row)))
            """)
        try t.show(controller: "controller")
        #expect(t.errors.contains { $0.contains("more than 10000 items of 0.001 x 50.0 fit in the group") })
        try t.run("show(objc.UICollectionViewCompositionalLayout:newWithSectionProvider(function() return nil end))")
        try t.show(controller: "controller")
        #expect(t.errors.contains { $0.contains("the section provider returned nil for section 0") })
        // The host goes on.
        #expect(try t.run("return 1 + 1") == [2])
    }
}
