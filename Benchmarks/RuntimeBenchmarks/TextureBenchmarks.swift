import BenchWorkloads
import Benchmark
import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// The seed's image cell, two ways, each measured for `textureItems` items at the phone's
/// width: as a Texture cell node (an image node in a ratio spec, in a vertical stack, inset by
/// 10), or as a self-sizing UIKit cell whose image view Auto Layout places the same way.
let textureItems = 10_000

/// Shapes of the pictures (height over width), item by item.
private let textureRatios = "local ratios = { 1.5, 0.75, 1, 1.25, 0.6, 1.33, 0.5 }"

/// A collection node of `textureItems` image cell nodes in a flow layout. Lua global:
/// `measureAll()`, which makes and measures every node again (a reload, then the layout pass).
func makeTextureCollectionWorld() throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        \(textureRatios)
        \(imageCellNode)
        \(collectionController(count: textureItems, cellClass: "ImageCellNode"))
        controller = Controller:new()
        function measureAll()
            controller.collectionNode:reloadData()
            simulate.frames(1)
        end
        """, chunkName: "=texture")
    try world.setRoot(world.bridge.state.object(of: world.bridge.state.global("controller"), as: ViewController.self))
    try world.layoutPass()
    return world
}

/// An ASViewController over a collection node of `count` nodes of `cellClass` in a flow
/// layout, made with the item's ratio (`ratios` in the chunk).
private func collectionController(count: Int, cellClass: String) -> String {
    """
    local Controller = objc.ASViewController:createSubclass("Controller")
    Controller:declareProtocol("ASCollectionDataSource")
    function Controller:init()
        self.collectionNode = objc.ASCollectionNode:newWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
        self[objc.ASViewController]:initWithNode(self.collectionNode)
        self.collectionNode.dataSource = self
        return self
    end
    function Controller:collectionNode_numberOfItemsInSection(node, section) return \(count) end
    function Controller:collectionNode_nodeForItemAtIndexPath(node, path)
        return \(cellClass):newWithRatio(ratios[path.item % #ratios + 1])
    end
    """
}

/// The seed's cell node, its image node standing for a picture of the item's shape.
private let imageCellNode = """
    local Defines = require "AsyncDisplayKit.ASStackLayoutDefines"
    ImageCellNode = objc.ASCellNode:createSubclass("ImageCellNode")
    function ImageCellNode:initWithRatio(ratio)
        self[objc.ASCellNode]:init()
        self.ratio = ratio
        self.imageNode = objc.ASImageNode:new()
        self:addSubnode(self.imageNode)
        return self
    end
    function ImageCellNode:layoutSpecThatFits(constrainedSize)
        local ratio = objc.ASRatioLayoutSpec:ratioLayoutSpecWithRatio_child(self.ratio, self.imageNode)
        local stack = objc.ASStackLayoutSpec:stackLayoutSpecWithDirection_spacing_justifyContent_alignItems_children(
            Defines.ASStackLayoutDirection.Vertical, 0, Defines.ASStackLayoutJustifyContent.Start,
            Defines.ASStackLayoutAlignItems.Stretch, { ratio })
        return objc.ASInsetLayoutSpec:insetLayoutSpecWithInsets_child(struct.UIEdgeInsets(10, 10, 10, 10), stack)
    end
    """

/// The same cell in UIKit: an image view inset by 10 in the content view, its height its
/// width times the item's ratio, measured as a self-sizing cell is, at the phone's width.
/// Lua global: `measureAll()`.
func makeSelfSizingCellWorld() throws -> UIWorld {
    let world = try UIWorld(options: unlimited)
    try world.bridge.state.run(
        """
        \(textureRatios)
        local Cell = objc.UICollectionViewCell:createSubclass("Cell")
        function Cell:initWithFrame(frame)
            self[objc.UICollectionViewCell]:initWithFrame(frame)
            local image = objc.UIImageView:new()
            image.translatesAutoresizingMaskIntoConstraints = false
            self.contentView:addSubview(image)
            local views = { image = image }
            for _, format in ipairs { "H:|-10-[image]-10-|", "V:|-10-[image]-10-|" } do
                self.contentView:addConstraints(
                    objc.NSLayoutConstraint:constraintsWithVisualFormat_options_metrics_views(format, 0, nil, views))
            end
            self.image = image
            return self
        end
        -- A reused cell shows another item: its shape's constraint is replaced.
        function Cell:showRatio(ratio)
            if self.shape then self.shape.active = false end
            self.shape = self.image.heightAnchor:constraintEqualToAnchor_multiplier(self.image.widthAnchor, ratio)
            self.shape.active = true
        end
        local cell = Cell:newWithFrame(struct.CGRect(0, 0, 375, 100))
        local target = struct.CGSize(375, 0)
        function measureAll()
            local total = 0
            for item = 0, \(textureItems) - 1 do
                cell:showRatio(ratios[item % #ratios + 1])
                total = total + cell.contentView:systemLayoutSizeFittingSize_withHorizontalFittingPriority_verticalFittingPriority(
                    target, 1000, 50).height
            end
            return total
        end
        """, chunkName: "=selfSizing")
    return world
}

/// `textureItems` spec trees (inset, stack, ratio over a node), built once, for the stack
/// rules alone.
func makeSpecTrees() -> [LayoutSpec] {
    let ratios = [1.5, 0.75, 1, 1.25, 0.6, 1.33, 0.5]
    return (0..<textureItems).map { item in
        let ratio = RatioLayoutSpec()
        (ratio.ratio, ratio.child) = (ratios[item % ratios.count], DisplayNode())
        let stack = StackLayoutSpec()
        (stack.direction, stack.children) = (.vertical, [ratio])
        let inset = InsetLayoutSpec()
        (inset.insets, inset.child) = (UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10), stack)
        return inset
    }
}

/// The same arithmetic as the spec trees' (insets, a stretching vertical stack of one, a ratio
/// floored to the pixel), in plain Lua tables, each layout a table of its frame.
let plainLuaSpecArithmetic = """
    local ratios = { 1.5, 0.75, 1, 1.25, 0.6, 1.33, 0.5 }
    local floor, max, min = math.floor, math.max, math.min
    local function clamp(value, low, high) return max(low, min(high, value)) end
    local function ratioLayout(ratio, range)
        local width = range.maxWidth
        local size = { width = width, height = clamp(floor(ratio * width * 2) / 2, range.minHeight, range.maxHeight) }
        return { x = 0, y = 0, width = size.width, height = size.height }
    end
    local function stackLayout(ratio, range)
        local child = ratioLayout(ratio, { minWidth = range.maxWidth, maxWidth = range.maxWidth, minHeight = 0,
            maxHeight = math.huge })
        local stretched = clamp(child.width, range.minWidth, range.maxWidth)
        return { x = 0, y = 0, width = stretched, height = clamp(child.height, range.minHeight, range.maxHeight),
            child = child }
    end
    local function insetLayout(ratio, range, inset)
        local child = stackLayout(ratio, { minWidth = max(0, range.minWidth - 2 * inset),
            maxWidth = max(0, range.maxWidth - 2 * inset), minHeight = max(0, range.minHeight - 2 * inset),
            maxHeight = range.maxHeight - 2 * inset })
        child.x, child.y = inset, inset
        return { width = clamp(child.width + 2 * inset, range.minWidth, range.maxWidth),
            height = clamp(child.height + 2 * inset, range.minHeight, range.maxHeight), child = child }
    end
    return function(count)
        local range = { minWidth = 0, maxWidth = 375, minHeight = 0, maxHeight = math.huge }
        local total = 0
        for item = 0, count - 1 do
            total = total + insetLayout(ratios[item % #ratios + 1], range, 10).height
        end
        return total
    end
    """

/// The cell node module of a collection node that keeps `count` live nodes, for the save row.
func textureSaveProject(count: Int) -> [String: String] {
    [
        "main.lua": """
        local Row = require "Row"
        \(textureRatios)
        \(collectionController(count: count, cellClass: "Row"))
        return Controller
        """,
        "Row.lua": imageCellNode.replacingOccurrences(of: "ImageCellNode", with: "Row") + "\nreturn Row\n",
    ]
}

nonisolated(unsafe) var textureWorlds: [String: UIWorld] = [:]
nonisolated(unsafe) var textureSpecTrees: [LayoutSpec] = []

let textureBenchmarks: @Sendable () -> Void = {
    let measuring = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(30),
            maxIterations: 20))
    for (title, make) in [
        ("texture: measuring 10,000 image cell nodes in a collection node", makeTextureCollectionWorld),
        ("texture: measuring the same 10,000 cells as self-sizing UIKit cells", makeSelfSizingCellWorld),
    ] {
        Benchmark(
            title, configuration: measuring,
            closure: { _ in
                if textureWorlds[title] == nil { textureWorlds[title] = try make() }
                try textureWorlds[title]?.bridge.state.run("measureAll()", chunkName: "=bench")
            },
            teardown: { textureWorlds[title] = nil })
    }
    Benchmark("texture: the stack rules of 10,000 cells' spec trees", configuration: measuring) { benchmark in
        if textureSpecTrees.isEmpty { textureSpecTrees = makeSpecTrees() }
        let range = SizeRange(min: .zero, max: CGSize(width: 375, height: Double.infinity))
        let pass = LayoutPass(scale: 2)
        var total = 0.0
        for tree in textureSpecTrees {
            total += try tree.layout(fitting: range, parentSize: range.max, in: pass).size.height
        }
        blackHole(total)
    }
    Benchmark("texture: the same arithmetic in plain Lua tables", configuration: measuring) { benchmark in
        let state = try LuaState(options: unlimited)
        let compute = try state.run(plainLuaSpecArithmetic, chunkName: "=plain")
        benchmark.startMeasurement()
        blackHole(try state.call(compute[0], [.integer(Int64(textureItems))]))
    }
    let edits = BenchRounds.share(
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], timeUnits: .microseconds, warmupIterations: 3,
            maxDuration: .seconds(60), maxIterations: 200))
    let title = "live: save of a cell node module with 1,000 live nodes, to handlers and layout done"
    Benchmark(
        title, configuration: edits,
        closure: { _ in
            if liveBenches[title] == nil {
                liveBenches[title] = try LiveBench(files: textureSaveProject(count: 1000), module: "Row.lua")
            }
            try liveBenches[title]?.edit(.inPlace)
        },
        teardown: { liveBenches[title] = nil })
}
