import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIView animations on the virtual clock: model values change at once, presentation values
/// follow the curve, completions run when the clock passes the end. The curve values were
/// worked out by solving Core Animation's Bézier curves by bisection (ease in-out (0.42, 0,
/// 0.58, 1) at a quarter: 0.12916; ease in (0.42, 0, 1, 1) at a quarter: 0.09346).
@Suite struct AnimationTests {
    /// A window with `box`, a 100-point square at (0, 0), and `log` for completions.
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            box = objc.UIView:newWithFrame(struct.CGRect(0, 0, 100, 100))
            log = {}
            function done(name) return function(finished) log[#log + 1] = name .. " " .. tostring(finished) end end
            """)
        try t.world.window.addSubview(
            try #require(t.world.bridge.state.object(of: t.run("return box")[0], as: View.self)))
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try t.run("return " + expression).first?.numberValue ?? .nan
    }

    @Test func theModelChangesAtOnceAndThePresentationFollowsTheCurve() throws {
        let t = try world()
        try t.run(
            "objc.UIView:animateWithDuration_animations_completion(1, function() box.center = struct.CGPoint(150, 50) end, done 'move')"
        )
        #expect(try number(t, "box.center.x") == 150)
        #expect(try number(t, "box.layer:presentationLayer().position.x") == 50)
        try t.run("simulate.advance(0.25)")
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - (50 + 100 * 0.1291619310)) < 1e-6)
        #expect(abs(try number(t, "box.layer:presentationLayer().frame.origin.x") - 100 * 0.1291619310) < 1e-6)
        try t.run("simulate.advance(0.25)")
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - 100) < 1e-9)
        #expect(try t.run("return #log") == [0])
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return box.layer:presentationLayer().position.x, log[1]") == [150, "move true"])
    }

    @Test func optionsChooseTheCurveAndTheDelayHoldsTheStart() throws {
        let t = try world()
        try t.run(
            """
            local UIView = require "UIKit.UIView"
            objc.UIView:animateWithDuration_delay_options_animations_completion(1, 0.5, UIView.AnimationOptions.CurveEaseIn,
                function() box.alpha = 0 end, done 'fade')
            simulate.advance(0.4)
            """)
        #expect(try number(t, "box.layer:presentationLayer().opacity") == 1)
        #expect(try number(t, "box.alpha") == 0)
        try t.run("simulate.advance(0.35)")
        #expect(abs(try number(t, "box.layer:presentationLayer().opacity") - (1 - 0.0934646507)) < 1e-6)
        try t.run("simulate.advance(1)")
        #expect(try t.run("return box.layer:presentationLayer().opacity, log[1]") == [0, "fade true"])
    }

    @Test func aSpringSettlesByItsDurationAndAnUnderdampedOneOvershoots() throws {
        let t = try world()
        // Critically damped, from rest: 1 - e^(-at) (1 + at), a = ln 1500 / duration.
        try t.run(
            """
            objc.UIView:animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion(
                1, 0, 1, 0, 0, function() box.center = struct.CGPoint(150, 50) end, done 'spring')
            simulate.advance(0.5)
            """)
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - (50 + 100 * 0.8797668418)) < 1e-6)
        try t.run(
            """
            seen = 0
            objc.UIView:animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion(
                1, 0, 0.3, 0, 0, function() box.center = struct.CGPoint(50, 150) end, done 'bouncy')
            for _ = 1, 60 do simulate.frames(1) seen = math.max(seen, box.layer:presentationLayer().position.y) end
            """)
        #expect(try number(t, "seen") > 150.5)
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return box.layer:presentationLayer().position.y, log[1], log[2]") == [
                150, "spring true", "bouncy true",
            ])
    }

    @Test func aNewerAnimationAddsToTheRunningOneAndBothFinish() throws {
        let t = try world()
        try t.run(
            """
            local function move(x) return function() box.center = struct.CGPoint(x, 50) end end
            objc.UIView:animateWithDuration_animations_completion(1, move(150), done 'first')
            simulate.advance(0.5)
            before = box.layer:presentationLayer().position.x
            objc.UIView:animateWithDuration_animations_completion(1, move(250), done 'second')
            after = box.layer:presentationLayer().position.x
            """)
        // Additive, as since iOS 8: no jump, and the first finishes at its own end.
        #expect(try number(t, "after") == number(t, "before"))
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return log[1], #log") == ["first true", 1])
        try t.run("simulate.advance(0.5)")
        #expect(try t.run("return log[2], box.layer:presentationLayer().position.x") == ["second true", 250])
    }

    @Test func beginningFromTheCurrentStateReplacesTheRunningAnimation() throws {
        let t = try world()
        try t.run(
            """
            local UIView = require "UIKit.UIView"
            objc.UIView:animateWithDuration_animations_completion(1, function() box.center = struct.CGPoint(150, 50) end, done 'first')
            simulate.advance(0.5)
            objc.UIView:animateWithDuration_delay_options_animations_completion(1, 0, UIView.AnimationOptions.BeginFromCurrentState
                | UIView.AnimationOptions.CurveLinear, function() box.center = struct.CGPoint(300, 50) end, done 'second')
            simulate.frames(1)
            """)
        #expect(try t.run("return log[1]") == ["first false"])
        // Linear from the 100 shown halfway to 300: 200 points a second.
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - (100 + 200.0 / 60)) < 1e-6)
        try t.run("simulate.advance(1) box.layer:removeAllAnimations()")
        #expect(try t.run("return log[2]") == ["second true"])
    }

    @Test func takingAnimationsOffFinishesThemUnfinished() throws {
        let t = try world()
        try t.run(
            """
            objc.UIView:animateWithDuration_animations_completion(1, function() box.alpha = 0.5 end, done 'fade')
            simulate.advance(0.5)
            box.layer:removeAllAnimations()
            simulate.frames(1)
            """)
        #expect(try t.run("return log[1], box.layer:presentationLayer().opacity") == ["fade false", 0.5])
    }

    @Test func aLayoutPassInsideTheBlockAnimatesTheFramesItSets() throws {
        let t = try world()
        try t.run(
            """
            local Box = objc.UIView:createSubclass "StretchBox"
            function Box:layoutSubviews() self.subviews[1].frame = struct.CGRect(0, 0, self.bounds.size.width, 10) end
            stretch = Box:newWithFrame(struct.CGRect(0, 200, 100, 100))
            stretch:addSubview(objc.UIView:new())
            box:addSubview(stretch)
            stretch:layoutIfNeeded()
            objc.UIView:animateWithDuration_delay_options_animations_completion(1, 0, (require "UIKit.UIView").AnimationOptions.CurveLinear, function()
                stretch.frame = struct.CGRect(0, 200, 300, 100)
                stretch:layoutIfNeeded()
            end, nil)
            simulate.advance(0.5)
            """)
        #expect(try number(t, "stretch.subviews[1].layer:presentationLayer().bounds.size.width") == 200)
        #expect(try number(t, "stretch.subviews[1].frame.size.width") == 300)
    }

    @Test func repeatingAndAutoreversingRunsThereAndBack() throws {
        let t = try world()
        try t.run(
            """
            local options = (require "UIKit.UIView").AnimationOptions
            objc.UIView:animateWithDuration_delay_options_animations_completion(1, 0,
                options.Repeat | options.Autoreverse | options.CurveLinear, function() box.alpha = 0 end, done 'pulse')
            simulate.advance(1.25)
            """)
        #expect(abs(try number(t, "box.layer:presentationLayer().opacity") - 0.25) < 1e-9)
        try t.run("simulate.advance(100)")
        #expect(try t.run("return #log") == [0])
        try t.run("box.layer:removeAllAnimations() simulate.frames(1)")
        #expect(try t.run("return log[1]") == ["pulse false"])
    }

    @Test func withoutAnimationOrDurationOnlyTheModelChanges() throws {
        let t = try world()
        try t.run(
            """
            objc.UIView:animateWithDuration_animations_completion(1, function()
                objc.UIView:performWithoutAnimation(function() box.alpha = 0.5 end)
                box.center = struct.CGPoint(150, 50)
            end, done 'mixed')
            objc.UIView:animateWithDuration_animations_completion(0, function() box.tag = 7 end, done 'instant')
            """)
        #expect(try number(t, "box.layer:presentationLayer().opacity") == 0.5)
        #expect(try number(t, "box.layer:presentationLayer().position.x") == 50)
        try t.run("simulate.frames(1)")
        #expect(try t.run("return log[1], #log") == ["instant true", 1])
    }

    @Test func badArgumentsAndFailingCompletionsAreReportedAndTheWorldGoesOn() throws {
        let t = try world()
        #expect(
            t.error("objc.UIView:animateWithDuration_animations(0/0, function() end)").contains(
                "duration must be a finite number"))
        #expect(
            t.error("objc.UIView:animateWithDuration_delay_options_animations_completion(1, -1, 0, nil, nil)")
                .contains("delay not below 0"))
        #expect(
            t.error(
                """
                objc.UIView:animateWithDuration_delay_usingSpringWithDamping_initialSpringVelocity_options_animations_completion(
                    1, 0, 0, 0, 0, nil, nil)
                """
            ).contains("usingSpringWithDamping must be above 0"))
        try t.run(
            """
            objc.UIView:animateWithDuration_animations_completion(0.5, function() box.alpha = 0 end, function() error("boom") end)
            objc.UIView:animateWithDuration_animations_completion(0.5, function() box.tag = 1 end, done 'after')
            simulate.advance(1)
            """)
        #expect(t.errors.contains { $0.contains("completion block") && $0.contains("boom") })
        #expect(try t.run("return log[1]") == ["after true"])
    }
}
