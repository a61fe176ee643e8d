import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// Diffable data sources: snapshots by identifier, applied as batch updates that keep the
/// cells of unchanged items, with cell registrations configuring the cells.
@Suite struct DiffableDataSourceTests {
    /// A list of 50-point rows in a 400 x 600 collection view whose cells come from a
    /// registration; `made` counts the cells the provider configured, `cellFor(item)` finds an
    /// item's cell.
    static let source = """
        local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
        local function size(w, h) return Size:sizeWithWidthDimension_heightDimension(w, h) end
        local item = objc.NSCollectionLayoutItem:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
        local group = objc.NSCollectionLayoutGroup:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(50)), { item })
        local layout = objc.UICollectionViewCompositionalLayout:newWithSection(objc.NSCollectionLayoutSection:sectionWithGroup(group))
        controller = objc.UIViewController:new()
        collection = objc.UICollectionView:newWithFrame_collectionViewLayout(struct.CGRect(0, 0, 400, 600), layout)
        collection.contentInsetAdjustmentBehavior = 2
        controller.view:addSubview(collection)
        made = 0
        registration = objc.UICollectionViewCellRegistration:registrationWithCellClass_configurationHandler(objc.UICollectionViewCell,
            function(cell, indexPath, item)
                made = made + 1
                cell.item = item
            end)
        dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collection, function(view, indexPath, item)
            return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(registration, indexPath, item)
        end)
        function cellFor(item)
            local path = dataSource:indexPathForItemIdentifier(item)
            return path and collection:cellForItemAtIndexPath(path)
        end
        function snapshotOf(sections)
            local snapshot = objc.NSDiffableDataSourceSnapshot:new()
            for _, section in ipairs(sections) do
                snapshot:appendSectionsWithIdentifiers { section[1] }
                snapshot:appendItemsWithIdentifiers_intoSectionWithIdentifier(section[2], section[1])
            end
            return snapshot
        end
        """

    @Test func aSnapshotKeepsSectionsAndItemsByIdentifier() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local s = objc.NSDiffableDataSourceSnapshot:new()
            s:appendSectionsWithIdentifiers { "fruit", "veg" }
            s:appendItemsWithIdentifiers_intoSectionWithIdentifier({ "apple", "pear" }, "fruit")
            s:appendItemsWithIdentifiers { "leek", 7 }
            s:insertItemsWithIdentifiers_beforeItemWithIdentifier({ "fig" }, "pear")
            s:moveItemWithIdentifier_afterItemWithIdentifier("apple", "leek")
            s:deleteItemsWithIdentifiers { 7.0 }
            return s.numberOfItems, s.numberOfSections, table.concat(s.itemIdentifiers, ","),
                s:indexOfItemIdentifier("leek"), s:sectionIdentifierForSectionContainingItemIdentifier("apple"),
                s:numberOfItemsInSection("fruit"), s:indexOfSectionIdentifier("veg")
            """)
        #expect(results == [4, 2, "fig,pear,leek,apple", 2, "veg", 2, 1])
    }

    @Test func duplicateAndMissingIdentifiersAreErrorsNamingThem() throws {
        let t = try TestWorld()
        try t.run(
            "s = objc.NSDiffableDataSourceSnapshot:new() s:appendSectionsWithIdentifiers { 1 } s:appendItemsWithIdentifiers { 'a' }"
        )
        #expect(
            t.error("s:appendItemsWithIdentifiers { 'b', 'a' }").contains(
                "supplied item identifiers are not unique: \"a\" is there twice"))
        #expect(
            t.error("s:appendSectionsWithIdentifiers { 1.0 }").contains(
                "supplied section identifiers are not unique: 1 is there twice"))
        #expect(
            t.error("s:deleteItemsWithIdentifiers { 'zzz' }").contains("item identifier \"zzz\" is not in the snapshot")
        )
        #expect(
            t.error(
                "s:appendItemsWithIdentifiers_intoSectionWithIdentifier({ 'd' }, 2)"
            ).contains("section identifier 2 is not in the snapshot"))
        #expect(t.error("s:appendItemsWithIdentifiers { function() end }").contains("an identifier must be"))
        // Tables are identifiers by identity: two equal-looking tables are two items.
        #expect(try t.run("s:appendItemsWithIdentifiers { {}, {} } return s.numberOfItems") == [3])
    }

    /// Model objects are common identifiers: their script fields last while a snapshot holds
    /// them, and NaN, which equals nothing, is refused.
    @Test func aSnapshotKeepsItsObjectIdentifiersScriptFields() throws {
        let t = try TestWorld()
        try t.run(
            """
            Model = objc.NSObject:createSubclass("Model")
            s = objc.NSDiffableDataSourceSnapshot:new()
            s:appendSectionsWithIdentifiers { Model:new() }
            local first, second = Model:new(), Model:new()
            first.title, second.title = "first", "second"
            s:appendItemsWithIdentifiers { first, second }
            s:deleteItemsWithIdentifiers { second }
            copy = s:copy()
            first, second = nil, nil
            collectgarbage() collectgarbage()
            """)
        #expect(try t.run("return s.itemIdentifiers[1].title, s.numberOfItems") == ["first", 1])
        #expect(t.error("s:appendItemsWithIdentifiers { 0/0 }").contains("a number (not NaN)"))
    }

    @Test func applyingASnapshotKeepsTheCellsOfItemsThatStay() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            "dataSource:applySnapshot_animatingDifferences(snapshotOf { { 'main', { 'a', 'b', 'c', 'd' } } }, false)")
        try t.show(controller: "controller")
        let results = try t.run(
            """
            local a, c, d = cellFor('a'), cellFor('c'), cellFor('d')
            local before = made
            done = nil
            dataSource:applySnapshot_animatingDifferences_completion(snapshotOf { { 'main', { 'd', 'a', 'x', 'c' } } }, true,
                function() done = true end)
            -- d moved to the top, b went, x came: only x is configured; the others keep their cells.
            return made - before, cellFor('a') == a, cellFor('c') == c, cellFor('d') == d, cellFor('x').item, done
            """)
        #expect(results == [1, true, true, true, "x", .nil])
        try t.world.layoutPass()
        // On the clock: b's cell fades out and stays among the subviews until the update ends.
        let cells = """
            local count = 0
            for _, view in ipairs(collection.subviews) do if view:isKindOfClass(objc.UICollectionViewCell) then count = count + 1 end end
            return count
            """
        #expect(try t.run(cells) == [5])
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return done, cellFor('d').frame.origin.y, cellFor('c').frame.origin.y, #collection.visibleCells")
                == [true, 0, 150, 4])
    }

    @Test func reconfiguringConfiguresTheSameCellAgain() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run("dataSource:applySnapshot_animatingDifferences(snapshotOf { { 'main', { 'a', 'b' } } }, false)")
        try t.show(controller: "controller")
        let results = try t.run(
            """
            local b = cellFor('b')
            b.item = "stale"
            local before = made
            local snapshot = dataSource:snapshot()
            snapshot:reconfigureItemsWithIdentifiers { 'b' }
            dataSource:applySnapshot_animatingDifferences(snapshot, false)
            return made - before, cellFor('b') == b, b.item
            """)
        #expect(results == [1, true, "b"])
    }

    /// A registration made inside the cell provider is UIKit's error when it dequeues: one per
    /// cell would defeat reuse. The host reports it and goes on; a registration made before
    /// the data source serves the next pass.
    @Test func aRegistrationMadeInsideTheCellProviderIsRefused() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collection,
                function(view, indexPath, item)
                    local inside = objc.UICollectionViewCellRegistration:registrationWithCellClass_configurationHandler(
                        objc.UICollectionViewCell, function(cell) cell.item = item end)
                    return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(inside, indexPath, item)
                end)
            dataSource:applySnapshot_animatingDifferences(snapshotOf { { 'main', { 'a' } } }, false)
            """)
        try t.show(controller: "controller")
        #expect(
            t.errors.contains {
                $0.contains("a registration of UICollectionViewCell was made inside the data source's cell provider")
            },
            "\(t.errors)")
        try t.run(
            """
            dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collection,
                function(view, indexPath, item)
                    return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(registration, indexPath, item)
                end)
            dataSource:applySnapshotUsingReloadData(snapshotOf { { 'main', { 'a' } } })
            """)
        try t.world.layoutPass()
        #expect(try t.run("return cellFor('a').item") == ["a"])
    }

    @Test func sectionsMoveAndItemsCrossBetweenThem() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            "dataSource:applySnapshot_animatingDifferences(snapshotOf { { 1, { 'a', 'b' } }, { 2, { 'c' } } }, false)")
        try t.show(controller: "controller")
        let results = try t.run(
            """
            local a, c = cellFor('a'), cellFor('c')
            dataSource:applySnapshot_animatingDifferences(snapshotOf { { 2, { 'c', 'a' } }, { 1, { 'b' } }, { 3, { 'e' } } }, false)
            local path = dataSource:indexPathForItemIdentifier('a')
            return cellFor('a') == a, cellFor('c') == c, path.section, path.item, dataSource:sectionIdentifierForIndex(2),
                collection:numberOfSections()
            """)
        #expect(results == [true, true, 0, 1, 3, 3])
    }

    @Test func theDiffMovesTheFewestItems() {
        // 5 1 2 3 4: only 5 is out of order.
        #expect(SnapshotDiff.longestIncreasingRun([5, 1, 2, 3, 4]) == [false, true, true, true, true])
        #expect(SnapshotDiff.longestIncreasingRun([]) == [])
        #expect(SnapshotDiff.longestIncreasingRun([3, 2, 1]).count(where: { $0 }) == 1)
    }
}
