import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Highlighting and selecting items on taps, with the delegate asked and told.
@Suite struct SelectionTests {
    @Test func tapsSelectItemsWithTheDelegateCalls() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

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
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run(
            """
            simulate.tap { at = { x = 50, y = 30 } }    -- item 0
            simulate.tap { at = { x = 170, y = 30 } }   -- item 1
            simulate.tap { at = { x = 300, y = 30 } }   -- item 2: refused
            """)
        #expect(
            try t.run("return table.concat(log, ', ')") == [
                "highlight 0, unhighlight 0, select 0, highlight 1, unhighlight 1, deselect 0, select 1, highlight 2, unhighlight 2"
            ])
        #expect(
            try t.run(
                """
                local cv = controller.collectionView
                local paths = cv.indexPathsForSelectedItems
                return #paths, paths[1].item, cv:cellForItemAtIndexPath(paths[1]).selected,
                       cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0)).selected
                """) == [1, 1, true, false])
        try t.run(
            """
            log = {}
            controller.collectionView.allowsMultipleSelection = true
            simulate.tap { at = { x = 50, y = 30 } }
            simulate.tap { at = { x = 170, y = 30 } }
            """)
        #expect(
            try t.run("return table.concat(log, ', '), #controller.collectionView.indexPathsForSelectedItems") == [
                "highlight 0, unhighlight 0, select 0, highlight 1, unhighlight 1, deselect 1", 1,
            ])
        // A drag is not a tap: the item is highlighted, then not, and nothing is selected.
        try t.run("log = {} simulate.drag { from = { x = 50, y = 100 }, to = { x = 50, y = 300 } }")
        #expect(try t.run("return table.concat(log, ', ')") == ["highlight 3, unhighlight 3"])
    }

    /// UIKit gives touches to a view's gesture recognizers before its own touch handling: a tap
    /// recognizer on the collection view takes the tap, and the item is not selected (what
    /// `cancelsTouchesInView` does).
    @Test func aTapRecognizerOnTheCollectionViewTakesTheTapFromSelection() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                log = {}
                function CollectionController:collectionView_didSelectItemAtIndexPath(collectionView, indexPath)
                    log[#log + 1] = "select " .. indexPath.item
                end
                function CollectionController:handleTap(recognizer) log[#log + 1] = "tap " .. recognizer.state end
                CollectionController:publishActionMethod "handleTap"
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run(
            """
            local tap = objc.UITapGestureRecognizer:newWithTarget_action(controller, "handleTap")
            controller.collectionView:addGestureRecognizer(tap)
            simulate.tap { at = { x = 50, y = 30 } }
            tap.numberOfTapsRequired = 2
            simulate.tap { at = { x = 170, y = 30 } }   -- one tap of two: the tap fails, selection happens
            """)
        #expect(try t.run("return table.concat(log, ', ')") == ["tap 3, select 1"])
    }
}
