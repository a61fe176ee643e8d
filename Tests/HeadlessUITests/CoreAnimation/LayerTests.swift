import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Layers made by scripts: their tree and geometry, implicit animations and CATransaction,
/// and CADisplayLink and run-loop timers on the virtual clock.
@Suite struct LayerTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            host = controller.view.layer
            """)
        try t.show()
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try #require(try t.run("return " + expression).first?.numberValue)
    }

    @Test func sublayersAreAddedInsertedAndRemovedAndRefuseCycles() throws {
        let t = try world()
        try t.run(
            """
            a, b, c = objc.CALayer:layer(), objc.CALayer:layer(), objc.CALayer:layer()
            host:addSublayer(a) host:addSublayer(b) host:insertSublayer_atIndex(c, 0)
            names = {}
            for index, layer in ipairs(host.sublayers) do
                names[index] = layer == a and "a" or layer == b and "b" or "c"
            end
            """)
        #expect(try t.run("return table.concat(names, ''), a.superlayer == host") == ["cab", true])
        try t.run("a:removeFromSuperlayer()")
        #expect(try t.run("return #host.sublayers, a.superlayer") == [2, .nil])
        #expect(
            t.error("b:addSublayer(b)").contains("a layer cannot be added to itself or to one of its own sublayers"))
        #expect(t.error("b:addSublayer(objc.UIView:new().layer)").contains("a view's layer is added with its view"))
    }

    /// The frame is the bounds placed by the position at the anchor point: a 100 x 40 layer at
    /// (50, 50) anchored at its top-left corner starts there.
    @Test func theFrameFollowsPositionBoundsAndAnchorPoint() throws {
        let t = try world()
        try t.run(
            """
            layer = objc.CALayer:layer()
            layer.bounds = struct.CGRect(0, 0, 100, 40)
            layer.position = struct.CGPoint(50, 50)
            """)
        #expect(try t.run("local f = layer.frame return f.origin.x, f.origin.y") == [0, 30])
        try t.run("layer.anchorPoint = struct.CGPoint(0, 0)")
        #expect(try t.run("local f = layer.frame return f.origin.x, f.origin.y") == [50, 50])
        try t.run("layer.frame = struct.CGRect(10, 20, 30, 40)")
        #expect(try t.run("local p = layer.position return p.x, p.y, layer.bounds.size.width") == [10, 20, 30])
    }

    @Test func aLayerInATreeAnimatesItsChangesForAQuarterSecond() throws {
        let t = try world()
        try t.run("layer = objc.CALayer:layer() host:addSublayer(layer) layer.opacity = 0 simulate.advance(0.125)")
        let halfway = try number(t, "layer:presentationLayer().opacity")
        #expect(halfway > 0.1 && halfway < 0.9, "on CA's default curve: \(halfway)")
        #expect(try number(t, "layer.opacity") == 0)
        try t.run("simulate.advance(0.2)")
        #expect(try number(t, "layer:presentationLayer().opacity") == 0)
        try t.run("loose = objc.CALayer:layer() loose.opacity = 0")
        #expect(try t.run("return loose:animationForKey('opacity')") == [.nil], "a layer in no tree does not animate")
    }

    @Test func aTransactionSetsTheDurationDisablesActionsAndRunsItsCompletion() throws {
        let t = try world()
        try t.run(
            """
            layer = objc.CAShapeLayer:layer()
            host:addSublayer(layer)
            done = nil
            objc.CATransaction:begin()
            objc.CATransaction:setAnimationDuration(2)
            objc.CATransaction:setCompletionBlock(function() done = require('QuartzCore.CABase').CACurrentMediaTime() end)
            layer.strokeEnd = 0
            objc.CATransaction:commit()
            objc.CATransaction:begin()
            objc.CATransaction:setDisableActions(true)
            layer.lineWidth = 9
            objc.CATransaction:commit()
            simulate.advance(1)
            """)
        let midway = try number(t, "layer:presentationLayer().strokeEnd")
        #expect(midway > 0.1 && midway < 0.9, "\(midway)")
        #expect(try number(t, "layer:presentationLayer().lineWidth") == 9, "no action: at once")
        #expect(try t.run("return done") == [.nil])
        try t.run("simulate.advance(1.5)")
        #expect(abs(try number(t, "done") - 2) < 0.02, "when the two-second animation ended")
        #expect(t.error("objc.CATransaction:commit()").contains("CATransaction commit without a begin"))
    }

    @Test func aDisplayLinkCallsItsTargetEachFrameUntilInvalidated() throws {
        let t = try world()
        try t.run(
            """
            stamps = {}
            Ticker = objc.NSObject:createSubclass "Ticker"
            function Ticker:tick(link) stamps[#stamps + 1] = link.timestamp end
            ticker = Ticker:new()
            link = objc.CADisplayLink:displayLinkWithTarget_selector(ticker, "tick:")
            link:addToRunLoop_forMode(objc.NSRunLoop.mainRunLoop, require("Foundation.NSRunLoop").NSRunLoopCommonModes)
            simulate.advance(1)
            """)
        #expect(try number(t, "#stamps") == 60)
        #expect(abs(try number(t, "stamps[2] - stamps[1]") - 1.0 / 60) < 1e-9)
        try t.run("link.paused = true simulate.advance(0.5) link.paused = false simulate.advance(0.1)")
        #expect(try number(t, "#stamps") == 66)
        try t.run("link:invalidate() simulate.advance(1) sentinel = true")
        #expect(try t.run("return #stamps, sentinel") == [66, true])
        try t.run(
            "link2 = objc.CADisplayLink:displayLinkWithTarget_selector(ticker, 'tick:') link2.preferredFramesPerSecond = 20"
        )
        #expect(abs(try number(t, "link2.duration") - 0.05) < 1e-12)
    }

    @Test func aTimerMadeUnscheduledRunsOnceAddedToTheRunLoop() throws {
        let t = try world()
        try t.run(
            """
            fired = 0
            timer = objc.NSTimer:timerWithTimeInterval_repeats_block(0.5, true, function() fired = fired + 1 end)
            simulate.advance(1)
            before = fired
            objc.NSRunLoop.mainRunLoop:addTimer_forMode(timer, "kCFRunLoopDefaultMode")
            objc.NSRunLoop.mainRunLoop:addTimer_forMode(timer, "kCFRunLoopDefaultMode")
            simulate.advance(1.01)
            timer:invalidate()
            """)
        #expect(try t.run("return before") == [0])
        // Its fire date was half a second after it was made, already past: it fires at once,
        // then every half second; adding it twice schedules it once.
        #expect(try t.run("return fired") == [3])
    }
}
