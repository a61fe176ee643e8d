import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIScrollView on the virtual clock: dragging, UIKit's deceleration, rubber-banding and the
/// bounce back, paging, the delegate's calls and its say over where the content comes to rest.
/// The numbers are worked by hand from UIKit's model (docs/guide/views-and-controls.md).
@Suite struct ScrollViewTests {
    /// A phone-sized scroll view over content 3,000 points tall, the root's view; `log` records
    /// the delegate's calls, `offsets` every offset it saw.
    func world(_ setup: String = "") throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            ScrollController = objc.UIViewController:createSubclass("ScrollController")
            local Controller = ScrollController
            function Controller:loadView()
                scrollView = objc.UIScrollView:newWithFrame(struct.CGRect(0, 0, 375, 667))
                scrollView.contentSize = struct.CGSize(375, 3000)
                -- The motion from the screen's top: no inset for the status bar.
                scrollView.contentInsetAdjustmentBehavior = 2
                scrollView.delegate = self
                self.view = scrollView
            end
            log, offsets = {}, {}
            for _, name in ipairs { "scrollViewWillBeginDragging", "scrollViewWillBeginDecelerating",
                                    "scrollViewDidEndDecelerating", "scrollViewDidEndScrollingAnimation" } do
                Controller[name] = function(self, view) log[#log + 1] = name end
            end
            function Controller:scrollViewDidScroll(view) offsets[#offsets + 1] = view.contentOffset.y end
            function Controller:scrollViewDidEndDragging_willDecelerate(view, decelerate)
                log[#log + 1] = "scrollViewDidEndDragging " .. tostring(decelerate)
                released = view.contentOffset.y
            end
            Controller:declareProtocol "UIScrollViewDelegate"
            controller = Controller:new()
            """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run(setup)
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try t.run("return " + expression).first?.numberValue ?? .nan
    }

    @Test func theOffsetRangeFollowsTheContentAndItsInsets() throws {
        let t = try world()
        try t.run(
            """
            scrollView.contentInset = struct.UIEdgeInsets(20, 0, 30, 0)
            scrollView.contentOffset = struct.CGPoint(0, 100)
            """)
        #expect(
            try t.run("return scrollView.contentOffset.y, scrollView.bounds.origin.y, offsets[1], #offsets") == [
                100, 100, 100, 1,
            ])
        #expect(
            try t.run("return scrollView.adjustedContentInset.top, scrollView.dragging, scrollView.decelerating") == [
                20, false, false,
            ])
        // A flick far up comes to rest at the top inset; one far down at 3000 + 30 - 667.
        try t.run(
            "simulate.flick { from = { x = 100, y = 100 }, to = { x = 100, y = 600 }, duration = 0.05 } simulate.advance(5)"
        )
        #expect(try number(t, "scrollView.contentOffset.y") == -20)
        try t.run(
            "simulate.flick { from = { x = 100, y = 600 }, to = { x = 100, y = 100 }, duration = 0.05 } simulate.advance(5)"
        )
        #expect(try number(t, "scrollView.contentOffset.y") == 2363)
    }

    @Test func aDragMovesTheContentWithTheFingerThenItDeceleratesAsUIKitDoes() throws {
        let t = try world()
        try t.run("simulate.drag { from = { x = 100, y = 500 }, to = { x = 100, y = 200 }, steps = 10 }")
        // Released at 300 (the finger's 300 points) moving 30 points a frame: 1.8 points per
        // millisecond, which comes to rest 1.8 * 0.998 / 0.002 = 898.2 points further.
        #expect(try number(t, "released") == 300)
        #expect(
            try t.run("return log[1], log[2], log[3]") == [
                "scrollViewWillBeginDragging", "scrollViewDidEndDragging true",
                "scrollViewWillBeginDecelerating",
            ])
        #expect(try t.run("return scrollView.decelerating") == [true])
        // 0.5 s after the release, it has gone 1.8 * 0.998 * (1 - 0.998^500) / 0.002 = 567.9 points.
        let afterRelease = try number(t, "scrollView.contentOffset.y")
        let settleTime = 0.35 + 1.0 / 60  // what the drag let pass after lifting
        let expected = { (ms: Double) in 300 + 1.8 * 0.998 * (1 - pow(0.998, ms)) / 0.002 }
        #expect(abs(afterRelease - expected(settleTime * 1000)) < 0.5, "\(afterRelease)")
        try t.run("simulate.advance(\(0.5 - settleTime))")
        #expect(abs(try number(t, "scrollView.contentOffset.y") - expected(500)) < 0.5)
        try t.run("simulate.advance(10)")
        #expect(abs(try number(t, "scrollView.contentOffset.y") - 1198.2) < 0.01)
        #expect(try t.run("return log[#log], scrollView.decelerating") == ["scrollViewDidEndDecelerating", false])
        #expect(
            try t.run(
                "local n = 0 for _, entry in ipairs(log) do if entry == 'scrollViewDidEndDecelerating' then n = n + 1 end end return n"
            ) == [1])
    }

    @Test func pastAnEdgeTheContentRubberBandsThenComesBackExactly() throws {
        let t = try world()
        try t.run("simulate.drag { from = { x = 100, y = 100 }, to = { x = 100, y = 300 }, steps = 10 }")
        // 200 points past the top follow the finger as UIKit's rubber band: (1 - 1 / (200 * 0.55 / 667 + 1)) * 667.
        let stretched = -(1 - 1 / (200 * 0.55 / 667 + 1)) * 667
        #expect(abs(try number(t, "released") - stretched) < 1e-9)
        // Released moving out at 1.2 points per millisecond, it glides on, damped by 0.99 per
        // millisecond: 0.99^t (x0 - 1.2 * 0.998 (1 - 0.998^t) / 0.002), here after 22 frames.
        let settled = 22 * 1000 / 60.0
        let bounced = pow(0.99, settled) * (stretched - 1.2 * 0.998 * (1 - pow(0.998, settled)) / 0.002)
        #expect(abs(try number(t, "scrollView.contentOffset.y") - bounced) < 1e-6)
        try t.run("simulate.advance(3)")
        #expect(
            try t.run("return scrollView.contentOffset.y, scrollView.decelerating, log[#log]") == [
                0, false, "scrollViewDidEndDecelerating",
            ])
        #expect(try number(t, "math.min(table.unpack(offsets))") < -94)
    }

    @Test func aFlickPastTheEndOvershootsAndSettlesAtTheEdge() throws {
        let t = try world("scrollView.contentOffset = struct.CGPoint(0, 2200)")
        try t.run(
            "simulate.flick { from = { x = 100, y = 600 }, to = { x = 100, y = 300 }, duration = 0.1 } simulate.advance(5)"
        )
        #expect(try number(t, "math.max(table.unpack(offsets))") > 2333)
        #expect(try number(t, "scrollView.contentOffset.y") == 2333)
    }

    @Test func withoutBouncingTheContentStopsAtItsEdges() throws {
        let t = try world("scrollView.bounces = false")
        try t.run(
            "simulate.drag { from = { x = 100, y = 100 }, to = { x = 100, y = 300 }, steps = 10 } simulate.advance(3)")
        #expect(try number(t, "math.min(0, table.unpack(offsets))") >= 0)
        try t.run(
            "offsets = {} simulate.flick { from = { x = 100, y = 600 }, to = { x = 100, y = 100 }, duration = 0.05 } simulate.advance(8)"
        )
        #expect(try number(t, "math.max(table.unpack(offsets))") == 2333)
        #expect(try number(t, "scrollView.contentOffset.y") == 2333)
    }

    @Test func pagingSnapsToTheNextPageTheWayTheFlickWent() throws {
        let t = try world("scrollView.pagingEnabled = true")
        try t.run(
            "simulate.drag { from = { x = 100, y = 500 }, to = { x = 100, y = 400 }, steps = 10 } simulate.advance(3)")
        #expect(try number(t, "scrollView.contentOffset.y") == 667)
        // A slow drag back of less than half a page returns to the page it left.
        try t.run(
            "simulate.drag { from = { x = 100, y = 300 }, to = { x = 100, y = 400 }, steps = 100 } simulate.advance(3)")
        #expect(try number(t, "scrollView.contentOffset.y") == 667)
    }

    @Test func theDelegateChoosesWhereTheContentComesToRest() throws {
        let t = try world(
            """
            function ScrollController:scrollViewWillEndDragging_withVelocity_targetContentOffset(view, velocity, target)
                proposed, speed = target.y, velocity.y
                target.y = 500
            end
            """)
        try t.run(
            "simulate.drag { from = { x = 100, y = 500 }, to = { x = 100, y = 200 }, steps = 10 } simulate.advance(10)")
        #expect(abs(try number(t, "proposed") - 1198.2) < 1e-6)
        #expect(abs(try number(t, "speed") - 1.8) < 1e-6)
        #expect(try number(t, "scrollView.contentOffset.y") == 500)
        #expect(
            t.error(
                """
                function ScrollController:scrollViewWillEndDragging_withVelocity_targetContentOffset(view, velocity, target)
                    target.y = 'down'
                end
                simulate.drag { from = { x = 100, y = 500 }, to = { x = 100, y = 200 }, steps = 10 }
                """
            ).contains("left targetContentOffset without finite x and y"))
    }

    @Test func anAnimatedOffsetEasesThereAndSaysSo() throws {
        let t = try world()
        try t.run("scrollView:setContentOffset_animated(struct.CGPoint(0, 600), true) simulate.frames(9)")
        #expect(abs(try number(t, "scrollView.contentOffset.y") - 300) < 1)  // halfway, eased in and out
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return scrollView.contentOffset.y, log[#log]") == [600, "scrollViewDidEndScrollingAnimation"])
        #expect(t.error("simulate.frames(0)").contains("steps must be from 1 to 10000"))
        #expect(t.error("simulate.advance(-1)").contains("seconds must be from 0 to 3600"))
        #expect(
            t.error("simulate.flick { from = { x = 1, y = 1 }, to = { x = 2, y = 2 }, duration = 0 }").contains(
                "duration must be above 0"))
        #expect(t.error("scrollView.decelerationRate = 1").contains("decelerationRate must be between 0 and 1"))
    }

    @Test func aFlickedCollectionViewShowsTheCellsOfEachFrameAndReusesThem() throws {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return 1000 end
                seen = {}
                function CollectionController:scrollViewDidScroll(view)
                    seen[#seen + 1] = #view:visibleCells()
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        let before = try number(t, "made")
        try t.run(
            "simulate.flick { from = { x = 100, y = 600 }, to = { x = 100, y = 100 }, duration = 0.05 } simulate.advance(6)"
        )
        #expect(try number(t, "controller.collectionView.contentOffset.y") > 3000)
        #expect(try number(t, "#seen") > 60)
        // Each frame's layout pass keeps a screenful: the cells made stay about one row more.
        let made = try number(t, "made")
        #expect(made <= before + 6, "made \(made) cells, \(before) at first")
        #expect(try number(t, "reused") > 100)
    }
}
