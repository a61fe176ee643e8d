import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIViewPropertyAnimator on the virtual clock. `box` is a 100-point square centred at
/// (50, 50); the animators move it to x 150. Ease in and out at a quarter of its time is
/// 0.1291619310 of the way (Core Animation's Bézier, solved by bisection).
@Suite struct PropertyAnimatorTests {
    static let easeInOutAtAQuarter = 0.1291619310

    /// AnimationTests' window and box, with `record` for completions (which get a position).
    func world() throws -> TestWorld {
        let t = try AnimationTests().world()
        try t.run(
            """
            function record(name) return function(position) log[#log + 1] = name .. " " .. tostring(position) end end
            function move() box.center = struct.CGPoint(150, 50) end
            function shown() return box.layer:presentationLayer().position.x end
            """)
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double { try AnimationTests().number(t, expression) }

    @Test func theBlocksRunAtTheStartAndTheViewFollowsTheCurveToTheCompletion() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, objc.UIView.AnimationCurve.EaseInOut, move)
            animator:addCompletion(record 'done')
            """)
        #expect(try t.run("return box.center.x, animator.state, animator.running") == [50, 0, false])
        try t.run("animator:startAnimation()")
        #expect(try t.run("return box.center.x, shown(), animator.state, animator.running") == [150, 50, 1, true])
        try t.run("simulate.advance(0.25)")
        #expect(abs(try number(t, "shown()") - (50 + 100 * Self.easeInOutAtAQuarter)) < 1e-6)
        #expect(abs(try number(t, "animator.fractionComplete") - 0.25) < 1e-9)
        try t.run("simulate.advance(0.74)")
        #expect(try t.run("return #log") == [0])
        try t.run("simulate.advance(0.01)")
        #expect(try t.run("return log[1], shown(), box.center.x, animator.state") == ["done 0", 150, 150, 0])
    }

    @Test func aPauseHoldsThePictureAndScrubbingIsLinearFromThere() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)
            animator:startAnimation()
            simulate.advance(0.25)
            animator:pauseAnimation()
            simulate.advance(1)
            """)
        let paused = 50 + 100 * Self.easeInOutAtAQuarter
        #expect(abs(try number(t, "shown()") - paused) < 1e-6)
        #expect(try t.run("return animator.state, animator.running, #log") == [1, false, 0])
        // Forward of the pause the line runs to the end; behind it, back to the start.
        try t.run("animator.fractionComplete = 0.625")
        #expect(abs(try number(t, "shown()") - (paused + (150 - paused) * 0.5)) < 1e-6)
        try t.run("animator.fractionComplete = 0.125")
        #expect(abs(try number(t, "shown()") - (50 + (paused - 50) * 0.5)) < 1e-6)
        try t.run("animator.fractionComplete = 0")
        #expect(try number(t, "shown()") == 50)
    }

    @Test func scrubbingAnAnimatorNotStartedMakesItActiveAndFollowsTheCurveWhenAsked() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)
            animator.fractionComplete = 0.25
            """)
        #expect(try t.run("return animator.state, box.center.x, shown()") == [1, 150, 75])
        try t.run("animator.scrubsLinearly = false; animator.fractionComplete = 0.25")
        #expect(abs(try number(t, "shown()") - (50 + 100 * Self.easeInOutAtAQuarter)) < 1e-6)
    }

    @Test func reversedItRetracesItsCurveAndFinishesAtTheStart() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)
            animator:addCompletion(record 'back')
            animator:startAnimation()
            simulate.advance(0.5)
            animator.reversed = true
            simulate.advance(0.25)
            """)
        #expect(abs(try number(t, "shown()") - (50 + 100 * Self.easeInOutAtAQuarter)) < 1e-6)
        try t.run("simulate.advance(0.25)")
        #expect(try t.run("return log[1], box.center.x, shown(), animator.state") == ["back 1", 50, 50, 0])
    }

    @Test func stoppingWithoutFinishingKeepsWhatIsShownAndRunsNoCompletion() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 3, move)
            animator:addCompletion(record 'stopped')
            animator:startAnimation()
            simulate.advance(0.5)
            animator:stopAnimation(true)
            """)
        #expect(try t.run("return box.center.x, shown(), animator.state, animator.running") == [100, 100, 0, false])
        try t.run(
            """
            simulate.advance(2)
            objc.UIView:animateWithDuration_animations_completion(0.1, function() box.alpha = 0.5 end, record 'sentinel')
            simulate.advance(0.2)
            """)
        #expect(try t.run("return #log, log[1]") == [1, "sentinel true"])
    }

    @Test func aStoppedAnimatorFinishesWhereTheScriptSays() throws {
        let t = try world()
        for (position, center) in [("Start", 50.0), ("Current", 100), ("End", 150)] {
            try t.run(
                """
                box.center = struct.CGPoint(50, 50)
                log = {}
                animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 3, move)
                animator:addCompletion(record 'finished')
                animator:startAnimation()
                simulate.advance(0.5)
                animator:stopAnimation(false)
                """)
            #expect(try t.run("return box.center.x, animator.state, #log") == [100, 2, 0])
            #expect(
                t.error("animator:startAnimation()").contains("a stopped UIViewPropertyAnimator cannot start again"))
            try t.run("animator:finishAnimationAtPosition(require('UIKit.UIViewAnimating').Position.\(position))")
            let raw = ["End": 0, "Start": 1, "Current": 2][position] ?? -1
            #expect(
                try t.run("return box.center.x, shown(), animator.state, log[1]") == [
                    .number(center), .number(center), 0, .string("finished \(raw)"),
                ])
        }
    }

    @Test func animationsAddedWhileRunningStartAfterTheirShareOfWhatIsLeft() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 3, move)
            animator:startAnimation()
            simulate.advance(0.5)
            animator:addAnimations_delayFactor(function() box.alpha = 0 end, 0.5)
            simulate.advance(0.25)
            """)
        #expect(try t.run("return box.alpha, box.layer:presentationLayer().opacity") == [0, 1])
        #expect(abs(try number(t, "shown()") - 125) < 1e-9)
        try t.run("simulate.advance(0.125)")
        #expect(abs(try number(t, "box.layer:presentationLayer().opacity") - 0.5) < 1e-9)
        try t.run("simulate.advance(0.125)")
        #expect(try t.run("return box.layer:presentationLayer().opacity, animator.state") == [0, 0])
    }

    @Test func pausingOnCompletionLetsItRunBackWithoutCompleting() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)
            animator.pausesOnCompletion = true
            animator:addCompletion(record 'never')
            animator:startAnimation()
            simulate.advance(1.5)
            """)
        #expect(
            try t.run("return animator.state, animator.running, animator.fractionComplete, shown()") == [
                1, false, 1, 150,
            ])
        try t.run("animator.reversed = true; animator:startAnimation(); simulate.advance(0.75)")
        // Back along the curve from the end: a quarter of the time from the start.
        #expect(abs(try number(t, "shown()") - (50 + 100 * Self.easeInOutAtAQuarter)) < 1e-6)
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return animator.state, animator.fractionComplete, shown(), #log") == [1, 0, 50, 0])
    }

    @Test func aPhysicalSpringSetsTheDurationAndMovesAsTheSpring() throws {
        let t = try world()
        try t.run(
            """
            local spring = objc.UISpringTimingParameters:newWithMass_stiffness_damping_initialVelocity(
                1, 100, 10, struct.CGVector(0, 0))
            animator = objc.UIViewPropertyAnimator:newWithDuration_timingParameters(5, spring)
            animator:addAnimations(move)
            animator:startAnimation()
            simulate.advance(0.2)
            """)
        // m x'' + c x' + k x = 0 from x = 1 at rest: ζ = 0.5, ω0 = 10, settled (1/1500) at
        // ln 1500 / (ζ ω0).
        let decay = 5.0
        let damped = 10 * (0.75).squareRoot()
        let left = exp(-decay * 0.2) * (cos(damped * 0.2) + decay / damped * sin(damped * 0.2))
        #expect(abs(try number(t, "animator.duration") - log(1500) / decay) < 1e-9)
        #expect(abs(try number(t, "shown()") - (150 - 100 * left)) < 1e-6)
        var highest = 0.0
        for _ in 0..<60 {
            try t.run("simulate.frames(1)")
            highest = max(highest, try number(t, "shown()"))
        }
        #expect(highest > 150 + 100 * 0.15, "a spring damped at 0.5 overshoots by about 16 %")
    }

    @Test func continuingOnNewTimingRunsWhatIsLeftOverTheScaledDuration() throws {
        let t = try world()
        try t.run(
            """
            animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 3, move)
            animator:addCompletion(record 'done')
            animator:pauseAnimation()
            animator.fractionComplete = 0.5
            local linear = objc.UICubicTimingParameters:newWithAnimationCurve(objc.UIView.AnimationCurve.Linear)
            animator:continueAnimationWithTimingParameters_durationFactor(linear, 2)
            simulate.advance(0.5)
            """)
        #expect(try t.run("return animator.running, animator.fractionComplete, shown()") == [true, 0.75, 125])
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return log[1], shown()") == ["done 0", 150])
    }

    @Test func theRunningAnimatorClassMethodStartsAfterItsDelay() throws {
        let t = try world()
        try t.run(
            """
            local UIView = require "UIKit.UIView"
            animator = objc.UIViewPropertyAnimator:runningPropertyAnimatorWithDuration_delay_options_animations_completion(
                1, 0.5, UIView.AnimationOptions.CurveLinear, move, record 'ran')
            simulate.advance(0.5)
            """)
        #expect(try t.run("return animator.running, animator.delay, shown()") == [true, 0.5, 50])
        try t.run("simulate.advance(0.25)")
        #expect(try number(t, "shown()") == 75)
        try t.run("simulate.advance(0.75)")
        #expect(try t.run("return log[1]") == ["ran 0"])
    }

    @Test func anAnimatorTheScriptDropsWhilePausedLeavesTheViewWhereItShows() throws {
        let t = try world()
        try t.run(
            """
            do
                local animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 3, move)
                animator.fractionComplete = 0.5
            end
            collectgarbage() collectgarbage()
            """)
        #expect(try t.run("return box.center.x, shown()") == [100, 100])
    }

    @Test func badCallsAreErrorsThatNameTheValue() throws {
        let t = try world()
        try t.run("animator = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)")
        #expect(t.error("animator.fractionComplete = 0/0").contains("fractionComplete must be a finite number"))
        #expect(t.error("animator:addAnimations_delayFactor(move, 2)").contains("delayFactor must be 0 to 1, got 2"))
        #expect(
            t.error("animator:finishAnimationAtPosition(0)").contains(
                "finishAnimationAtPosition needs a stopped UIViewPropertyAnimator (this one is inactive)"))
        #expect(
            t.error("animator:stopAnimation(false) animator:finishAnimationAtPosition(5)").contains(
                "5 is not a UIViewAnimatingPosition"))
        #expect(
            t.error("objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 7, move)").contains(
                "UIViewAnimationCurve must be one of 0 to 3, got 7"))
        #expect(
            t.error(
                "objc.UICubicTimingParameters:newWithControlPoint1_controlPoint2(struct.CGPoint(1.5, 0), struct.CGPoint(1, 1))"
            ).contains("UICubicTimingParameters's c1x must be from 0 to 1, got 1.5"))
        #expect(
            t.error(
                "objc.UISpringTimingParameters:newWithMass_stiffness_damping_initialVelocity(1, 100, 0, struct.CGVector(0, 0))"
            ).contains("mass, stiffness and damping must be above 0"))
        try t.run(
            """
            fixed = objc.UIViewPropertyAnimator:newWithDuration_curve_animations(1, 0, move)
            fixed.interruptible = false
            fixed:startAnimation()
            """)
        #expect(t.error("fixed:pauseAnimation()").contains("this UIViewPropertyAnimator is not interruptible"))
        try t.run("simulate.advance(1)")
        #expect(try t.run("return fixed.state, shown()") == [0, 150])
    }
}
