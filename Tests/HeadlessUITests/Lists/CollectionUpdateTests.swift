import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Item and section updates, alone and in batches, against UIKit's consistency check.
@Suite struct CollectionUpdateTests {
    @Test func batchUpdatesWithUIKitsConsistencyCheck() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                count = 5
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return count end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run(
            """
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
            local before = finished
            simulate.advance(1)  -- the update animates; its completion runs when the animation ends
            return before == nil and finished, moved == lastCell, #cv.visibleCells, cv:numberOfItemsInSection(0)
            """)
        #expect(results == [true, true, 6, 6])
        let message = t.error(
            """
            count = 9
            controller.collectionView:insertItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(0, 0) }
            """)
        #expect(
            message.contains(
                "Invalid update: invalid number of items in section 0. The number of items contained in an "
                    + "existing section after the update (9) must be equal to the number of items contained in that section before the "
                    + "update (6), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)"
            ), "\(message)")
        #expect(
            try t.run(
                "return controller.collectionView:numberOfItemsInSection(0), #controller.collectionView.visibleCells")
                == [6, 6])
    }

    @Test func sectionUpdatesWithIndexSetsOrSequences() throws {
        let t = try TestWorld()
        try TutorialCollection.startWithSections(t)
        let results = try t.run(
            """
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
        #expect(
            message.contains(
                "Invalid update: invalid number of sections. The number of sections contained in the "
                    + "collection view after the update (2) must be equal to the number of sections contained in the collection view "
                    + "before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted)."
            ),
            "\(message)")
        #expect(t.error("controller.collectionView:deleteSections { -1 }").contains("indexes must be from 0"))
    }

    /// Random batches of deletes and inserts, and single moves, applied to a model and to the
    /// collection view together: after each batch every visible cell shows its model item.
    @Test func randomBatchUpdatesAgainstAModel() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                model, nextId = {}, 1
                for i = 1, 40 do model[i] = "item" .. nextId; nextId = nextId + 1 end
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return #model end
                function CollectionController:collectionView_cellForItemAtIndexPath(collectionView, indexPath)
                    local cell = collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("LabelCell", indexPath)
                    cell.label.text = model[indexPath.item + 1]
                    return cell
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let results = try t.run(
            """
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
}
