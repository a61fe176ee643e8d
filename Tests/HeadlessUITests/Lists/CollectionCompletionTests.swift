import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The rest of UICollectionView: animated updates with the layout's initial and final
/// attributes, display calls, scrolling to an item, supplementary and decoration views, and
/// the layout's say over where a flick rests. The tutorial's flow layout puts three 100 x 50
/// items in a row, at x = 10, 137.5 and 265, rows 60 points apart from y = 10.
@Suite struct CollectionCompletionTests {
    func world(_ extra: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                count = 100
                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return count end
                shown, ended = {}, {}
                function CollectionController:collectionView_willDisplayCell_forItemAtIndexPath(cv, cell, path)
                    shown[#shown + 1] = path.item
                end
                function CollectionController:collectionView_didEndDisplayingCell_forItemAtIndexPath(cv, cell, path)
                    ended[#ended + 1] = path.item
                end
                path = function(item, section) return objc.NSIndexPath:indexPathForItem_inSection(item, section or 0) end
                \(extra)
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("cv = controller.collectionView")
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try t.run("return " + expression).first?.numberValue ?? .nan
    }

    @Test func aBatchUpdateMovesFadesInAndFadesOutThenEnds() throws {
        let t = try world()
        #expect(try t.run("return #shown, #ended") == [33, 0])  // eleven rows of three reach the screen
        try t.run(
            """
            deleted, moving = cv:cellForItemAtIndexPath(path(0)), cv:cellForItemAtIndexPath(path(1))
            cv:performBatchUpdates_completion(function()
                cv:deleteItemsAtIndexPaths { path(0) }
                cv:insertItemsAtIndexPaths { path(5) }
            end, function(finished) done = finished end)
            inserted = cv:cellForItemAtIndexPath(path(5))
            simulate.advance(0.15)
            """)
        // Halfway through the ease in-out: the moved cell halfway from x 137.5 to 10, the new
        // one half faded in, the deleted one half faded out and still on screen.
        #expect(try number(t, "moving.layer:presentationLayer().frame.origin.x") == 73.75)
        #expect(try number(t, "moving.frame.origin.x") == 10)
        #expect(try t.run("return inserted.alpha, inserted.layer:presentationLayer().opacity") == [1, 0.5])
        #expect(
            try t.run("return deleted.superview == cv, deleted.layer:presentationLayer().opacity, done") == [
                true, 0.5, nil,
            ])
        try t.run("simulate.advance(0.2)")
        #expect(try t.run("return deleted.superview, done, ended[#ended]") == [nil, true, 0])
    }

    @Test func theLayoutChoosesWhereItemsAppearFromAndDisappearTo() throws {
        let t = try world(
            """
            local Layout = objc.UICollectionViewFlowLayout:createSubclass "FromTheSide"
            function Layout:initialLayoutAttributesForAppearingItemAtIndexPath(indexPath)
                local attributes = self:layoutAttributesForItemAtIndexPath(indexPath)
                attributes.center = struct.CGPoint(-100, attributes.center.y)
                return attributes
            end
            function Layout:finalLayoutAttributesForDisappearingItemAtIndexPath(indexPath)
                local attributes = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(indexPath)
                attributes.frame = struct.CGRect(500, 0, 100, 50)
                return attributes
            end
            controller = CollectionController:newWithCollectionViewLayout(Layout:new())
            """)
        try t.run(
            """
            leaving = cv:cellForItemAtIndexPath(path(2))
            count = 100
            cv:performBatchUpdates_completion(function()
                cv:deleteItemsAtIndexPaths { path(2) }
                cv:insertItemsAtIndexPaths { path(2) }
            end, nil)
            arriving = cv:cellForItemAtIndexPath(path(2))
            """)
        #expect(try number(t, "arriving.layer:presentationLayer().position.x") == -100)
        #expect(try number(t, "arriving.layer:presentationLayer().opacity") == 1)
        try t.run("simulate.advance(0.15)")
        #expect(try number(t, "leaving.layer:presentationLayer().frame.origin.x") == (265 + 500) / 2)
        #expect(try number(t, "arriving.layer:presentationLayer().position.x") == (-100 + 315) / 2)
    }

    @Test func cellsAreAnnouncedAsTheyComeAndGoWhileScrolling() throws {
        let t = try world()
        try t.run("shown, ended = {}, {} cv.contentOffset = struct.CGPoint(0, 60) cv:layoutIfNeeded()")
        // One row left at the top (items 0 to 2), one came in at the bottom (33 to 35).
        #expect(
            try t.run("table.sort(ended) table.sort(shown) return table.concat(ended, ','), table.concat(shown, ',')")
                == ["0,1,2", "33,34,35"])
        try t.run("shown, ended = {}, {} cv:reloadData() cv:layoutIfNeeded()")
        #expect(try t.run("return #ended, #shown") == [33, 33])
    }

    @Test func scrollingToAnItemPlacesItWhereThePositionSays() throws {
        let t = try world()
        try t.run(
            "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(30), P.Top, false)"
        )
        // The collection view rests below the status bar (its adjusted inset's top, 20): row 10,
        // which starts at 10 + 10 * 60, goes just below it.
        #expect(try number(t, "cv.adjustedContentInset.top") == 20)
        #expect(try number(t, "cv.contentOffset.y") == 610 - 20)
        try t.run(
            "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(30), P.CenteredVertically, false)"
        )
        #expect(try number(t, "cv.contentOffset.y") == 635 - (667 - 20) / 2 - 20)  // centred below the bar
        try t.run(
            "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(60), P.Bottom, false)"
        )
        #expect(try number(t, "cv.contentOffset.y") == 1260 - 667)
        try t.run(
            "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(30), P.Bottom, false)"
        )
        #expect(try number(t, "cv.contentOffset.y") == 660 - 667)  // above the top, but not past the inset
        // The last row cannot reach the top: the content (34 rows, 10 + 34 * 60 - 10 + 10
        // points) stops at its bottom.
        try t.run(
            "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(99), P.Top, true)"
        )
        #expect(try t.run("return cv.contentOffset.y") == [-7])
        try t.run("simulate.advance(1)")
        #expect(try number(t, "cv.contentOffset.y") == 2050 - 667)
        #expect(try t.run("return cv:cellForItemAtIndexPath(path(99)) ~= nil") == [true])
        #expect(
            t.error(
                """
                local P = require('UIKit.UICollectionView').ScrollPosition
                cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(3), P.Top | P.Bottom, false)
                """
            ).contains("combines more than one vertical position"))
        #expect(
            t.error(
                "local P = require('UIKit.UICollectionView').ScrollPosition cv:scrollToItemAtIndexPath_atScrollPosition_animated(path(300), P.Top, false)"
            )
            .contains("no item 300 in section 0"))
    }

    @Test func supplementaryViewsCanBeFoundByKindAndIndexPath() throws {
        let t = try world(
            """
            local Kinds = require "UIKit.UICollectionViewFlowLayout"
            Header = objc.UICollectionReusableView:createSubclass "Header"
            local loaded = CollectionController.viewDidLoad
            function CollectionController:viewDidLoad()
                loaded(self)
                self.collectionView:registerClass_forSupplementaryViewOfKind_withReuseIdentifier(Header, Kinds.UICollectionElementKindSectionHeader, "H")
                self.collectionView.collectionViewLayout.headerReferenceSize = struct.CGSize(0, 40)
            end
            function CollectionController:collectionView_viewForSupplementaryElementOfKind_atIndexPath(cv, kind, indexPath)
                return cv:dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath(kind, "H", indexPath)
            end
            header = Kinds.UICollectionElementKindSectionHeader
            """)
        #expect(
            try t.run(
                "return #cv:visibleSupplementaryViewsOfKind(header), #cv:visibleSupplementaryViewsOfKind('other')") == [
                    1, 0,
                ])
        #expect(
            try t.run(
                "return cv:supplementaryViewForElementKind_atIndexPath(header, path(0)) == cv:visibleSupplementaryViewsOfKind(header)[1]"
            )
                == [true])
        #expect(
            try t.run(
                "local paths = cv:indexPathsForVisibleSupplementaryElementsOfKind(header) return #paths, paths[1].section"
            ) == [1, 0])
        #expect(
            try t.run(
                "return cv:layoutAttributesForSupplementaryElementOfKind_atIndexPath(header, path(0)).frame.size.height"
            ) == [40])
    }

    @Test func decorationViewsComeFromTheClassesRegisteredWithTheLayout() throws {
        let t = try world(
            """
            local Layout = objc.UICollectionViewFlowLayout:createSubclass "Decorated"
            function Layout:layoutAttributesForElementsInRect(rect)
                local all = self[objc.UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
                local band = objc.UICollectionViewLayoutAttributes:layoutAttributesForDecorationViewOfKind_withIndexPath("band", path(0))
                band.frame = struct.CGRect(0, 0, 375, 5)
                return all:arrayByAddingObject(band)
            end
            Band = objc.UICollectionReusableView:createSubclass "Band"
            decorated = Layout:new()
            controller = CollectionController:newWithCollectionViewLayout(decorated)
            """)
        #expect(
            t.warnings.contains {
                $0.contains("decoration view of kind 'band'") && $0.contains("registerClass_forDecorationViewOfKind")
            })
        try t.run("decorated:registerClass_forDecorationViewOfKind(Band, 'band') cv:layoutIfNeeded()")
        #expect(
            try t.run(
                """
                for _, view in ipairs(cv.subviews) do
                    if view:isKindOfClass(Band) then return view.frame.size.width, view.frame.size.height end
                end
                """) == [375, 5])
        #expect(
            t.error("decorated:registerClass_forDecorationViewOfKind(objc.UILabel, 'band')").contains(
                "UILabel is not a UICollectionReusableView class"))
        #expect(t.error("local cells = cv.visibleCells cells[#cells + 1] = 1").contains("an NSArray cannot be changed"))
    }

    @Test func aLayoutGivesAttributesOfItsOwnClassWithFieldsThatReachTheCells() throws {
        let t = try world(
            """
            Tilted = objc.UICollectionViewLayoutAttributes:createSubclass "TiltedAttributes"
            function Tilted:init() self[objc.UICollectionViewLayoutAttributes]:init() self.tilt = 0 return self end
            function Tilted:isEqual(other)
                return self[objc.UICollectionViewLayoutAttributes]:isEqual(other) and self.tilt == other.tilt
            end
            local Layout = objc.UICollectionViewFlowLayout:createSubclass "TiltingLayout"
            function Layout.classMethod:layoutAttributesClass() return Tilted end
            layoutTilt = 1
            function Layout:layoutAttributesForElementsInRect(rect)
                local all = self[objc.UICollectionViewFlowLayout]:layoutAttributesForElementsInRect(rect)
                for attributes in all do attributes.tilt = layoutTilt end
                return all
            end
            function LabelCell:applyLayoutAttributes(attributes)
                self.appliedTilt, self.appliedKind = attributes.tilt, attributes:isKindOfClass(Tilted)
            end
            tilting = Layout:new()
            controller = CollectionController:newWithCollectionViewLayout(tilting)
            """)
        #expect(
            try t.run("local cell = cv:cellForItemAtIndexPath(path(4)) return cell.appliedTilt, cell.appliedKind") == [
                1, true,
            ])
        // The same frames with another tilt: only the subclass's isEqual tells them apart.
        try t.run("layoutTilt = 2 tilting:invalidateLayout() cv:layoutIfNeeded()")
        #expect(try t.run("return cv:cellForItemAtIndexPath(path(4)).appliedTilt") == [2])
        // The factories, called on the subclass, make instances of it, with its init run.
        #expect(
            try t.run(
                """
                local made = Tilted:layoutAttributesForCellWithIndexPath(path(0))
                local copied = made:copy()
                made.tilt = 5
                return made:isKindOfClass(Tilted), copied:isKindOfClass(Tilted), copied.tilt, objc.UICollectionViewLayout:layoutAttributesClass() == objc.UICollectionViewLayoutAttributes
                """) == [true, true, 0, true])
        try t.run(
            """
            local Wrong = objc.UICollectionViewFlowLayout:createSubclass "WrongAttributesLayout"
            function Wrong.classMethod:layoutAttributesClass() return objc.NSObject:createSubclass "NotAttributes" end
            cv:setCollectionViewLayout_animated(Wrong:new(), false)
            cv:layoutIfNeeded()
            """)
        #expect(
            t.errors.contains {
                $0.contains(
                    "WrongAttributesLayout.layoutAttributesClass gave NotAttributes, which is not a "
                        + "UICollectionViewLayoutAttributes class")
            })
    }

    @Test func theLayoutHasTheLastWordOnWhereAFlickRests() throws {
        let t = try world(
            """
            local Layout = objc.UICollectionViewFlowLayout:createSubclass "RowSnapping"
            function Layout:targetContentOffsetForProposedContentOffset_withScrollingVelocity(proposed, velocity)
                proposals = (proposals or 0) + 1
                return struct.CGPoint(proposed.x, math.floor(proposed.y / 60 + 0.5) * 60)
            end
            controller = CollectionController:newWithCollectionViewLayout(Layout:new())
            """)
        try t.run(
            "simulate.flick { from = { x = 100, y = 500 }, to = { x = 100, y = 300 }, duration = 0.1 } simulate.advance(10)"
        )
        #expect(try t.run("return proposals") == [1])
        let offset = try number(t, "cv.contentOffset.y")
        #expect(offset > 0 && offset.truncatingRemainder(dividingBy: 60) == 0, "\(offset)")
    }

    @Test func anAnimatedLayoutChangeMovesTheCells() throws {
        let t = try world()
        try t.run(
            """
            local wide = objc.UICollectionViewFlowLayout:new()
            wide.itemSize = struct.CGSize(355, 50)
            wide.sectionInset = struct.UIEdgeInsets(10, 10, 10, 10)
            second = cv:cellForItemAtIndexPath(path(1))
            cv:setCollectionViewLayout_animated_completion(wide, true, function(finished) switched = finished end)
            simulate.advance(0.15)
            """)
        // From (137.5, 10) to (10, 70), halfway.
        #expect(
            try t.run("local f = second.layer:presentationLayer().frame return f.origin.x, f.origin.y") == [73.75, 40])
        try t.run("simulate.advance(0.2)")
        #expect(try t.run("return switched, second.frame.origin.y") == [true, 70])
    }
}
