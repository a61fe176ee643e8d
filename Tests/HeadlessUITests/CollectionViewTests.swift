import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The collection view as the Bounces tutorial uses it: a controller as data source, a cell
/// class with a label, a flow layout, cells only for the visible rect, and reuse on scrolling.
@Suite struct CollectionViewTests {
    static let tutorial = """
        local UICollectionViewCell = objc.UICollectionViewCell
        LabelCell = UICollectionViewCell:createSubclass("LabelCell")
        made, reused = 0, 0
        function LabelCell:initWithFrame(frame)
            self[UICollectionViewCell]:initWithFrame(frame)
            made = made + 1
            local label = objc.UILabel:newWithFrame(self.contentView.bounds)
            label.autoresizingMask = objc.UIView.Autoresizing.flexibleWidth + objc.UIView.Autoresizing.flexibleHeight
            self.contentView:addSubview(label)
            self.label = label
        end
        function LabelCell:prepareForReuse() reused = reused + 1 end

        CollectionController = objc.UICollectionViewController:createSubclass("CollectionController")
        function CollectionController:viewDidLoad()
            self[objc.UICollectionViewController]:viewDidLoad()
            self.collectionView:registerClass_forCellWithReuseIdentifier(LabelCell, "LabelCell")
            local layout = self.collectionView.collectionViewLayout
            layout.itemSize = { width = 100, height = 50 }
            layout.sectionInset = { top = 10, left = 10, bottom = 10, right = 10 }
        end
        function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 100 end
        function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
            local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("LabelCell", indexPath)
            cell.label.text = "Yo" .. (indexPath.item + 1)
            return cell
        end
        controller = CollectionController:newWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
        """

    /// The tutorial with two sections of 2 and 3 items, from the Lua table `sections`.
    static func startWithSections(_ t: TestWorld) throws {
        try t.run(tutorial + """

            sections = { 2, 3 }
            function CollectionController:numberOfSectionsInCollectionView(collectionView) return #sections end
            function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return sections[section + 1] end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
    }

    func start() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.tutorial)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        return t
    }

    @Test func cellsForTheVisibleRectOnly() throws {
        let t = try start()
        let results = try t.run("""
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
        let t = try start()
        try t.run("controller.collectionView.contentOffset = { x = 0, y = 600 }")
        try t.world.layoutPass()
        let results = try t.run("""
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
        try t.run(Self.tutorial + """

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
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
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
        let t = try start()
        #expect(try t.run("""
            local cv = controller.collectionView
            local cell = cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(7, 0))
            return cv:indexPathForCell(cell).item, cv:indexPathForCell(objc.UICollectionViewCell:new())
            """) == [7, nil])
    }

    /// CodeFlow's rule for `new`: an initializer that returns nothing gives the new instance;
    /// an explicit nil gives nil; anything but an object is an error.
    @Test func whatAnInitializerReturnsDecidesWhatNewGives() throws {
        let t = try TestWorld()
        let results = try t.run("""
            local Quiet = objc.UIView:createSubclass("Quiet")
            function Quiet:initWithFrame(frame) self[objc.UIView]:initWithFrame(frame) self.ready = true end
            local Refusing = objc.UIView:createSubclass("Refusing")
            function Refusing:init() return nil end
            local quiet = Quiet:newWithFrame { origin = { x = 1, y = 2 }, size = { width = 3, height = 4 } }
            return quiet.ready, quiet.frame.size.width, Refusing:new()
            """)
        #expect(results == [true, 3, nil])
        #expect(t.error("""
            local Odd = objc.UIView:createSubclass("Odd")
            function Odd:init() return 42 end
            Odd:new()
            """).contains("Odd:init returned number; an initializer returns the new object, nil, or nothing"))
    }

    @Test func badDataSourceAnswersAreClearErrors() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath) return nil end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(try t.run("return #controller.collectionView.visibleCells") == [0])
        #expect(t.error("controller.collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath('Nope', objc.NSIndexPath:indexPathForItem_inSection(0, 0))")
            .contains("no cell class is registered for the reuse identifier 'Nope'"))
        #expect(t.error("controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UILabel, 'X')")
            .contains("UILabel is not a UICollectionViewCell class"))
        // A count no collection view can hold is refused at once, not allocated and laid out.
        for (sections, items, message) in [
            ("1", "math.maxinteger", "collectionView_numberOfItemsInSection(0) returned 9223372036854775807 (more than 10000000 items in all)"),
            ("1", "-3", "collectionView_numberOfItemsInSection(0) returned -3"),
            ("2", "section == 0 and 5 or math.maxinteger", "collectionView_numberOfItemsInSection(1) returned 9223372036854775807 (more than 10000000 items in all)"),
            ("math.maxinteger", "1", "numberOfSectionsInCollectionView returned 9223372036854775807 (from 0 to 10000000 expected)"),
        ] {
            try t.run("""
                function CollectionController:numberOfSectionsInCollectionView() return \(sections) end
                function CollectionController:collectionView_numberOfItemsInSection(_, section) return \(items) end
                controller.collectionView:reloadData()
                """)
            #expect(t.error("return controller.collectionView:numberOfSections()").contains(message), "\(sections) \(items)")
        }
        try t.run("function CollectionController:numberOfSectionsInCollectionView() return 1 end")
        try t.run("function CollectionController:collectionView_numberOfItemsInSection() return 40 end controller.collectionView:reloadData()")
        #expect(try t.run("return controller.collectionView:numberOfItemsInSection(0)") == [40])
    }

    @Test func headersComeFromTheDataSourceAndAreReused() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            local Kinds = require "UIKit.UICollectionViewFlowLayout"
            Header = objc.UICollectionReusableView:createSubclass("Header")
            function CollectionController:numberOfSectionsInCollectionView(collectionView) return 3 end
            function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 2 end
            function CollectionController:collectionView_viewForSupplementaryElementOfKind_atIndexPath(collectionView, kind, indexPath)
                local header = collectionView:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(kind, "Header", indexPath)
                header.section = indexPath.section
                return header
            end
            local viewDidLoad = CollectionController.viewDidLoad
            function CollectionController:viewDidLoad()
                viewDidLoad(self)
                self.collectionView:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(Header, Kinds.UICollectionElementKindSectionHeader, "Header")
                self.collectionView.collectionViewLayout.headerReferenceSize = { width = 0, height = 40 }
            end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run("""
            local headers = {}
            for _, view in ipairs(controller.collectionView.subviews) do
                if view.section ~= nil then headers[#headers + 1] = view.section .. "@" .. view.frame.origin.y .. ":" .. view.reuseIdentifier end
            end
            table.sort(headers)
            return table.concat(headers, " ")
            """)
        // Each section: header 40, inset 10, one row of 50, inset 10 = 110 points.
        #expect(results == ["0@0.0:Header 1@110.0:Header 2@220.0:Header"])
    }

    @Test func tapsSelectItemsWithTheDelegateCalls() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            log = {}
            function CollectionController:collectionView_shouldSelectItemAtIndexPath(collectionView, indexPath)
                return indexPath.item ~= 2
            end
            for _, event in ipairs { "Select", "Deselect", "Highlight", "Unhighlight" } do
                CollectionController["collectionView_did" .. event .. "ItemAtIndexPath"] = function(self, collectionView, indexPath)
                    log[#log + 1] = event:lower() .. " " .. indexPath.item
                end
            end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("""
            simulate.tap { at = { x = 50, y = 30 } }    -- item 0
            simulate.tap { at = { x = 170, y = 30 } }   -- item 1
            simulate.tap { at = { x = 300, y = 30 } }   -- item 2: refused
            """)
        #expect(try t.run("return table.concat(log, ', ')") == [
            "highlight 0, unhighlight 0, select 0, highlight 1, unhighlight 1, deselect 0, select 1, highlight 2, unhighlight 2",
        ])
        #expect(try t.run("""
            local cv = controller.collectionView
            local paths = cv.indexPathsForSelectedItems
            return #paths, paths[1].item, cv:cellForItemAtIndexPath(paths[1]).selected,
                   cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0)).selected
            """) == [1, 1, true, false])
        try t.run("log = {} controller.collectionView.allowsMultipleSelection = true simulate.tap { at = { x = 50, y = 30 } } simulate.tap { at = { x = 170, y = 30 } }")
        #expect(try t.run("return table.concat(log, ', '), #controller.collectionView.indexPathsForSelectedItems") == [
            "highlight 0, unhighlight 0, select 0, highlight 1, unhighlight 1, deselect 1", 1,
        ])
        // A drag is not a tap: the item is highlighted, then not, and nothing is selected.
        try t.run("log = {} simulate.drag { from = { x = 50, y = 100 }, to = { x = 50, y = 300 } }")
        #expect(try t.run("return table.concat(log, ', ')") == ["highlight 3, unhighlight 3"])
    }

    @Test func batchUpdatesWithUIKitsConsistencyCheck() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            count = 5
            function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return count end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run("""
            local cv = controller.collectionView
            local path = objc.NSIndexPath.indexPathForItem_inSection
            local lastCell = cv:cellForItemAtIndexPath(path(objc.NSIndexPath, 4, 0))
            local finished
            cv:performBatchUpdates_completion(function()
                count = 7
                cv:insertItemsAtIndexPaths { path(objc.NSIndexPath, 0, 0), path(objc.NSIndexPath, 1, 0) }
            end, function(done) finished = done end)
            local moved = cv:cellForItemAtIndexPath(path(objc.NSIndexPath, 6, 0))
            count = 6
            cv:deleteItemsAtIndexPaths { path(objc.NSIndexPath, 3, 0) }
            controller.view:layoutIfNeeded()
            return finished, moved == lastCell, #cv.visibleCells, cv:numberOfItemsInSection(0)
            """)
        #expect(results == [true, true, 6, 6])
        let message = t.error("""
            count = 9
            controller.collectionView:insertItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(0, 0) }
            """)
        #expect(message.contains("Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (9) must be equal to the number of items contained in that section before the update (6), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)"), "\(message)")
        #expect(try t.run("return controller.collectionView:numberOfItemsInSection(0), #controller.collectionView.visibleCells") == [6, 6])
    }

    @Test func boundsChangesAskTheLayout() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            Custom = objc.UICollectionViewFlowLayout:createSubclass("Custom")
            asked, prepared = 0, 0
            function Custom:shouldInvalidateLayoutForBoundsChange(bounds) asked = asked + 1 return true end
            function Custom:prepareLayout() prepared = prepared + 1 self[objc.UICollectionViewFlowLayout]:prepareLayout() end
            controller = CollectionController:newWithCollectionViewLayout(Custom:new())
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("controller.collectionView.contentOffset = { x = 0, y = 100 }")
        try t.world.layoutPass()
        #expect(try t.run("return asked >= 1, prepared") == [true, 2])
        // The flow layout itself invalidates only when the width changes.
        let plain = try start()
        try plain.run("controller.collectionView.contentOffset = { x = 0, y = 100 }")
        try plain.world.layoutPass()
        try plain.run("controller.collectionView.frame = struct.CGRect(0, 0, 200, 667)")
        try plain.world.layoutPass()
        #expect(try plain.run("return controller.collectionView:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0)) ~= nil, controller.collectionView.contentSize.width") == [true, 200])
    }

    /// A context naming one item asks the delegate for that item alone and lays out as a full
    /// invalidation would; one that keeps the delegate metrics asks nothing, and cells whose
    /// attributes did not change are not given them again.
    @Test func invalidationContextsNarrowWhatIsMeasuredAgain() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            widths, asked, applied = {}, {}, {}
            function CollectionController:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, path)
                asked[#asked + 1] = path.item
                return { width = widths[path.item] or 100, height = 50 }
            end
            CollectionController:declareProtocol "UICollectionViewDelegateFlowLayout"
            function LabelCell:applyLayoutAttributes(attributes) applied[#applied + 1] = attributes.indexPath.item end
            function frames()
                local result = {}
                for item = 0, 32 do
                    local cell = controller.collectionView:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(item, 0))
                    result[#result + 1] = cell and tostring(cell.frame.origin.x) .. "," .. tostring(cell.frame.origin.y) .. "," .. tostring(cell.frame.size.width) or "-"
                end
                return table.concat(result, " ")
            end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(try t.run("return #asked") == [100])
        try t.run("""
            asked, widths[4] = {}, 200
            local context = objc.UICollectionViewFlowLayoutInvalidationContext:new()
            context:invalidateItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(4, 0) }
            controller.collectionView.collectionViewLayout:invalidateLayoutWithContext(context)
            """)
        try t.world.layoutPass()
        let narrowed = try t.run("return table.concat(asked, ','), frames()")
        #expect(narrowed.first == "4")
        try t.run("asked = {} controller.collectionView.collectionViewLayout:invalidateLayout()")
        try t.world.layoutPass()
        #expect(try t.run("return #asked, frames()") == [100, narrowed[1]])
        try t.run("""
            asked, applied = {}, {}
            local context = objc.UICollectionViewFlowLayoutInvalidationContext:new()
            context.invalidateFlowLayoutDelegateMetrics = false
            context:invalidateItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(4, 0) }
            controller.collectionView.collectionViewLayout:invalidateLayoutWithContext(context)
            """)
        try t.world.layoutPass()
        #expect(try t.run("return #asked, #applied, frames()") == [0, 0, narrowed[1]])
    }

    /// A script layout that answers with items that do not exist, with a value that is not
    /// attributes, or with nil: a warning or an error naming the value, and the collection view
    /// goes on; fixed, it shows its cells again.
    @Test func badLayoutAnswersAreNamedAndTheCollectionViewGoesOn() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            Bad = objc.UICollectionViewFlowLayout:createSubclass("Bad")
            answer = "ghost"
            function Bad:layoutAttributesForElementsInRect(rect)
                local found = self[objc.UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
                if answer == "ghost" then
                    found = { found[1], objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(objc.NSIndexPath:indexPathForItem_inSection(500, 0)) }
                elseif answer == "string" then
                    found = { found[1], "not attributes" }
                elseif answer == "nil" then
                    found = nil
                end
                return found
            end
            controller = CollectionController:newWithCollectionViewLayout(Bad:new())
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(t.warnings.contains { $0.contains("item 500 of section 0, which does not exist") }, "\(t.warnings)")
        #expect(try t.run("return #controller.collectionView.visibleCells") == [1])
        for answer in ["string", "nil", "fine"] {
            try t.run("answer = '\(answer)' controller.collectionView:setNeedsLayout()")
            try t.world.layoutPass()
        }
        #expect(t.errors.contains { $0.contains("Bad:layoutAttributesForElementsInRect returned a wrong value") && $0.contains("string") },
                "\(t.errors)")
        #expect(try t.run("return #controller.collectionView.visibleCells") == [33])
    }

    /// The same script and the same events give the same screen, run after run.
    @Test func wholeRunsAreDeterministic() throws {
        func run() throws -> LuaValue {
            let t = try start()
            try t.run("""
                local cv = controller.collectionView
                cv.allowsMultipleSelection = true
                cv:setContentOffset_animated({ x = 0, y = 900 }, false)
                function CollectionController:collectionView_numberOfItemsInSection() return 101 end
                cv:insertItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(20, 0) }
                """)
            try t.world.layoutPass()
            try t.run("simulate.tap { at = { x = 60, y = 300 } } simulate.tap { at = { x = 300, y = 420 } }")
            try t.world.layoutPass()
            return try t.run("""
                local out = {}
                for _, cell in ipairs(controller.collectionView.visibleCells) do
                    local f = cell.frame
                    out[#out + 1] = table.concat({ cell.label.text, f.origin.x, f.origin.y, f.size.width, tostring(cell.selected) }, " ")
                end
                table.sort(out)
                return table.concat(out, "\\n")
                """)[0]
        }
        let first = try run()
        #expect(first.stringValue?.isEmpty == false)
        #expect(try run() == first)
    }

    @Test func sectionUpdatesWithIndexSetsOrSequences() throws {
        let t = try TestWorld()
        try Self.startWithSections(t)
        let results = try t.run("""
            local cv = controller.collectionView
            local path = function(item, section) return objc.NSIndexPath:indexPathForItem_inSection(item, section) end
            local secondSectionCell = cv:cellForItemAtIndexPath(path(0, 1))
            table.insert(sections, 1, 4)
            cv:insertSections(objc.NSIndexSet:indexSetWithIndex(0))
            controller.view:layoutIfNeeded()
            local followed = cv:cellForItemAtIndexPath(path(0, 2)) == secondSectionCell
            table.remove(sections, 2)
            cv:deleteSections { 1 }
            controller.view:layoutIfNeeded()
            return followed, cv:numberOfSections(), cv:numberOfItemsInSection(1), #cv.visibleCells
            """)
        #expect(results == [true, 2, 3, 7])
        let message = t.error("controller.collectionView:insertSections { 0 }")
        #expect(message.contains("Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted)."), "\(message)")
        #expect(t.error("controller.collectionView:deleteSections { -1 }").contains("indexes must be from 0"))
    }

    /// Scrolling 10,000 items from top to bottom: cells are made only for a screenful (plus a
    /// few), every reuse is prepared, and no cell ever shows another item's content.
    @Test func scrollingTenThousandItems() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 10000 end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let height = try t.run("return controller.collectionView.contentSize.height")[0].numberValue ?? 0
        var offset = 0.0
        var passes = 0
        while offset < height - 667 {
            offset = min(offset + 237, height - 667)
            try t.run("controller.collectionView.contentOffset = { x = 0, y = \(offset) }")
            try t.world.layoutPass()
            passes += 1
            let wrong = try t.run("""
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
        let made = counts[0].integerValue ?? 0, reused = counts[1].integerValue ?? 0
        #expect(made <= 33 + 6, "\(made) cells made")
        #expect(reused >= 9_900, "\(reused) reuses")
        #expect((30...36).contains(counts[2].integerValue ?? 0), "\(counts[2]) visible at the end")
    }

    /// Random batches of deletes and inserts, and single moves, applied to a model and to the
    /// collection view together: after each batch every visible cell shows its model item.
    @Test func randomBatchUpdatesAgainstAModel() throws {
        let t = try TestWorld()
        try t.run(Self.tutorial + """

            model, nextId = {}, 1
            for i = 1, 40 do model[i] = "item" .. nextId; nextId = nextId + 1 end
            function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return #model end
            function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("LabelCell", indexPath)
                cell.label.text = model[indexPath.item + 1]
                return cell
            end
            """)
        let controller = try #require(t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run("""
            local cv = controller.collectionView
            local state = 12345
            local function random(n) state = (state * 1103515245 + 12345) % 2147483648 return state % n end
            local function path(i) return objc.NSIndexPath:indexPathForItem_inSection(i, 0) end
            local mismatches, batches = 0, 0
            for round = 1, 60 do
                if random(3) == 0 and #model > 1 then
                    local from, to = random(#model), random(#model)
                    local moved = table.remove(model, from + 1)
                    table.insert(model, to + 1, moved)
                    cv:moveItemAtIndexPath_toIndexPath(path(from), path(to))
                else
                    cv:performBatchUpdates_completion(function()
                        local deleted, seen = {}, {}
                        for _ = 1, random(3) do
                            local i = random(#model)
                            if not seen[i] and #model - #deleted > 1 then seen[i] = true; deleted[#deleted + 1] = i end
                        end
                        table.sort(deleted, function(a, b) return a > b end)
                        local paths = {}
                        for _, i in ipairs(deleted) do table.remove(model, i + 1); paths[#paths + 1] = path(i) end
                        local inserted = {}
                        for _ = 1, random(4) do
                            local i = random(#model + 1)
                            table.insert(model, i + 1, "item" .. nextId); nextId = nextId + 1
                            for k, other in ipairs(inserted) do if other >= i then inserted[k] = other + 1 end end
                            inserted[#inserted + 1] = i
                        end
                        local insertedPaths = {}
                        for _, i in ipairs(inserted) do insertedPaths[#insertedPaths + 1] = path(i) end
                        if #paths > 0 then cv:deleteItemsAtIndexPaths(paths) end
                        if #insertedPaths > 0 then cv:insertItemsAtIndexPaths(insertedPaths) end
                    end, nil)
                end
                batches = batches + 1
                controller.view:layoutIfNeeded()
                for _, p in ipairs(cv.indexPathsForVisibleItems) do
                    if cv:cellForItemAtIndexPath(p).label.text ~= model[p.item + 1] then mismatches = mismatches + 1 end
                end
                if cv:numberOfItemsInSection(0) ~= #model then mismatches = mismatches + 1000 end
            end
            return batches, mismatches
            """)
        #expect(results == [60, 0])
    }

    /// Negative index paths, sections that do not exist, and a delegate's bad sizes are clear
    /// errors, and the collection view keeps working.
    @Test func badIndexesAndSizes() throws {
        let t = try TestWorld()
        try Self.startWithSections(t)
        #expect(t.error("objc.NSIndexPath:indexPathForItem_inSection(-1, 0)").contains("must be from 0, got item -1, section 0"))
        #expect(t.error("table.remove(sections) controller.collectionView:deleteSections { 5 }")
            .contains("Invalid update: section 5 does not exist before the update"))
        #expect(t.error("sections = { 2, 3 } controller.collectionView:moveSection_toSection(0, 9)").contains("section 9 does not exist after the update"))
        #expect(t.error("sections = { 2, 3 } controller.collectionView:moveSection_toSection(-3, 0)").contains("section -3 does not exist before the update"))
        try t.run("""
            sections = { 2, 3 }
            controller.collectionView:reloadData()
            function CollectionController:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, indexPath)
                return { width = 0/0, height = 10 }
            end
            CollectionController:declareProtocol "UICollectionViewDelegateFlowLayout"
            controller.collectionView.collectionViewLayout:invalidateLayout()
            """)
        try t.world.layoutPass()
        #expect(t.errors.contains { $0.contains("UICollectionViewFlowLayout's prepareLayout: the size of item 0 of section 0.width must be a finite number, got") }, "\(t.errors)")
        #expect(try t.run("return controller.collectionView:numberOfSections()") == [2])
    }
}
