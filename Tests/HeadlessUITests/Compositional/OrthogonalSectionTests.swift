import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Orthogonal sections: a row of groups across the section, which a horizontal drag scrolls
/// on its own and which comes to rest as its behavior says. Frames are worked out by hand.
@Suite struct OrthogonalSectionTests {
    /// Section 0: five 100-point groups, 0.8 of the 360 points inside 20-point side insets
    /// (288 wide), 10 apart, scrolling across with `behavior`; section 1: 50-point rows.
    private func start(behavior: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        try t.run(
            """
            counts = { 5, 4 }
            local Behavior = objc.NSCollectionLayoutSection.OrthogonalScrollingBehavior
            local full = Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
            layout = objc.UICollectionViewCompositionalLayout:newWithSectionProvider(function(index)
                if index == 1 then
                    return Section:sectionWithGroup(Group:horizontalGroupWithLayoutSize_subitems(
                        size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { full }))
                end
                local section = Section:sectionWithGroup(Group:horizontalGroupWithLayoutSize_subitems(
                    size(Dimension:fractionalWidthDimension(0.8), Dimension:absoluteDimension(100)), { full }))
                section.interGroupSpacing = 10
                section.contentInsets = struct.NSDirectionalEdgeInsets(0, 20, 0, 20)
                section.orthogonalScrollingBehavior = Behavior.\(behavior)
                section.visibleItemsInvalidationHandler = function(items, offset, environment)
                    seen = { count = #items, offset = offset.x, width = environment.container.contentSize.width }
                    for _, item in ipairs(items) do item.alpha = 0.5 end
                end
                return section
            end)
            show(layout)
            function across(from, to)
                simulate.drag { from = { x = from, y = 50 }, to = { x = to, y = 50 }, steps = 20 }
                simulate.advance(3)
            end
            """)
        try t.show(controller: "controller")
        return t
    }

    private func x(_ t: TestWorld, _ item: Int) throws -> Double {
        try t.run("return frame(0, \(item))[1]").first?.numberValue ?? .nan
    }

    @Test func theGroupsRunAcrossTheSectionAndTheNextSectionFollowsTheRow() throws {
        let t = try start(behavior: "Continuous")
        for item in 0..<5 {
            #expect(
                try t.run("return table.unpack(frame(0, \(item)))") == [.number(20 + Double(item) * 298), 0, 288, 100])
        }
        #expect(try t.run("return table.unpack(frame(1, 0))") == [0, 100, 400, 50])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func groupPagingRestsOnTheNearestGroupFromWhereTheDragBegan() throws {
        let t = try start(behavior: "GroupPaging")
        try t.run("across(300, 100)")
        // 200 points along: the second group's leading edge (298) is nearer than the first's.
        #expect(try x(t, 1) == 20)
        // The handler saw the row's offset and the shown cells, and dimmed them.
        #expect(
            try t.run(
                "return seen.offset, seen.width, seen.count, collection:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0)).alpha"
            ) == [298, 400, 3, 0.5])
        // A drag on the next section leaves the row where it is.
        try t.run(
            "simulate.drag { from = { x = 300, y = 150 }, to = { x = 100, y = 150 }, steps = 20 } simulate.advance(1)")
        #expect(try x(t, 1) == 20)
    }

    @Test func pagingRestsAPageOfTheCollectionsWidthAlong() throws {
        let t = try start(behavior: "Paging")
        try t.run("across(350, 100)")
        #expect(try x(t, 0) == 20 - 400)
        // The row ends at its last group and trailing inset: 1520 less the 400 shown.
        try t.run("for _ = 1, 5 do across(370, 10) end")
        #expect(try x(t, 4) == 20 + 4 * 298 - 1120)
    }

    /// The row glides to where it rests, frame by frame on the virtual clock, as UIKit's
    /// embedded scroll view decelerates.
    @Test func theRowGlidesToItsRestingPlace() throws {
        let t = try start(behavior: "GroupPaging")
        try t.run("simulate.flick { from = { x = 300, y = 50 }, to = { x = 200, y = 50 }, duration = 0.2 }")
        // Let go 100 points along, the second group at 318 - 100 = 218: it heads for 20.
        let released = try x(t, 1)
        try t.run("simulate.advance(0.1)")
        let gliding = try x(t, 1)
        #expect(released >= 200 && released <= 218, "\(released)")
        #expect(gliding < released && gliding > 20, "\(gliding)")
        try t.run("simulate.advance(3)")
        #expect(try x(t, 1) == 20)
    }

    @Test func anUnknownBehaviorIsAnErrorNamingIt() throws {
        let t = try TestWorld()
        try t.run(CompositionalLayoutTests.source)
        #expect(
            t.error(
                """
                local group = Group:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { Item:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1))) })
                Section:sectionWithGroup(group).orthogonalScrollingBehavior = 9
                """
            ).contains("9 is not a UICollectionLayoutSectionOrthogonalScrollingBehavior"))
    }
}
