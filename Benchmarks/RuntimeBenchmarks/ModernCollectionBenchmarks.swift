import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A phone-sized world with a collection view of `sections` sections of `perSection` items,
/// three to a row, 100 points tall: laid out by a compositional layout (`compositional`) or by
/// a flow layout of the same item size. Lua globals: `collection`, `layout`, `sectionCount`.
func makeGridWorld(sections: Int, perSection: Int, compositional: Bool) throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        sectionCount = \(sections)
        local perSection = \(perSection)
        if \(compositional) then
            local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
            local function size(w, h) return Size:sizeWithWidthDimension_heightDimension(w, h) end
            local item = objc.NSCollectionLayoutItem:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1/3), Dimension:fractionalHeightDimension(1)))
            local group = objc.NSCollectionLayoutGroup:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(100)), { item })
            layout = objc.UICollectionViewCompositionalLayout:newWithSection(objc.NSCollectionLayoutSection:sectionWithGroup(group))
        else
            layout = objc.UICollectionViewFlowLayout:new()
            layout.itemSize = struct.CGSize(125, 100)
            layout.minimumInteritemSpacing = 0
            layout.minimumLineSpacing = 0
        end
        local Controller = objc.UICollectionViewController:createSubclass("Controller")
        function Controller:numberOfSectionsInCollectionView(collectionView) return sectionCount end
        function Controller:collectionView_numberOfItemsInSection(collectionView, section) return perSection end
        function Controller:collectionView_cellForItemAtIndexPath(collectionView, path)
            return collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("Cell", path)
        end
        controller = Controller:newWithCollectionViewLayout(layout)
        collection = controller.collectionView
        collection:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "Cell")
        """, chunkName: "=grid")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    try world.layoutPass()
    return world
}

/// A phone-sized list of `items` rows in one section, from a diffable data source. Lua
/// globals: `dataSource`, `snapshot` (the applied one), `shuffled` (the same less 100 items,
/// with 100 new ones and 100 moved) and `collection`.
func makeDiffableWorld(items: Int) throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        local items = \(items)
        local Dimension, Size = objc.NSCollectionLayoutDimension, objc.NSCollectionLayoutSize
        local function size(w, h) return Size:sizeWithWidthDimension_heightDimension(w, h) end
        local item = objc.NSCollectionLayoutItem:itemWithLayoutSize(size(Dimension:fractionalWidthDimension(1), Dimension:fractionalHeightDimension(1)))
        local group = objc.NSCollectionLayoutGroup:horizontalGroupWithLayoutSize_subitems(size(Dimension:fractionalWidthDimension(1), Dimension:absoluteDimension(44)), { item })
        local layout = objc.UICollectionViewCompositionalLayout:newWithSection(objc.NSCollectionLayoutSection:sectionWithGroup(group))
        controller = objc.UICollectionViewController:newWithCollectionViewLayout(layout)
        collection = controller.collectionView
        collection:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "Cell")
        dataSource = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collection, function(view, path, identifier)
            return view:dequeueReusableCellWithReuseIdentifier_forIndexPath("Cell", path)
        end)
        local identifiers = {}
        for i = 1, items do identifiers[i] = i end
        snapshot = objc.NSDiffableDataSourceSnapshot:new()
        snapshot:appendSectionsWithIdentifiers { 0 }
        snapshot:appendItemsWithIdentifiers(identifiers)
        shuffled = dataSource:snapshot()
        shuffled:appendSectionsWithIdentifiers { 0 }
        shuffled:appendItemsWithIdentifiers(identifiers)
        local step = items // 100
        local deleted, added = {}, {}
        for i = 1, 100 do
            deleted[i] = i * step
            added[i] = items + i
        end
        shuffled:deleteItemsWithIdentifiers(deleted)
        shuffled:insertItemsWithIdentifiers_beforeItemWithIdentifier(added, 1)
        for i = 1, 100 do shuffled:moveItemWithIdentifier_afterItemWithIdentifier(i * step - 1, items - 1) end
        dataSource:applySnapshot_animatingDifferences(snapshot, false)
        """, chunkName: "=diffable")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    try world.layoutPass()
    return world
}

nonisolated(unsafe) var modernWorlds: [String: UIWorld] = [:]

let modernCollectionBenchmarks: @Sendable () -> Void = {
    let measuring = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .milliseconds, warmupIterations: 1,
            maxDuration: .seconds(20),
            maxIterations: 20))
    for (title, compositional) in [
        ("compositional: prepareLayout, 100,000 items in 1,000 sections", true),
        ("flow: prepareLayout, the same 100,000 items in 1,000 sections", false),
    ] {
        Benchmark(title, configuration: measuring) { benchmark in
            try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
                try makeGridWorld(sections: 1_000, perSection: 100, compositional: compositional)
            }
        }
    }
    for (title, sections) in [
        ("compositional: a screenful rect query at 100,000 items", 1_000),
        ("compositional: a screenful rect query at 1,000 items", 10),
    ] {
        Benchmark(title) { benchmark in
            // Halfway down the content, one screen tall.
            try measureLua(
                benchmark,
                """
                local middle = collection.contentSize.height / 2
                return layout:layoutAttributesForElementsInRect(struct.CGRect(0, middle, 375, 667))
                """
            ) { try makeGridWorld(sections: sections, perSection: 100, compositional: true) }
        }
    }
    // Each run applies the change and then its reverse, so that every run starts from the same
    // snapshot; the baseline reloads twice to match.
    for (title, source) in [
        (
            "diffable: applying a snapshot that inserts, deletes and moves 100 of 10,000 items, to layout done",
            "dataSource:applySnapshot_animatingDifferences(shuffled, false) dataSource:applySnapshot_animatingDifferences(snapshot, false)"
        ),
        (
            "diffable: reloadData of the same 10,000 items, to layout done, twice",
            "collection:reloadData() collection:layoutIfNeeded() collection:reloadData() collection:layoutIfNeeded()"
        ),
    ] {
        Benchmark(title, configuration: measuring) { benchmark in
            try measureLua(benchmark, source) { try makeDiffableWorld(items: 10_000) }
        }
    }
    // What a laid-out item costs: the allocator's count with 100,000 items laid out, less the
    // same layout prepared over none.
    let bytesPerItem = BenchmarkMetric.custom("bytes per laid-out item", useScalingFactor: false)
    Benchmark(
        "compositional: memory per laid-out item, 100k items",
        configuration: .init(metrics: [bytesPerItem, .wallClock, .throughput], warmupIterations: 0, maxIterations: 1)
    ) { benchmark in
        let world = try makeGridWorld(sections: 0, perSection: 100, compositional: true)
        let relayout = try world.bridge.state.load(
            """
            sectionCount = ...
            collection:reloadData()
            layout:prepareLayout()
            """, chunkName: "=bench")
        try relayout.call(.integer(0))
        let empty = allocatedBytes()
        benchmark.startMeasurement()
        try relayout.call(.integer(1_000))
        benchmark.stopMeasurement()
        benchmark.measurement(bytesPerItem, (allocatedBytes() - empty) / 100_000)
    }
}
