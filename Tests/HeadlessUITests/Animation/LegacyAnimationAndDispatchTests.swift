import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// UIView's begin/commit animations, Grand Central Dispatch on the virtual clock, and the
/// monospaced-digit system font.
@Suite struct LegacyAnimationAndDispatchTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            box = objc.UIView:newWithFrame(struct.CGRect(0, 0, 100, 100))
            controller.view:addSubview(box)
            """)
        try t.show()
        return t
    }

    func number(_ t: TestWorld, _ expression: String) throws -> Double {
        try #require(try t.run("return " + expression).first?.numberValue)
    }

    /// Half of the default 0.2 seconds, linear: half the way.
    @Test func changesBetweenBeginAndCommitAnimateWithTheBlocksSettings() throws {
        let t = try world()
        try t.run(
            """
            stops = {}
            Delegate = objc.NSObject:createSubclass "Delegate"
            function Delegate:stopped_finished_context(name, finished, context) stops[#stops + 1] = name .. " " .. tostring(finished) .. " " .. context end
            delegate = Delegate:new()
            objc.UIView:beginAnimations_context("slide", "ctx")
            objc.UIView:setAnimationCurve(3)
            objc.UIView:setAnimationDelegate(delegate)
            objc.UIView:setAnimationDidStopSelector("stopped:finished:context:")
            box.center = struct.CGPoint(250, 50)
            objc.UIView:commitAnimations()
            simulate.advance(0.1)
            """)
        #expect(try number(t, "box.center.x") == 250, "the model at once")
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - 150) < 1e-9)
        try t.run("simulate.advance(0.2)")
        #expect(try t.run("return table.concat(stops, ',')") == ["slide true ctx"])
        try t.run("objc.UIView:setAnimationDuration(5) box.alpha = 0.5 objc.UIView:commitAnimations() sentinel = 1")
        #expect(
            try t.run("return box.layer:presentationLayer().opacity, sentinel") == [0.5, 1],
            "outside a block: no animation")
    }

    /// A repeat count of 2.5 with autoreverse runs there and back twice and half again: linear
    /// over 0.2 s a leg, it ends after a second, at the far end's half way.
    @Test func aRepeatCountRunsThatManyTimesFractionsToo() throws {
        let t = try world()
        try t.run(
            """
            objc.UIView:beginAnimations_context("twice", nil)
            objc.UIView:setAnimationCurve(3)
            objc.UIView:setAnimationRepeatCount(2.5)
            objc.UIView:setAnimationRepeatAutoreverses(true)
            box.center = struct.CGPoint(250, 50)
            objc.UIView:commitAnimations()
            simulate.advance(0.3)
            """)
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - 150) < 1e-9, "on the way back")
        try t.run("simulate.advance(0.6)")
        #expect(abs(try number(t, "box.layer:presentationLayer().position.x") - 150) < 1e-9, "the third leg out")
        try t.run("simulate.advance(0.2)")
        #expect(try number(t, "box.layer:presentationLayer().position.x") == 250, "done after 1 s: the model")
        #expect(t.error("objc.UIView:setAnimationRepeatCount(-1)").contains("repeat count must be 0 or more, got -1"))
    }

    /// With animations disabled, blocks old and new change the presentation at once, and their
    /// completions still run, as UI tests rely on.
    @Test func disabledAnimationsChangeAtOnceAndStillComplete() throws {
        let t = try world()
        try t.run(
            """
            objc.UIView:setAnimationsEnabled(false)
            objc.UIView:animateWithDuration_animations_completion(1, function() box.alpha = 0.5 end,
                function(finished) completed = finished end)
            objc.UIView:beginAnimations_context("old", nil)
            box.center = struct.CGPoint(250, 50)
            objc.UIView:commitAnimations()
            """)
        #expect(
            try t.run(
                "return box.layer:presentationLayer().opacity, box.layer:presentationLayer().position.x, objc.UIView:areAnimationsEnabled()"
            ) == [0.5, 250, false])
        try t.run("simulate.frames(1)")
        #expect(try t.run("return completed") == [true])
        try t.run(
            """
            objc.UIView:setAnimationsEnabled(true)
            objc.UIView:animateWithDuration_animations(1, function() box.alpha = 1 end)
            simulate.advance(0.5)
            """)
        let opacity = try number(t, "box.layer:presentationLayer().opacity")
        #expect(opacity > 0.5 && opacity < 1, "enabled again: \(opacity)")
    }

    @Test func theMainQueueRunsBlocksOnTheNextTurnAndAfterADispatchTime() throws {
        let t = try world()
        try t.run(
            """
            calls = {}
            dispatch_async(dispatch_get_main_queue(), function() calls[#calls + 1] = "async" end)
            dispatch_after(dispatch_time(DISPATCH_TIME_NOW, 0.5 * NSEC_PER_SEC), dispatch_get_main_queue(), function()
                calls[#calls + 1] = "after"
            end)
            dispatch_after(0.25, function() calls[#calls + 1] = "seconds" end)
            dispatch_sync(dispatch_get_global_queue(0, 0), function() calls[#calls + 1] = "sync" end)
            """)
        #expect(try t.run("return table.concat(calls, ',')") == ["sync"])
        try t.run("simulate.advance(0.01)")
        #expect(try t.run("return table.concat(calls, ',')") == ["sync,async"])
        try t.run("simulate.advance(1)")
        #expect(try t.run("return table.concat(calls, ',')") == ["sync,async,seconds,after"])
        #expect(
            t.error("dispatch_sync(dispatch_get_main_queue(), function() end)").contains(
                "dispatch_sync to the main queue from the main thread never returns"))
        #expect(t.error("dispatch_async({}, function() end)").contains("dispatch_async expects a queue"))
    }

    /// The system font at its weight, with tabular figures: every digit as wide as the others,
    /// where the proportional ones make "1111" narrower than "8888".
    @Test func theMonospacedDigitFontIsTheSystemFontAtItsWeightWithTabularFigures() throws {
        let t = try world()
        #expect(
            try t.run(
                "local f = objc.UIFont:monospacedDigitSystemFontOfSize_weight(15, 0.3) return f.pointSize, f.fontName"
            ) == [15, try t.run("return objc.UIFont:systemFontOfSize_weight(15, 0.3).fontName")[0]])
        func widths(_ font: String) throws -> [Double] {
            try t.run(
                """
                local attributes = { [require("UIKit.NSAttributedString").NSFontAttributeName] = \(font) }
                return ("1111"):sizeWithAttributes(attributes).width, ("8888"):sizeWithAttributes(attributes).width
                """
            ).map { $0.numberValue ?? .nan }
        }
        let tabular = try widths("objc.UIFont:monospacedDigitSystemFontOfSize_weight(15, 0)")
        #expect(tabular[0] == tabular[1], "\(tabular)")
        let proportional = try widths("objc.UIFont:systemFontOfSize_weight(15, 0)")
        #expect(proportional[0] < proportional[1], "\(proportional)")
    }
}
