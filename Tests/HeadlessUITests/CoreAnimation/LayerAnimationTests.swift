import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Core Animation's explicit animations on the virtual clock: what the presentation layer
/// shows while they run, their timing, fill modes and repeats, their delegates, and what a
/// script's bad values get.
@Suite struct LayerAnimationTests {
    /// A shape layer `ring` in the root view's layer, with a delegate that logs its calls.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            ring = objc.CAShapeLayer:layer()
            ring.frame = struct.CGRect(0, 0, 100, 100)
            controller.view.layer:addSublayer(ring)
            log = {}
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "CAAnimationDelegate"
            function Watcher:animationDidStart(animation) log[#log + 1] = "start " .. animation.keyPath end
            function Watcher:animationDidStop_finished(animation, finished)
                log[#log + 1] = "stop " .. animation.keyPath .. " " .. tostring(finished)
            end
            watcher = Watcher:new()
            function stroke(from, to, setup)
                local animation = objc.CABasicAnimation:animationWithKeyPath("strokeEnd")
                animation.fromValue, animation.toValue, animation.duration = from, to, 1
                animation.delegate = watcher
                if setup then setup(animation) end
                ring:addAnimation_forKey(animation, "stroke")
                return animation
            end
            function shown() return ring:presentationLayer().strokeEnd end
            """)
        try t.show()
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try #require(try t.run("return " + expression).first?.numberValue)
    }

    @Test func thePresentationShowsTheAnimatedValueAndTheModelStaysPut() throws {
        let t = try world()
        try t.run("stroke(0, 1) simulate.advance(0.25)")
        #expect(abs(try number(t, "shown()") - 0.25) < 1e-9, "linear unless told otherwise")
        #expect(try number(t, "ring.strokeEnd") == 1)
        try t.run("simulate.advance(1)")
        #expect(try number(t, "shown()") == 1)
        #expect(try t.run("return ring:animationForKey('stroke')") == [.nil], "removed once it ended")
        #expect(try t.run("return table.concat(log, ',')") == ["start strokeEnd,stop strokeEnd true"])
    }

    /// Ease in is the Bézier (0.42, 0, 1, 1): 0.3153 of the way at half the time.
    @Test func aTimingFunctionShapesTheProgress() throws {
        let t = try world()
        try t.run(
            """
            local names = require "QuartzCore.CAMediaTimingFunction"
            stroke(0, 1, function(a) a.timingFunction = objc.CAMediaTimingFunction:functionWithName(names.kCAMediaTimingFunctionEaseIn) end)
            simulate.advance(0.5)
            """)
        #expect(abs(try number(t, "shown()") - 0.3153) < 0.001)
    }

    @Test func fillModeForwardsWithoutRemovalHoldsTheEnd() throws {
        let t = try world()
        try t.run(
            """
            ring.strokeEnd = 0.2
            stroke(0, 0.9, function(a) a.removedOnCompletion = false a.fillMode = require('QuartzCore.CAMediaTiming').kCAFillModeForwards end)
            simulate.advance(2)
            """)
        #expect(try number(t, "shown()") == 0.9)
        #expect(
            try t.run("return ring:animationForKey('stroke') ~= nil, table.concat(ring:animationKeys(), ',')") == [
                true, "stroke",
            ])
        try t.run("ring:removeAnimationForKey('stroke')")
        #expect(try number(t, "shown()") == 0.2)
    }

    @Test func repeatsAndAutoreversesRunBackAndForth() throws {
        let t = try world()
        try t.run("stroke(0, 1, function(a) a.autoreverses = true a.repeatCount = 2 end) simulate.advance(1.25)")
        #expect(abs(try number(t, "shown()") - 0.75) < 1e-9, "on its way back")
        try t.run("simulate.advance(1)")
        #expect(abs(try number(t, "shown()") - 0.25) < 1e-9, "the second time round")
        try t.run("simulate.advance(2)")
        #expect(try t.run("return table.concat(log, ',')") == ["start strokeEnd,stop strokeEnd true"])
    }

    @Test func removingOrReplacingAnAnimationTellsItsDelegateItDidNotFinish() throws {
        let t = try world()
        try t.run("stroke(0, 1) simulate.advance(0.1) stroke(1, 0) simulate.advance(0.1) ring:removeAllAnimations()")
        #expect(
            try t.run("return table.concat(log, ',')") == [
                "start strokeEnd,stop strokeEnd false,start strokeEnd,stop strokeEnd false"
            ])
    }

    @Test func beginTimeAndBackwardsFillWaitWithTheFirstValue() throws {
        let t = try world()
        try t.run(
            """
            stroke(0.3, 1, function(a) a.beginTime = require('QuartzCore.CABase').CACurrentMediaTime() + 0.5 a.fillMode = 'backwards' end)
            simulate.advance(0.25)
            """)
        #expect(try number(t, "shown()") == 0.3)
        #expect(try t.run("return #log") == [0], "not started yet")
    }

    @Test func keyframesRunThroughTheirValuesAtTheirTimes() throws {
        let t = try world()
        try t.run(
            """
            local frames = objc.CAKeyframeAnimation:animationWithKeyPath("position.x")
            frames.values = { 0, 100, 40 }
            frames.keyTimes = { 0, 0.8, 1 }
            frames.duration = 1
            ring:addAnimation_forKey(frames, "x")
            simulate.advance(0.4)
            a = ring:presentationLayer().position.x
            simulate.advance(0.5)
            b = ring:presentationLayer().position.x
            local steps = objc.CAKeyframeAnimation:animationWithKeyPath("opacity")
            steps.values = { 1, 0.5, 0 }
            steps.calculationMode = "discrete"
            steps.duration = 1
            ring:addAnimation_forKey(steps, "fade")
            simulate.advance(0.6)
            c = ring:presentationLayer().opacity
            """)
        #expect(abs(try number(t, "a") - 50) < 1e-9)
        #expect(abs(try number(t, "b") - 70) < 1e-9)
        #expect(try number(t, "c") == 0.5)
    }

    /// Paced: values 0, 10, 30 are a third and all the way by distance, so at half time the
    /// second segment is a quarter done (15). Cubic: through 0, 10, 0, 10, the first segment's
    /// middle is the Catmull-Rom spline's 5.625. A segment's timing function eases it: ease-in
    /// at half time is 0.315 of the way (its Bézier's y where x is 0.5).
    @Test func keyframesPaceCurveAndEaseTheirSegments() throws {
        let t = try world()
        func value(_ setup: String, at time: Double) throws -> Double {
            try t.run(
                """
                ring:removeAllAnimations()
                local frames = objc.CAKeyframeAnimation:animationWithKeyPath("position.x")
                frames.duration = 1
                \(setup)
                ring:addAnimation_forKey(frames, "x")
                simulate.advance(\(time))
                """)
            return try number(t, "ring:presentationLayer().position.x")
        }
        #expect(abs(try value("frames.values = { 0, 10, 30 } frames.calculationMode = 'paced'", at: 0.5) - 15) < 1e-9)
        #expect(abs(try value("frames.values = { 0, 10, 30 }", at: 0.5) - 10) < 1e-9, "linear: the middle value")
        #expect(
            abs(try value("frames.values = { 0, 10, 0, 10 } frames.calculationMode = 'cubic'", at: 1.0 / 6) - 5.625)
                < 1e-6)
        let eased = try value(
            """
            frames.values = { 0, 100 }
            frames.timingFunctions = { objc.CAMediaTimingFunction:functionWithName("easeIn") }
            """, at: 0.5)
        #expect(abs(eased - 31.5) < 0.1, "\(eased)")
    }

    @Test func aKeyframePathMovesThePositionAlongIt() throws {
        let t = try world()
        try t.run(
            """
            local path = objc.UIBezierPath:bezierPath()
            path:moveToPoint(struct.CGPoint(0, 0))
            path:addLineToPoint(struct.CGPoint(100, 0))
            path:addLineToPoint(struct.CGPoint(100, 100))
            local along = objc.CAKeyframeAnimation:animationWithKeyPath("position")
            along.path = path.CGPath
            along.duration = 2
            ring:addAnimation_forKey(along, "along")
            simulate.advance(1.5)
            """)
        let point = try t.run("local p = ring:presentationLayer().position return p.x, p.y").map {
            $0.numberValue ?? -1
        }
        #expect(abs(point[0] - 100) < 1e-9 && abs(point[1] - 50) < 1e-9, "three quarters of the way: \(point)")
    }

    /// A spring of mass 1, stiffness 100 and damping 10 (a damping ratio of 0.5) overshoots
    /// its end, then comes to rest within a thousandth of the way in about 1.3 seconds.
    @Test func aSpringOvershootsAndSettles() throws {
        let t = try world()
        try t.run(
            """
            spring = objc.CASpringAnimation:animationWithKeyPath("position.x")
            spring.fromValue, spring.toValue = 0, 100
            spring.duration = spring.settlingDuration
            ring:addAnimation_forKey(spring, "spring")
            peak = 0
            for _ = 1, 60 do simulate.frames(1) peak = math.max(peak, ring:presentationLayer().position.x) end
            """)
        let settling = try number(t, "spring.settlingDuration")
        #expect(settling > 1 && settling < 1.6, "\(settling)")
        let peak = try number(t, "peak")
        #expect(peak > 110 && peak < 120, "a 16% overshoot for a damping ratio of 0.5: \(peak)")
    }

    @Test func aGroupRunsItsAnimationsTogether() throws {
        let t = try world()
        try t.run(
            """
            local fade = objc.CABasicAnimation:animationWithKeyPath("opacity")
            fade.fromValue, fade.toValue = 1, 0
            local grow = objc.CABasicAnimation:animationWithKeyPath("transform.scale")
            grow.fromValue, grow.toValue = 1, 3
            grow.beginTime, grow.duration = 0.5, 0.5
            local group = objc.CAAnimationGroup:animation()
            group.animations = { fade, grow }
            group.duration = 1
            ring:addAnimation_forKey(group, "both")
            simulate.advance(0.75)
            """)
        #expect(abs(try number(t, "ring:presentationLayer().opacity") - 0.25) < 1e-9)
        #expect(abs(try number(t, "ring:presentationLayer().transform.m11") - 2) < 1e-9)
    }

    @Test func badValuesGetClearErrors() throws {
        let t = try world()
        #expect(
            t.error("stroke(0, 1, function(a) a.duration = 0/0 end)").contains(
                "duration must be a finite number from 0, got"))
        #expect(
            t.error(
                """
                local a = objc.CAKeyframeAnimation:animationWithKeyPath("position")
                a.path = objc.UIBezierPath:bezierPath().CGPath
                ring:addAnimation_forKey(a, "p")
                """
            ).contains("CAKeyframeAnimation: the path has no points to follow"))
        #expect(
            t.error("ring:addAnimation_forKey(objc.CABasicAnimation:animationWithKeyPath('wobble'), nil)").contains(
                "CABasicAnimation: 'wobble' is not an animatable property of CAShapeLayer"))
        #expect(
            t.error(
                "local a = objc.CABasicAnimation:animationWithKeyPath('strokeEnd') a.toValue = struct.CGPoint(1, 2) ring:addAnimation_forKey(a, nil)"
            ).contains("the key path 'strokeEnd' takes a number, got a CGPoint"))
        #expect(
            t.error(
                "local a = objc.CABasicAnimation:animationWithKeyPath('strokeEnd') objc.CALayer:layer():addAnimation_forKey(a, nil)"
            ).contains("'strokeEnd' is not an animatable property of CALayer"))
        #expect(
            t.error(
                "local k = objc.CAKeyframeAnimation:animationWithKeyPath('opacity') k.values = {1, 0} k.keyTimes = {0} ring:addAnimation_forKey(k, nil)"
            )
            .contains("keyTimes has 1 times for 2 values"))
        #expect(
            t.error("objc.CAMediaTimingFunction:functionWithName('bouncy')").contains(
                "'bouncy' is not a timing function's name"))
    }
}
