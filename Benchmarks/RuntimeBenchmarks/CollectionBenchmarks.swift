import BenchWorkloads
import Benchmark
import CMallocInfo
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge

/// Item sizes from Swift: the native counterpart of the Lua delegate below, same sizes.
final class NativeItemSizes: BridgeObject, FlowLayoutSizing {
    func flowLayout(_ layout: FlowLayout, sizeForItem item: Int, inSection section: Int) -> CGSize? {
        CGSize(width: 40 + Double(item % 7) * 10, height: 50)
    }
}

func measureLua(_ benchmark: Benchmark, _ source: String, in makeWorld: () throws -> UIWorld) throws {
    let world = try makeWorld()
    let chunk = try world.bridge.state.load(source, chunkName: "=bench")
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations { blackHole(try chunk.call()) }
    benchmark.stopMeasurement()
}

/// The item counts of the flow layout benchmarks, with the names the report uses.
let flowSizes: [(String, Int)] = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)]
/// Few iterations: a million items take a while.
var largeLayoutConfiguration: Benchmark.Configuration {
    BenchRounds.share(.init(warmupIterations: 1, maxDuration: .seconds(4), maxIterations: 10))
}

/// The Texture walkthrough's mosaic as Resources/Examples/Mosaic/MosaicLayout.lua places it,
/// written with plain Lua tables: the same placement into the same arrays, the same header
/// records, an index-path table per delegate call; no bridge.
let plainMosaic = """
    local ratios, sections, counts, width = ...
    local columns, spacing, inset, headerHeight = 3, 8, 8, 44
    local columnWidth = (width - 2 * inset - (columns - 1) * spacing) / columns
    local placedSections, headers, top = {}, {}, 0
    for section = 0, sections - 1 do
        headers[#headers + 1] = { indexPath = { item = 0, section = section },
                                  frame = { origin = { x = 0, y = top }, size = { width = width, height = headerHeight } } }
        local xs, ys, heights, tallest = {}, {}, {}, 0
        local bottoms = {}
        for column = 1, columns do bottoms[column] = top + headerHeight + inset end
        for item = 1, counts[section + 1] do
            local shortest = 1
            for column = 2, columns do
                if bottoms[column] < bottoms[shortest] then shortest = column end
            end
            local height = columnWidth * ratios({ item = item - 1, section = section })
            xs[item], ys[item], heights[item] = inset + (shortest - 1) * (columnWidth + spacing), bottoms[shortest], height
            if height > tallest then tallest = height end
            bottoms[shortest] = bottoms[shortest] + height + spacing
        end
        local bottom = top + headerHeight + inset
        for column = 1, columns do bottom = math.max(bottom, bottoms[column]) end
        placedSections[section + 1] = { top = top, bottom = bottom, xs = xs, ys = ys, heights = heights, tallest = tallest }
        top = bottom + inset
    end
    return #placedSections, top
    """

/// The flow layout's placement of `n` items in one section, written with plain Lua tables: a
/// delegate function per item given an index-path table and returning a size table, lines
/// filled left to right with the flow layout's default spacing, each item's place kept.
let plainFlow = """
    local n, width = ...
    local function sizeForItem(path) return { width = 40 + path.item % 7 * 10, height = 50 } end
    local interitem, lineSpacing = 10, 10
    local xs, ys, x, y, lineHeight = {}, {}, 0, 0, 0
    for item = 0, n - 1 do
        local size = sizeForItem({ item = item, section = 0 })
        if x > 0 and x + size.width > width then
            x, y, lineHeight = 0, y + lineHeight + lineSpacing, 0
        end
        xs[item + 1], ys[item + 1] = x, y
        x = x + size.width + interitem
        if size.height > lineHeight then lineHeight = size.height end
    end
    return y + lineHeight
    """

/// Partial invalidations in one measurement (Tools/BenchReport divides by the same number).
let invalidationsPerRun = 100

/// Bytes the allocator has handed out and not taken back: glibc's in-use blocks of its arena
/// and its separately mapped large blocks.
func allocatedBytes() -> Int {
    let info = mallinfo2()
    return info.uordblks + info.hblkhd
}

let collectionBenchmarks: @Sendable () -> Void = {
    for (name, items) in flowSizes {
        let configuration = items >= 100_000 ? largeLayoutConfiguration : Benchmark.defaultConfiguration
        Benchmark("flow: prepareLayout, \(name) items, Swift delegate", configuration: configuration) { benchmark in
            let sizes = NativeItemSizes()
            try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
                try makeFlowWorld(items: items, nativeSizes: sizes)
            }
        }
        // A million Lua calls take over two seconds, and package-benchmark's JMH export drops a
        // benchmark whose runs are that long; 100k items is a workload of `BridgeRows`.
        if items < 1_000_000, items != 100_000 {
            Benchmark("flow: prepareLayout, \(name) items, Lua delegate", configuration: configuration) { benchmark in
                try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
                    try makeFlowWorld(items: items)
                }
            }
        }
    }
    Benchmark("flow: prepareLayout, 10k items, Lua delegate returning struct.CGSize") { benchmark in
        try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
            try makeFlowWorld(items: 10_000, size: "struct.CGSize(40 + path.item % 7 * 10, 50)")
        }
    }
    Benchmark("flow: the same sizes and placement in plain Lua, 10k items") { benchmark in
        let lua = try LuaState(options: unlimited)
        defer { lua.close() }
        let chunk = try lua.load(plainFlow, chunkName: "=bench")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try chunk.call(.integer(10_000), .number(375))) }
        benchmark.stopMeasurement()
    }
    // A screenful at 200 places down the content, each query turning its elements into attributes.
    let screenfuls = """
        local height = layout:collectionViewContentSize().height - 667
        local found = 0
        for i = 0, 199 do found = found + #layout:layoutAttributesForElementsInRect(struct.CGRect(0, height * i / 199, 375, 667)) end
        return found
        """
    for (name, items) in [flowSizes[0], flowSizes[3]] {
        Benchmark("flow: screenful rect query, \(name) items", configuration: largeLayoutConfiguration) { benchmark in
            let sizes = NativeItemSizes()
            try measureLua(benchmark, screenfuls) { try makeFlowWorld(items: items, nativeSizes: sizes) }
        }
    }
    // A partial invalidation takes microseconds: one measurement holds `invalidationsPerRun` of
    // them (the report divides), so that the clock and the harness do not dominate it.
    Benchmark("flow: invalidate 1 item of 100k, then prepare", configuration: largeLayoutConfiguration) { benchmark in
        let sizes = NativeItemSizes()
        try measureLua(
            benchmark,
            """
            for _ = 1, \(invalidationsPerRun) do
                local context = objc.UICollectionViewFlowLayoutInvalidationContext:new()
                context:invalidateItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(50000, 0) }
                layout:invalidateLayoutWithContext(context)
                layout:prepareLayout()
            end
            """
        ) { try makeFlowWorld(items: 100_000, nativeSizes: sizes) }
    }
    Benchmark("flow: invalidate everything of 100k, then prepare", configuration: largeLayoutConfiguration) {
        benchmark in
        let sizes = NativeItemSizes()
        try measureLua(benchmark, "layout:invalidateLayout() layout:prepareLayout()") {
            try makeFlowWorld(items: 100_000, nativeSizes: sizes)
        }
    }
    // What a laid-out item costs: the allocator's count with a million items laid out, less
    // the same layout prepared over none.
    let bytesPerItem = BenchmarkMetric.custom("bytes per laid-out item", useScalingFactor: false)
    Benchmark(
        "flow: memory per laid-out item, 1M items",
        configuration: .init(metrics: [bytesPerItem, .wallClock, .throughput], warmupIterations: 0, maxIterations: 1)
    ) { benchmark in
        let sizes = NativeItemSizes()
        let world = try makeFlowWorld(items: 0, nativeSizes: sizes)
        let relayout = try world.bridge.state.load(
            """
            count = ...
            controller.collectionView:reloadData()
            layout:prepareLayout()
            """, chunkName: "=bench")
        try relayout.call(.integer(0))
        let empty = allocatedBytes()
        benchmark.startMeasurement()
        try relayout.call(.integer(1_000_000))
        benchmark.stopMeasurement()
        benchmark.measurement(bytesPerItem, (allocatedBytes() - empty) / 1_000_000)
    }
    Benchmark("mosaic: Lua layout through the bridge, 10k items") { benchmark in
        try measureLua(benchmark, "layout:prepareLayout()") { try makeMosaicWorld() }
    }
    Benchmark("mosaic: same algorithm in plain Lua tables, 10k items") { benchmark in
        let lua = try LuaState(options: unlimited)
        defer { lua.close() }
        let chunk = try lua.load(plainMosaic, chunkName: "=bench")
        let ratio = try lua.load("local path = ... return 0.5 + path.item % 7 / 6", chunkName: "=ratio")
        let counts = try lua.load("return { \(mosaicItems) }", chunkName: "=counts").call()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try chunk.call(.function(ratio), .integer(1), counts.first ?? .nil, .number(375)))
        }
        benchmark.stopMeasurement()
    }
}
