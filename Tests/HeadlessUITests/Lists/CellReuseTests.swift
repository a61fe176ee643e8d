import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The collection view's cells: only for the visible rect, recycled on scrolling, made and
/// dequeued as UIKit does, from a data source whose mistakes are named.
@Suite struct CellReuseTests {
    @Test func cellsForTheVisibleRectOnly() throws {
        let t = try TutorialCollection.start()
        let results = try t.run(
            """
            local cv = controller.collectionView
            local cells = cv.visibleCells
            local first = cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
            return #cells, made, first.label.text, first.frame.origin.x, first.frame.origin.y, first.label.frame.size.width,
                   cv.contentSize.height, cv:numberOfItemsInSection(0)
            """)
        // 355 points of usable width hold 3 columns of 100; 667 points show rows at 10, 70, ..., 610: 11 rows.
        let contentHeight: LuaValue = .integer(10 + 34 * 50 + 33 * 10 + 10)
        #expect(results == [33, 33, "Yo1", 10, 10, 100, contentHeight, 100])
    }

    @Test func scrollingRecyclesCells() throws {
        let t = try TutorialCollection.start()
        try t.run("controller.collectionView.contentOffset = { x = 0, y = 600 }")
        try t.world.layoutPass()
        let results = try t.run(
            """
            local cv = controller.collectionView
            local paths = cv.indexPathsForVisibleItems
            return #cv.visibleCells, made, reused, paths[1].item, cv:cellForItemAtIndexPath(paths[1]).label.text
            """)
        // Rows 10..20 (y 610..1270) meet 600..1267: row 10 stays, rows 0..9 go to the queue, and
        // their 30 cells come back for rows 11..20, so no cell is made.
        #expect(results == [33, 33, 30, 30, "Yo31"])
    }

    /// As in UIKit (and as the tutorial's LabelCell relies on, reading its content view's bounds
    /// in initWithFrame): a new cell is made at its item's frame, and a cell handed out by
    /// dequeue, new or recycled, already has its item's attributes applied.
    @Test func cellsAreMadeAtTheirItemsFrameAndDequeuedWithTheirAttributes() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                sizes = {}
                local initWithFrame = LabelCell.initWithFrame
                function LabelCell:initWithFrame(frame)
                    initWithFrame(self, frame)
                    sizes[#sizes + 1] = "init " .. self.contentView.bounds.size.width .. "x" .. self.contentView.bounds.size.height
                end
                function LabelCell:applyLayoutAttributes(attributes) self.appliedItem = attributes.indexPath.item end
                local cellFor = CollectionController.collectionView_cellForItemAtIndexPath
                function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                    local cell = cellFor(self, collectionView, indexPath)
                    sizes[#sizes + 1] = cell.bounds.size.width .. "x" .. cell.bounds.size.height .. " applied "
                        .. tostring(cell.appliedItem == indexPath.item)
                    return cell
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("controller.collectionView.contentOffset = { x = 0, y = 600 }")
        try t.world.layoutPass()  // recycles 30 cells
        let log = try t.run("return table.concat(sizes, ', ')").first?.stringValue ?? ""
        let entries = log.components(separatedBy: ", ")
        #expect(entries.filter { $0.hasPrefix("init ") }.allSatisfy { $0 == "init 100.0x50.0" })
        #expect(entries.filter { $0.hasPrefix("init ") }.count == 33)
        #expect(entries.filter { !$0.hasPrefix("init ") }.count == 63)
        #expect(entries.filter { !$0.hasPrefix("init ") }.allSatisfy { $0 == "100.0x50.0 applied true" })
    }

    @Test func aCellKnowsItsIndexPath() throws {
        let t = try TutorialCollection.start()
        #expect(
            try t.run(
                """
                local cv = controller.collectionView
                local cell = cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(7, 0))
                return cv:indexPathForCell(cell).item, cv:indexPathForCell(objc.UICollectionViewCell:new())
                """) == [7, nil])
    }

    @Test func headersComeFromTheDataSourceAndAreReused() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                local Kinds = require "UIKit.UICollectionViewFlowLayout"
                Header = objc.UICollectionReusableView:createSubclass("Header")
                function CollectionController:numberOfSectionsInCollectionView(collectionView) return 3 end
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 2 end
                function CollectionController:collectionView_viewForSupplementaryElementOfKind_atIndexPath(collectionView, kind, indexPath)
                    local header = collectionView:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(
                        kind, "Header", indexPath)
                    header.section = indexPath.section
                    return header
                end
                local viewDidLoad = CollectionController.viewDidLoad
                function CollectionController:viewDidLoad()
                    viewDidLoad(self)
                    self.collectionView:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(
                        Header, Kinds.UICollectionElementKindSectionHeader, "Header")
                    self.collectionView.collectionViewLayout.headerReferenceSize = { width = 0, height = 40 }
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run(
            """
            local headers = {}
            for _, view in ipairs(controller.collectionView.subviews) do
                if view.section ~= nil then
                    headers[#headers + 1] = view.section .. "@" .. view.frame.origin.y .. ":" .. view.reuseIdentifier
                end
            end
            table.sort(headers)
            return table.concat(headers, " ")
            """)
        // Each section: header 40, inset 10, one row of 50, inset 10 = 110 points.
        #expect(results == ["0@0.0:Header 1@110.0:Header 2@220.0:Header"])
    }

    /// Scrolling 10,000 items from top to bottom: cells are made only for a screenful (plus a
    /// few), every reuse is prepared, and no cell ever shows another item's content.
    @Test func scrollingTenThousandItems() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 10000 end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let height = try t.run("return controller.collectionView.contentSize.height")[0].numberValue ?? 0
        var offset = 0.0
        var passes = 0
        while offset < height - 667 {
            offset = min(offset + 237, height - 667)
            try t.run("controller.collectionView.contentOffset = { x = 0, y = \(offset) }")
            try t.world.layoutPass()
            passes += 1
            let wrong = try t.run(
                """
                local cv, wrong = controller.collectionView, 0
                for _, path in ipairs(cv.indexPathsForVisibleItems) do
                    if cv:cellForItemAtIndexPath(path).label.text ~= "Yo" .. (path.item + 1) then wrong = wrong + 1 end
                end
                return wrong
                """)
            #expect(wrong == [0], "offset \(offset)")
        }
        #expect(passes > 100)
        let counts = try t.run("return made, reused, #controller.collectionView.visibleCells")
        let made = counts[0].integerValue ?? 0
        let reused = counts[1].integerValue ?? 0
        #expect(made <= 33 + 6, "\(made) cells made")
        #expect(reused >= 9_900, "\(reused) reuses")
        #expect((30...36).contains(counts[2].integerValue ?? 0), "\(counts[2]) visible at the end")
    }

    /// The same script and the same events give the same screen, run after run.
    @Test func wholeRunsAreDeterministic() throws {
        func run() throws -> LuaValue {
            let t = try TutorialCollection.start()
            try t.run(
                """
                local cv = controller.collectionView
                cv.allowsMultipleSelection = true
                cv:setContentOffset_animated({ x = 0, y = 900 }, false)
                function CollectionController:collectionView_numberOfItemsInSection() return 101 end
                cv:insertItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(20, 0) }
                """)
            try t.world.layoutPass()
            try t.run("simulate.tap { at = { x = 60, y = 300 } } simulate.tap { at = { x = 300, y = 420 } }")
            try t.world.layoutPass()
            return try t.run(
                """
                local out = {}
                for _, cell in ipairs(controller.collectionView.visibleCells) do
                    local f = cell.frame
                    local fields = { cell.label.text, f.origin.x, f.origin.y, f.size.width, tostring(cell.selected) }
                    out[#out + 1] = table.concat(fields, " ")
                end
                table.sort(out)
                return table.concat(out, "\\n")
                """)[0]
        }
        let first = try run()
        #expect(first.stringValue?.isEmpty == false)
        #expect(try run() == first)
    }

    @Test func badDataSourceAnswersAreClearErrors() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath) return nil end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(try t.run("return #controller.collectionView.visibleCells") == [0])
        let first = "objc.NSIndexPath:indexPathForItem_inSection(0, 0)"
        #expect(
            t.error("controller.collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath('Nope', \(first))")
                .contains("no cell class is registered for the reuse identifier 'Nope'"))
        #expect(
            t.error("controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UILabel, 'X')")
                .contains("UILabel is not a UICollectionViewCell class"))
        // A count no collection view can hold is refused at once, not allocated and laid out.
        for (sections, items, message) in [
            (
                "1", "math.maxinteger",
                "collectionView_numberOfItemsInSection(0) returned 9223372036854775807 (more than 10000000 items in all)"
            ),
            ("1", "-3", "collectionView_numberOfItemsInSection(0) returned -3"),
            (
                "2", "section == 0 and 5 or math.maxinteger",
                "collectionView_numberOfItemsInSection(1) returned 9223372036854775807 (more than 10000000 items in all)"
            ),
            (
                "math.maxinteger", "1",
                "numberOfSectionsInCollectionView returned 9223372036854775807 (from 0 to 10000000 expected)"
            ),
        ] {
            try t.run(
                """
                function CollectionController:numberOfSectionsInCollectionView() return \(sections) end
                function CollectionController:collectionView_numberOfItemsInSection(_, section) return \(items) end
                controller.collectionView:reloadData()
                """)
            #expect(
                t.error("return controller.collectionView:numberOfSections()").contains(message), "\(sections) \(items)"
            )
        }
        try t.run("function CollectionController:numberOfSectionsInCollectionView() return 1 end")
        try t.run(
            """
            function CollectionController:collectionView_numberOfItemsInSection() return 40 end
            controller.collectionView:reloadData()
            """)
        #expect(try t.run("return controller.collectionView:numberOfItemsInSection(0)") == [40])
    }

    /// Negative index paths, sections that do not exist, and a delegate's bad sizes are clear
    /// errors, and the collection view keeps working.
    @Test func badIndexesAndSizes() throws {
        let t = try TestWorld()
        try TutorialCollection.startWithSections(t)
        #expect(
            t.error("objc.NSIndexPath:indexPathForItem_inSection(-1, 0)").contains(
                "must be from 0, got item -1, section 0"))
        #expect(
            t.error("table.remove(sections) controller.collectionView:deleteSections { 5 }")
                .contains("Invalid update: section 5 does not exist before the update"))
        #expect(
            t.error("sections = { 2, 3 } controller.collectionView:moveSection_toSection(0, 9)")
                .contains("section 9 does not exist after the update"))
        #expect(
            t.error("sections = { 2, 3 } controller.collectionView:moveSection_toSection(-3, 0)")
                .contains("section -3 does not exist before the update"))
        try t.run(
            """
            sections = { 2, 3 }
            controller.collectionView:reloadData()
            function CollectionController:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, indexPath)
                return { width = 0/0, height = 10 }
            end
            CollectionController:declareProtocol "UICollectionViewDelegateFlowLayout"
            controller.collectionView.collectionViewLayout:invalidateLayout()
            """)
        try t.world.layoutPass()
        let sizeError =
            "UICollectionViewFlowLayout's prepareLayout: the size of item 0 of section 0.width must be a finite number, got"
        #expect(t.errors.contains { $0.contains(sizeError) }, "\(t.errors)")
        #expect(try t.run("return controller.collectionView:numberOfSections()") == [2])
    }
}
