import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The Mosaic example (Resources/Examples/Mosaic): a custom layout written in Lua.
@Suite struct MosaicExampleTests {
    /// The example in the repository (the world's tests do not load the engine that bundles it).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/Examples/Mosaic")
        .path

    @Test func shortestColumnsAspectRatiosHeadersAndRectQueries() throws {
        let t = try TestWorld()
        try t.run("package.path = '\(Self.folder)/?.lua;' .. package.path")
        try t.run("controller = require('main'):new()")
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let rows = try t.run(
            """
            local cv = controller.collectionView
            local layout = cv.collectionViewLayout
            local out = {}
            for section = 0, cv:numberOfSections() - 1 do
                for item = 0, cv:numberOfItemsInSection(section) - 1 do
                    local path = objc.NSIndexPath:indexPathForItem_inSection(item, section)
                    local f = cv:layoutAttributesForItemAtIndexPath(path).frame
                    out[#out + 1] = table.concat({ section, item, f.origin.x, f.origin.y, f.size.width, f.size.height,
                                                   controller:aspectRatioForItemAtIndexPath(path) }, " ")
                end
            end
            return table.concat(out, "\\n"), #layout.headers, layout.headers[1].frame.size.height, layout.headers[2].frame.origin.y
            """)
        let items = (rows[0].stringValue ?? "").split(separator: "\n").map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        #expect(items.count == 22)
        // Replaying the placement: each item sits at the bottom of the then-shortest column.
        var bottoms: [Double: Double] = [:]
        var section = -1.0
        for item in items {
            if item[0] != section {
                section = item[0]
                let top = item[0] == 0 ? 44 + 8 : (rows[3].numberValue ?? 0) + 44 + 8
                bottoms = [:]
                for x in Set(items.filter { $0[0] == section }.map { $0[2] }) { bottoms[x] = top }
            }
            let (x, y, width, height, ratio) = (item[2], item[3], item[4], item[5], item[6])
            // (Lua printed the numbers with 14 significant digits.)
            #expect(abs(height - width * ratio) < 1e-6, "\(item)")
            #expect(abs(y - (bottoms[x] ?? .nan)) < 1e-6, "item \(item) is not at the bottom of its column")
            #expect(abs(y - (bottoms.values.min() ?? .nan)) < 1e-6, "item \(item) is not in the shortest column")
            bottoms[x] = y + height + 8
        }
        #expect(rows[1] == 2 && rows[2] == 44)
        // Rect queries return exactly the elements that intersect.
        let query = try t.run(
            """
            local layout = controller.collectionView.collectionViewLayout
            local all = layout:layoutAttributesForElementsInRect(struct.CGRect(-1e6, -1e6, 2e6, 2e6))
            local mismatches = 0
            for y = 0, 1200, 97 do
                local rect = struct.CGRect(40, y, 200, 150)
                local expected = 0
                for _, a in ipairs(all) do
                    local f = a.frame
                    if f.origin.x < 240 and 40 < f.origin.x + f.size.width and f.origin.y < y + 150 and y < f.origin.y + f.size.height then
                        expected = expected + 1
                    end
                end
                if #layout:layoutAttributesForElementsInRect(rect) ~= expected then mismatches = mismatches + 1 end
            end
            return #all, mismatches, #controller.collectionView.visibleCells > 0
            """)
        #expect(query == [24, 0, true])
    }

    /// The indexed rect query against a brute-force filter, over many sections of many items
    /// with random shapes, for rects anywhere (also above, below and beside the content).
    @Test func rectQueriesMatchABruteForceFilterAtScale() throws {
        let t = try TestWorld()
        try t.run("package.path = '\(Self.folder)/?.lua;' .. package.path")
        let result = try t.run(
            """
            local MosaicLayout = require "MosaicLayout"
            local Controller = objc.UICollectionViewController:createSubclass("ScaleController")
            local random = math.random
            math.randomseed(7)
            local ratios = {}
            for section = 1, 4 do
                ratios[section] = {}
                for item = 1, 150 + 40 * section do ratios[section][item] = 0.2 + 2.5 * random() end
            end
            function Controller:numberOfSectionsInCollectionView() return #ratios end
            function Controller:collectionView_numberOfItemsInSection(_, section) return #ratios[section + 1] end
            function Controller:aspectRatioForItemAtIndexPath(path) return ratios[path.section + 1][path.item + 1] end
            local layout = MosaicLayout:new()
            local controller = Controller:newWithCollectionViewLayout(layout)
            layout.delegate = controller
            controller.collectionView.frame = struct.CGRect(0, 0, 375, 667)
            layout:prepareLayout()
            local frames = {}
            for section = 0, #ratios - 1 do
                frames[#frames + 1] = layout.headers[section + 1].frame
                for item = 0, #ratios[section + 1] - 1 do
                    frames[#frames + 1] = layout:layoutAttributesForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, section)).frame
                end
            end
            local height = layout:collectionViewContentSize().height
            local mismatches = 0
            for query = 1, 300 do
                local x, y = random(-100, 400), random(-800, math.floor(height) + 800)
                local w, h = random(0, 500), random(0, 900)
                local expected = 0
                for _, f in ipairs(frames) do
                    if f.origin.x < x + w and x < f.origin.x + f.size.width and f.origin.y < y + h and y < f.origin.y + f.size.height then
                        expected = expected + 1
                    end
                end
                local found = layout:layoutAttributesForElementsInRect(struct.CGRect(x, y, w, h))
                for _, a in ipairs(found) do
                    local f = a.frame
                    if not (f.origin.x < x + w and x < f.origin.x + f.size.width and f.origin.y < y + h and y < f.origin.y + f.size.height) then
                        mismatches = mismatches + 1
                    end
                end
                if #found ~= expected then mismatches = mismatches + 1 end
            end
            return #frames, mismatches
            """)
        let elements: LuaValue = .integer(4 + 4 * 150 + 40 * 10)
        #expect(result == [elements, 0])
    }
}
