import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// A scroll view zooming its delegate's view: by code within the limits, to a rect, and by a
/// pinch that keeps what is under the fingers there and bounces back from past a limit.
@Suite struct ZoomingTests {
    func world(maximum: Double = 4) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            heard = {}
            Delegate = objc.NSObject:createSubclass "ZoomDelegate"
            Delegate:declareProtocol "UIScrollViewDelegate"
            function Delegate:viewForZoomingInScrollView(scrollView) return picture end
            function Delegate:scrollViewWillBeginZooming_withView(scrollView, view)
                heard[#heard + 1] = "begin"
            end
            function Delegate:scrollViewDidZoom(scrollView)
                zooms = (zooms or 0) + 1
                peak = math.max(peak or 0, scrollView.zoomScale)
                bounced = bounced or scrollView.zoomBouncing
            end
            function Delegate:scrollViewDidEndZooming_withView_atScale(scrollView, view, scale)
                heard[#heard + 1] = "end@" .. scale
            end
            controller = objc.UIViewController:new()
            scroll = objc.UIScrollView:newWithFrame(struct.CGRect(0, 0, 375, 667))
            picture = objc.UIView:newWithFrame(struct.CGRect(0, 0, 375, 667))
            mark = objc.UIView:newWithFrame(struct.CGRect(10, 10, 20, 20))
            picture:addSubview(mark)
            scroll:addSubview(picture)
            scroll.contentSize = picture.frame.size
            delegate = Delegate:new()
            scroll.delegate = delegate
            scroll.maximumZoomScale = \(maximum)
            controller.view:addSubview(scroll)
            function numbers(...) return ... end
            """)
        try t.show()
        return t
    }

    func numbers(_ t: TestWorld, _ expression: String) throws -> [Double] {
        try t.run("return " + expression).map { $0.numberValue ?? .nan }
    }

    /// At 2, the content is 750 x 1334 and the visible centre (187.5, 333.5) stays put.
    @Test func aScaleSetByCodeKeepsTheVisibleCentreWithinTheLimits() throws {
        let t = try world()
        try t.run("scroll.zoomScale = 2")
        #expect(
            try numbers(t, "scroll.zoomScale, scroll.contentSize.width, scroll.contentSize.height") == [2, 750, 1334])
        #expect(try numbers(t, "scroll.contentOffset.x, scroll.contentOffset.y") == [187.5, 333.5])
        #expect(try numbers(t, "picture.frame.origin.x, picture.frame.size.width") == [0, 750])
        let mark = try numbers(
            t,
            "mark:convertRect_toView(mark.bounds, nil).origin.x, mark:convertRect_toView(mark.bounds, nil).size.width")
        #expect(mark == [20 - 187.5, 40], "the view inside is drawn twice as large, where the offset puts it")
        try t.run("scroll.zoomScale = 10")
        #expect(try numbers(t, "scroll.zoomScale") == [4], "within the maximum")
        #expect(try t.run("return heard[1]") == [.nil], "code that zooms at once tells only scrollViewDidZoom")
        #expect(try numbers(t, "zooms") == [2])
    }

    /// A 100-point square fits at 3.75 (the width's limit), centred as far as the edges allow.
    @Test func zoomToRectFitsItAndAnimatesWhenAsked() throws {
        let t = try world()
        try t.run("scroll:zoomToRect_animated(struct.CGRect(150, 300, 100, 100), false)")
        #expect(try numbers(t, "scroll.zoomScale") == [3.75])
        #expect(
            try numbers(t, "scroll.contentOffset.x, scroll.contentOffset.y") == [
                200 * 3.75 - 187.5, 350 * 3.75 - 333.5,
            ])
        try t.run("scroll:setZoomScale_animated(1, true) simulate.advance(0.15)")
        let halfway = try numbers(t, "scroll.zoomScale")[0]
        #expect(halfway > 1 && halfway < 3.75, "\(halfway)")
        try t.run("simulate.advance(0.5)")
        #expect(try numbers(t, "scroll.zoomScale, scroll.contentOffset.x, scroll.contentOffset.y") == [1, 0, 0])
        #expect(try t.run("return table.concat(heard, ' ')") == [.string("end@1.0")])
    }

    /// A pinch doubling the fingers' distance about the centre doubles the scale about it.
    @Test func aPinchZoomsAboutTheFingersAndBouncesBackFromPastTheLimit() throws {
        let t = try world()
        try t.run("simulate.pinch { at = { x = 187.5, y = 333.5 }, scale = 2, steps = 10 } simulate.advance(0.5)")
        #expect(try numbers(t, "scroll.zoomScale") == [2])
        let offset = try numbers(t, "scroll.contentOffset.x, scroll.contentOffset.y")
        #expect(abs(offset[0] - 187.5) < 1e-9 && abs(offset[1] - 333.5) < 1e-9, "\(offset)")
        #expect(try t.run("return table.concat(heard, ' ')") == [.string("begin end@2.0")])
        // From 2, a pinch of 4 asks for 8: past the 4 it gives 4 x sqrt(2), then eases back.
        #expect(try t.run("return bounced") == [false], "within the limits, nothing to bounce back from")
        try t.run("heard = {} peak = 0 simulate.pinch { at = { x = 187.5, y = 333.5 }, scale = 4, steps = 10 }")
        let peak = try numbers(t, "peak")[0]
        #expect(abs(peak - 4 * 2.0.squareRoot()) < 1e-9, "\(peak)")
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return bounced, scroll.zoomBouncing, scroll.zooming") == [true, false, false])
        #expect(try numbers(t, "scroll.zoomScale") == [4])
        #expect(try t.run("return table.concat(heard, ' ')") == [.string("begin end@4.0")])
    }

    @Test func zoomingIsOffWhileTheLimitsAreEqualOrThereIsNoViewToZoom() throws {
        let t = try world(maximum: 1)
        #expect(try t.run("return scroll.pinchGestureRecognizer") == [.nil])
        try t.run("simulate.pinch { at = { x = 187.5, y = 333.5 }, scale = 2, steps = 10 }")
        #expect(try numbers(t, "scroll.zoomScale") == [1])
        try t.run("scroll.maximumZoomScale = 3 function Delegate:viewForZoomingInScrollView() return nil end")
        #expect(try t.run("return scroll.pinchGestureRecognizer ~= nil") == [true])
        try t.run("scroll.zoomScale = 2 simulate.pinch { at = { x = 187.5, y = 333.5 }, scale = 2, steps = 10 }")
        #expect(try numbers(t, "scroll.zoomScale") == [1], "no view to zoom: nothing zooms")
        try t.run(
            "function Delegate:viewForZoomingInScrollView() return picture end "
                + "simulate.pinch { at = { x = 187.5, y = 333.5 }, scale = 2, steps = 10 }")
        #expect(try numbers(t, "scroll.zoomScale") == [2], "the sentinel: with a view, the same pinch zooms")
        #expect(t.error("scroll.minimumZoomScale = 0").contains("minimumZoomScale must be above 0, got 0"))
        #expect(t.error("scroll:zoomToRect_animated(struct.CGRect(0, 0, 0 / 0, 1), false)").contains("rect"))
    }
}
