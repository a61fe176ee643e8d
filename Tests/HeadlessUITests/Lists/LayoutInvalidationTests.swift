import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// What the collection view asks its layout again: after bounds changes, invalidation contexts, and bad answers.
@Suite struct LayoutInvalidationTests {
    @Test func boundsChangesAskTheLayout() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                Custom = objc.UICollectionViewFlowLayout:createSubclass("Custom")
                asked, prepared = 0, 0
                function Custom:shouldInvalidateLayoutForBoundsChange(bounds) asked = asked + 1 return true end
                function Custom:prepareLayout() prepared = prepared + 1 self[objc.UICollectionViewFlowLayout]:prepareLayout() end
                controller = CollectionController:newWithCollectionViewLayout(Custom:new())
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("controller.collectionView.contentOffset = { x = 0, y = 100 }")
        try t.world.layoutPass()
        #expect(try t.run("return asked >= 1, prepared") == [true, 2])
        // The flow layout itself invalidates only when the width changes.
        let plain = try TutorialCollection.start()
        try plain.run("controller.collectionView.contentOffset = { x = 0, y = 100 }")
        try plain.world.layoutPass()
        try plain.run("controller.collectionView.frame = struct.CGRect(0, 0, 200, 667)")
        try plain.world.layoutPass()
        #expect(
            try plain.run(
                """
                local second = controller.collectionView:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(1, 0))
                return second ~= nil, controller.collectionView.contentSize.width
                """) == [true, 200])
    }

    /// A context naming one item asks the delegate for that item alone and lays out as a full
    /// invalidation would; one that keeps the delegate metrics asks nothing, and cells whose
    /// attributes did not change are not given them again.
    @Test func invalidationContextsNarrowWhatIsMeasuredAgain() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

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
                        local frame = cell and cell.frame
                        result[#result + 1] = cell and tostring(frame.origin.x) .. "," .. tostring(frame.origin.y) .. ","
                            .. tostring(frame.size.width) or "-"
                    end
                    return table.concat(result, " ")
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(try t.run("return #asked") == [100])
        try t.run(
            """
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
        try t.run(
            """
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
        try t.run(
            TutorialCollection.tutorial + """

                Bad = objc.UICollectionViewFlowLayout:createSubclass("Bad")
                answer = "ghost"
                function Bad:layoutAttributesForElementsInRect(rect)
                    local found = self[objc.UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
                    if answer == "ghost" then
                        local missing = objc.NSIndexPath:indexPathForItem_inSection(500, 0)
                        found = { found[1], objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(missing) }
                    elseif answer == "string" then
                        found = { found[1], "not attributes" }
                    elseif answer == "nil" then
                        found = nil
                    end
                    return found
                end
                controller = CollectionController:newWithCollectionViewLayout(Bad:new())
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        #expect(t.warnings.contains { $0.contains("item 500 of section 0, which does not exist") }, "\(t.warnings)")
        #expect(try t.run("return #controller.collectionView.visibleCells") == [1])
        for answer in ["string", "nil", "fine"] {
            try t.run("answer = '\(answer)' controller.collectionView:setNeedsLayout()")
            try t.world.layoutPass()
        }
        #expect(
            t.errors.contains {
                $0.contains("Bad:layoutAttributesForElementsInRect returned a wrong value") && $0.contains("string")
            },
            "\(t.errors)")
        #expect(try t.run("return #controller.collectionView.visibleCells") == [33])
    }
}
