import Foundation
import HeadlessUI
import LuaRuntime

/// Options without a time budget, with the collector in `collector`'s mode.
public func unlimited(collector: LuaState.Collector) -> LuaState.Options {
    var options = unlimited
    options.collector = collector
    return options
}

/// Items of the mosaic world.
public let mosaicItems = 10_000

/// The bundled examples, found from this file's place in the source tree (BenchWorkloads does
/// not link LiveHost, whose `BundledExamples` finds them for the app).
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources/Examples")

/// A world showing the Mosaic example's layout over `mosaicItems` items.
public func makeMosaicWorld(collector: LuaState.Collector = .incremental) throws -> UIWorld {
    let examples = examplesFolder.appendingPathComponent("Mosaic").path
    let world = try UIWorld(options: unlimited(collector: collector))
    try world.bridge.state.run(
        """
        package.path = "\(examples)/?.lua;" .. package.path
        local MosaicLayout = require "MosaicLayout"
        local Controller = objc.UICollectionViewController:createSubclass("Controller")
        function Controller:collectionView_numberOfItemsInSection(collectionView, section) return \(mosaicItems) end
        function Controller:collectionView_cellForItemAtIndexPath(collectionView, path)
            return collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("Cell", path)
        end
        function Controller:aspectRatioForItemAtIndexPath(path) return 0.5 + path.item % 7 / 6 end
        local mosaic = MosaicLayout:new()
        controller = Controller:newWithCollectionViewLayout(mosaic)
        mosaic.delegate = controller
        controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "Cell")
        layout = mosaic
        """, chunkName: "=mosaic")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    return world
}

/// What a save makes a live host do, over and over: the module runs again, replacing its
/// class's methods, and what it builds (views with finalizers, tables, closures) becomes
/// garbage when the next run replaces it.
let reloadedModule = """
    Churn = Churn or objc.UIView:createSubclass "Churn"
    for i = 1, 10 do
        Churn["step" .. i] = function(self, x) return x + i end
    end
    function Churn:layoutSubviews()
        local width = self.bounds.size.width
        for index, subview in ipairs(self.subviews) do
            subview.frame = struct.CGRect(0, index * 10, width, 10)
        end
    end
    local root = Churn:newWithFrame(struct.CGRect(0, 0, 320, 600))
    for i = 1, 50 do
        local label = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
        label.tag = root:step3(i)
        root:addSubview(label)
    end
    root:layoutIfNeeded()
    built = { root = root, names = {} }
    for i = 1, 50 do built.names[i] = "view " .. i end
    """

/// Runs of the reloaded module in a round.
public let reloadsPerRound = 100

/// The workloads that make the most short-lived garbage, each in both collector modes: what
/// the collector's mode was chosen on (docs/bridge-performance.md).
public enum CollectorRows {
    static func flow(_ collector: LuaState.Collector) -> Workload {
        Workload("collector: flow prepareLayout, 100k items, Lua delegate, \(collector)", isLong: true) {
            let world = try makeFlowWorld(items: 100_000, collector: collector)
            let chunk = try world.bridge.state.load(BridgeRows.layoutChunk, chunkName: "=bench")
            return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
        }
    }

    static func mosaic(_ collector: LuaState.Collector) -> Workload {
        Workload("collector: mosaic prepareLayout, 10k items, \(collector)") {
            let world = try makeMosaicWorld(collector: collector)
            let chunk = try world.bridge.state.load("layout:prepareLayout()", chunkName: "=bench")
            return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
        }
    }

    static func typing(_ collector: LuaState.Collector) -> Workload {
        Workload("collector: typing 1,000 characters, \(collector)") {
            let world = try makeTypingWorld(collector: collector)
            let chunk = try world.bridge.state.load(BridgeRows.typingChunk, chunkName: "=typing")
            return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
        }
    }

    static func reload(_ collector: LuaState.Collector) -> Workload {
        Workload("collector: a module run again \(reloadsPerRound) times, \(collector)") {
            let world = try UIWorld(options: unlimited(collector: collector))
            let chunk = try world.bridge.state.load(reloadedModule, chunkName: "=Churn.lua")
            return {
                try withExtendedLifetime(world) {
                    for _ in 0..<reloadsPerRound { consume(try chunk.call()) }
                }
            }
        }
    }

    /// Generational against incremental: at most 1 where the generational mode wins.
    public static let comparisons = [flow, mosaic, typing, reload].map { workload in
        WorkloadComparison(candidate: workload(.generational), baseline: workload(.incremental), goal: 1)
    }

    /// Every workload of the comparisons, once.
    public static var workloads: [Workload] { comparisons.workloads }
}
