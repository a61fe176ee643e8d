import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import LuaRuntime
import ObjectBridge
import Testing

/// The tutorial's WordsCollection example, driven through Lua while the host runs it.
@Suite(.serialized) struct WordsCollectionTests {
    func start() throws -> LiveProject {
        let project = try LiveProject(example: "WordsCollection")
        let controller = try #require(project.world.window.rootViewController)
        try project.world.bridge.state.setGlobal("controller", try project.world.bridge.value(for: controller))
        _ = try project.run(
            """
            LabelCell = require "LabelCell"
            font = LabelCell:labelFontForSize { width = 100, height = 80 }
            attributes = require "UIKit.NSAttributedString"
            function cellAt(item)
                return controller.collectionView:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, 0))
            end
            """)
        return project
    }

    /// The visible cells by item: label text and frame.
    func cells(_ project: LiveProject) throws -> [(item: Int, text: String?, frame: CGRect, background: Color?)] {
        var stack: [View] = [project.world.window]
        var collection: CollectionView?
        while let view = stack.popLast() {
            if let found = view as? CollectionView { collection = found }
            stack += view.subviews
        }
        let cells = try #require(collection).visibleCells
        return cells.map { path, cell in
            (path.item, (cell.contentView.subviews.first as? Label)?.text, cell.frame, cell.contentView.backgroundColor)
        }.sorted { $0.item < $1.item }
    }

    func words(_ project: LiveProject) throws -> [String] {
        try String(contentsOf: project.url("h2g2.txt"), encoding: .utf8).split(whereSeparator: \.isWhitespace).map(
            String.init)
    }

    @Test func cellsShowTheWordsOfTheTextAtTheirMeasuredWidthPlus30() throws {
        let project = try start()
        let words = try words(project)
        let cells = try cells(project)
        #expect(cells.count > 10)
        for cell in cells {
            #expect(cell.text == words[cell.item])
            let measured = try project.value(
                "(\"\(words[cell.item])\"):sizeWithAttributes { [attributes.NSFontAttributeName] = font }.width")
            #expect(abs(cell.frame.size.width - ((measured.numberValue ?? 0) + 30)) < 1e-9)
            #expect(cell.frame.size.height == 80)
        }
        #expect(
            try project.value("controller:collectionView_numberOfItemsInSection(controller.collectionView, 0)")
                == .integer(Int64(words.count)))
    }

    @Test func aPinchScalesTheCellRaisesItAndEndingItRestoresIt() throws {
        let project = try start()
        _ = try project.run(
            """
            applied, sizeCalls = {}, 0
            local CollectionController = objc.CollectionController
            local size = CollectionController.collectionView_layout_sizeForItemAtIndexPath
            function CollectionController:collectionView_layout_sizeForItemAtIndexPath(...)
                sizeCalls = sizeCalls + 1
                return size(self, ...)
            end
            function LabelCell:applyLayoutAttributes(a)
                applied[#applied + 1] = { item = a.indexPath.item, width = a.size.width, z = a.zIndex, sizeCalls = sizeCalls }
                self[objc.UICollectionViewCell]:applyLayoutAttributes(a)
            end
            before = cellAt(5).frame
            simulate.pinch { at = { x = before.origin.x + before.size.width / 2, y = before.origin.y + 40 }, scale = 2, steps = 10 }
            """)
        let log = Int(try project.value("#applied").integerValue ?? 0)
        #expect(log > 2)
        let entries = try (1...log).map { index in
            try project.value("applied[\(index)]").tableValue!
        }
        let items = try entries.map { try $0.get("item").integerValue }
        #expect(Set(items) == [5])  // only the pinched cell got attributes
        let scaled = try entries.dropLast().map { try $0.get("z").integerValue }
        #expect(scaled.allSatisfy { $0 == 1 })
        let widths = try entries.map { try $0.get("width").numberValue ?? 0 }
        let original = try project.value("before.size.width").numberValue ?? 0
        #expect(widths.contains { $0 > original * 1.5 })
        let last = try #require(entries.last)
        #expect(try last.get("z") == 0)
        #expect(try last.get("width").numberValue == original)
        #expect(try project.value("controller.collectionView.collectionViewLayout.pinchedCellPath") == .nil)
        // The pinch's context kept the delegate metrics: while the cell was scaled, no item was
        // measured again. (Ending the pinch runs batch updates, which lay everything out anew.)
        let measuredWhileScaled = try entries.filter { try $0.get("width").numberValue != original }
            .map { try $0.get("sizeCalls").integerValue }
        #expect(measuredWhileScaled.count >= 5)
        #expect(measuredWhileScaled.allSatisfy { $0 == 0 })
    }

    /// The pinched cell turns by the angle the layout sets, once: its attributes' 3D transform
    /// is the layer's, whose flat part is the view's (it was applied through both, twice).
    @Test func thePinchedCellTurnsByTheAngleItsLayoutSets() throws {
        let project = try start()
        _ = try project.run(
            """
            local layout = controller.collectionView.collectionViewLayout
            layout.pinchedCellPath = objc.NSIndexPath:indexPathForItem_inSection(5, 0)
            layout.pinchedCellScale = 1
            layout.rotationAngle = 0.5
            controller.collectionView:layoutIfNeeded()
            """)
        try project.world.layoutPass()
        let entries = LayoutDump.entries(of: project.world)
        let pinched = try #require(entries.first { $0.indexPath == [0, 5] })
        let transform = try #require(pinched.transform)
        #expect(abs(atan2(transform[1], transform[0]) - 0.5) < 1e-9, "\(transform)")
        var stack: [View] = [project.world.window]
        var found: ReusableView?
        while let view = stack.popLast() {
            if let cell = view as? ReusableView, cell.layoutAttributes?.indexPath.item == 5 { found = cell }
            stack += view.subviews
        }
        let cell = try #require(found)
        #expect(abs(atan2(cell.transform.b, cell.transform.a) - 0.5) < 1e-9)
        let layer = cell.layer.transform.m
        #expect(abs(atan2(layer[1], layer[0]) - 0.5) < 1e-9, "the layer holds the same turn")
    }

    @Test func editsWhileRunningShowOnTheNextDisplayPass() throws {
        let project = try start()
        let controller = try String(contentsOf: project.url("CollectionController.lua"), encoding: .utf8)
        try project.save(
            "CollectionController.lua",
            controller.replacingOccurrences(of: "width = 100, height = 80", with: "width = 100, height = 60"),
            as: .inPlace)
        #expect(project.waitFor(.reloaded) == 1)
        #expect(try cells(project).allSatisfy { $0.frame.size.height == 60 })

        let before = try cells(project).map { $0.background.map { [$0.red, $0.green, $0.blue] } }
        let cell = try String(contentsOf: project.url("LabelCell.lua"), encoding: .utf8)
        try project.save(
            "LabelCell.lua", cell.replacingOccurrences(of: "+ 0.4) % 1.0", with: "+ 0.6) % 1.0"), as: .jetBrains)
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        let after = try cells(project).map { $0.background.map { [$0.red, $0.green, $0.blue] } }
        #expect(before.count == after.count)
        #expect(zip(before, after).allSatisfy { $0 != $1 })

        let text = try String(contentsOf: project.url("h2g2.txt"), encoding: .utf8)
        try project.save("h2g2.txt", "Zaphod Beeblebrox " + text, as: .vim)
        #expect(project.waitFor(.resource) == 1)
        #expect(project.events(.resource).first?.turn?.bindings == 1)
        let shown = try cells(project)
        #expect(shown.first?.text == "Zaphod")
        #expect(shown.dropFirst().first?.text == "Beeblebrox")
        #expect(project.events.filter(\.isError).isEmpty)
    }
}
