import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Testing

/// `CATransition` and UIView's cross-dissolve in pictures: the old look (taken when the
/// transition was added) and the new one, faded or slid as far as the transition has gone.
@Suite struct TransitionDrawingTests {
    /// A 200-point screen with `panel`, a red view filling it, and `setup` run after.
    func world(_ setup: String) throws -> UIWorld {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
        world.application.isStatusBarHidden = true  // it would cover the pixels probed at the top
        try world.bridge.state.run(
            """
            window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            panel = objc.UIView:newWithFrame(struct.CGRect(0, 0, 200, 200))
            panel.backgroundColor = objc.UIColor.redColor
            window:addSubview(panel)
            \(setup)
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    /// A linear transition of one second, of `type` from `subtype`, added to the panel before
    /// it turns blue.
    func transitioned(_ type: String, _ subtype: String? = nil, at seconds: Double) throws -> PixelImage {
        let world = try world(
            """
            local transition = objc.CATransition:animation()
            transition.type = "\(type)"
            \(subtype.map { "transition.subtype = '\($0)'" } ?? "")
            transition.duration = 1
            panel.layer:addAnimation_forKey(transition, "transition")
            panel.backgroundColor = objc.UIColor.blueColor
            """)
        try world.clock.advance(by: seconds)
        return try ScreenRenderer.render(world).pixels()
    }

    func value(_ world: UIWorld, _ expression: String) throws -> LuaValue? {
        try world.bridge.state.run("return " + expression, chunkName: "=test").first
    }

    let red: [UInt8] = [255, 0, 0, 255]
    let blue: [UInt8] = [0, 0, 255, 255]
    let white: [UInt8] = [255, 255, 255, 255]

    /// A quarter of the way, the new look has come a quarter of the width in from the right,
    /// and the old has gone as far out to the left.
    @Test func aPushFromTheRightSlidesBothLooks() throws {
        let image = try transitioned("push", "fromRight", at: 0.25)
        #expect(image.pixel(x: 10, y: 100) == red, "the old look, moved left by 50")
        #expect(image.pixel(x: 145, y: 100) == red)
        #expect(image.pixel(x: 155, y: 100) == blue, "the new look's left edge, at 150")
        #expect(image.pixel(x: 199, y: 100) == blue)
    }

    /// Nil is the left edge: the new look comes in from the left.
    @Test func aPushWithNoSubtypeComesFromTheLeft() throws {
        let image = try transitioned("push", at: 0.25)
        #expect(image.pixel(x: 45, y: 100) == blue)
        #expect(image.pixel(x: 55, y: 100) == red)
    }

    /// Move-in covers the old look, which stays put; reveal slides the old look off the new.
    @Test func moveInCoversAndRevealUncovers() throws {
        let movingIn = try transitioned("moveIn", "fromTop", at: 0.5)
        #expect(movingIn.pixel(x: 100, y: 95) == blue, "the new look's lower half, come down from the top")
        #expect(movingIn.pixel(x: 100, y: 105) == red, "the old look where it was")
        let revealing = try transitioned("reveal", "fromBottom", at: 0.75)
        #expect(revealing.pixel(x: 100, y: 45) == red, "the old look, moved up by 150")
        #expect(revealing.pixel(x: 100, y: 55) == blue, "the new look under it")
    }

    /// Half way through a linear fade, red and blue count half each.
    @Test func aFadeCrossFadesTheLooks() throws {
        let pixel = try transitioned("fade", at: 0.5).pixel(x: 100, y: 100)
        #expect(abs(Int(pixel[0]) - 128) <= 2 && pixel[1] == 0 && abs(Int(pixel[2]) - 128) <= 2 && pixel[3] == 255)
    }

    /// Once it has run, only the new look shows, and the transition is gone from the layer.
    @Test func theNewLookStaysAfterTheTransition() throws {
        let world = try world(
            """
            local transition = objc.CATransition:animation()
            transition.type = require("QuartzCore.CAAnimation").kCATransitionPush
            panel.layer:addAnimation_forKey(transition, require("QuartzCore.CALayer").kCATransition)
            panel.backgroundColor = objc.UIColor.blueColor
            running = panel.layer:animationForKey("transition") ~= nil
            """)
        #expect(try value(world, "running") == .boolean(true))
        try world.clock.advance(by: 0.3)
        #expect(try ScreenRenderer.render(world).pixels().pixel(x: 10, y: 10) == blue)
        #expect(try value(world, "panel.layer:animationForKey('transition') == nil") == .boolean(true))
    }

    /// A layer a script made transitions in the same way, within its own bounds' coordinates.
    @Test func aStandaloneLayerTransitions() throws {
        let world = try world(
            """
            card = objc.CALayer:layer()
            card.frame = struct.CGRect(50, 50, 100, 100)
            card.bounds = struct.CGRect(20, 20, 100, 100)
            card.backgroundColor = objc.UIColor.greenColor.CGColor
            panel.layer:addSublayer(card)
            local transition = objc.CATransition:animation()
            transition.type = "moveIn"
            transition.subtype = "fromRight"
            transition.duration = 1
            objc.CATransaction:begin()
            objc.CATransaction:setDisableActions(true)
            card:addAnimation_forKey(transition, nil)
            card.backgroundColor = objc.UIColor.blueColor.CGColor
            objc.CATransaction:commit()
            """)
        try world.clock.advance(by: 0.5)
        let image = try ScreenRenderer.render(world).pixels()
        #expect(image.pixel(x: 95, y: 100) == [0, 255, 0, 255], "the old look on the card's left half")
        #expect(image.pixel(x: 105, y: 100) == blue, "the new look come half way in")
        #expect(image.pixel(x: 160, y: 100) == blue, "past the card's edge, as nothing clips it")
        #expect(image.pixel(x: 45, y: 100) == red)
    }

    /// `startProgress` and `endProgress` take a part of the way: 0.5 to 1 begins half way.
    @Test func progressLimitsStartPartWay() throws {
        let world = try world(
            """
            local transition = objc.CATransition:animation()
            transition.type = "push"
            transition.subtype = "fromRight"
            transition.startProgress = 0.5
            transition.duration = 1
            panel.layer:addAnimation_forKey(transition, nil)
            panel.backgroundColor = objc.UIColor.blueColor
            """)
        try world.clock.advance(by: 0.0001)
        let image = try ScreenRenderer.render(world).pixels()
        #expect(image.pixel(x: 95, y: 100) == red && image.pixel(x: 105, y: 100) == blue)
    }

    /// `transitionWithView` with the cross-dissolve option fades between the looks before and
    /// after its block (half way on the ease-in-out curve is half way), changing nothing else
    /// gradually; its completion runs when it ends.
    @Test func aCrossDissolveTransitionFadesTheViewsLooks() throws {
        let world = try world(
            """
            done = nil
            objc.UIView:transitionWithView_duration_options_animations_completion(panel, 1,
                objc.UIView.AnimationOptions.TransitionCrossDissolve,
                function() panel.backgroundColor = objc.UIColor.blueColor; panel.alpha = 0.5 end,
                function(finished) done = finished end)
            """)
        #expect(
            try value(world, "panel.layer:presentationLayer().opacity")?.numberValue == 0.5,
            "the block's change of alpha shows at once, as UIKit keeps it out of the animation")
        try world.clock.advance(by: 0.5)
        let pixel = try ScreenRenderer.render(world).pixels().pixel(x: 100, y: 100)
        // Half red, half blue, at half opacity over white.
        #expect(abs(Int(pixel[0]) - 191) <= 2 && abs(Int(pixel[1]) - 128) <= 2 && abs(Int(pixel[2]) - 191) <= 2)
        #expect(try value(world, "done") == .nil)
        try world.clock.advance(by: 0.6)
        #expect(try value(world, "done") == .boolean(true))
    }

    /// A linear one-second flip from the left, seen from 1,000 points: at 0.25 s the old look
    /// has turned 45° with its left edge forward (W = 1 - 70.7 / 1000, so that edge is at
    /// 100 - 70.7 / W = 23.9 and the right one at 100 + 70.7 / 1.0707 = 166.0, 93.4 points
    /// either side of the middle); at 0.75 s the new look comes back from the other side, its
    /// right edge forward (at 176.1) and its left at 34.0; after it, the new look lies flat.
    @Test func aFlipTurnsTheOldLookAwayAndTheNewOneIn() throws {
        let world = try world(
            """
            objc.UIView:transitionWithView_duration_options_animations_completion(panel, 1,
                objc.UIView.AnimationOptions.TransitionFlipFromLeft | objc.UIView.AnimationOptions.CurveLinear,
                function() panel.backgroundColor = objc.UIColor.blueColor end, nil)
            """)
        try world.clock.advance(by: 0.25)
        let turningAway = try ScreenRenderer.render(world).pixels()
        #expect(turningAway.pixel(x: 22, y: 100) == white && turningAway.pixel(x: 26, y: 100) == red)
        #expect(turningAway.pixel(x: 164, y: 100) == red && turningAway.pixel(x: 168, y: 100) == white)
        #expect(turningAway.pixel(x: 164, y: 4) == white && turningAway.pixel(x: 164, y: 10) == red)
        try world.clock.advance(by: 0.25)
        // Half way the look is edge-on: nothing of it shows, and the picture is drawn.
        #expect(try ScreenRenderer.render(world).pixels().pixel(x: 100, y: 100) == white)
        try world.clock.advance(by: 0.25)
        let turningIn = try ScreenRenderer.render(world).pixels()
        #expect(turningIn.pixel(x: 32, y: 100) == white && turningIn.pixel(x: 36, y: 100) == blue)
        #expect(turningIn.pixel(x: 174, y: 100) == blue && turningIn.pixel(x: 178, y: 100) == white)
        try world.clock.advance(by: 0.5)
        #expect(try ScreenRenderer.render(world).pixels().pixel(x: 2, y: 2) == blue)
    }

    /// A page view controller's page curl turn is drawn as the old page sliding off toward the
    /// start over the new one: halfway through its half second (eased in and out), the red page
    /// has gone half the 200 points.
    @Test func aPageTurnSlidesTheOldPageOff() throws {
        let world = try world(
            """
            panel:removeFromSuperview()
            local function page(color)
                local controller = objc.UIViewController:new()
                controller.view.backgroundColor = color
                return controller
            end
            pages = objc.UIPageViewController:newWithTransitionStyle_navigationOrientation_options(0, 0, nil)
            pages:setViewControllers_direction_animated_completion({ page(objc.UIColor.redColor) }, 0, false, nil)
            window.rootViewController = pages
            """)
        try world.layoutPass()
        try world.bridge.state.run(
            """
            local next = objc.UIViewController:new()
            next.view.backgroundColor = objc.UIColor.blueColor
            pages:setViewControllers_direction_animated_completion({ next }, 0, true, nil)
            """, chunkName: "=test")
        try world.clock.advance(by: 0.25)
        let image = try ScreenRenderer.render(world).pixels()
        #expect(image.pixel(x: 90, y: 100) == red, "the old page, moved 100 points toward the start")
        #expect(image.pixel(x: 110, y: 100) == blue, "the new page, uncovered at the end")
    }

    @Test func badSettingsAreClearErrors() throws {
        let world = try world("transition = objc.CATransition:animation()")
        func error(_ code: String) -> String {
            do {
                try world.bridge.state.run(code, chunkName: "=test")
                return ""
            } catch { return "\(error)" }
        }
        #expect(error("transition.type = 'cube'").contains("'fade', 'moveIn', 'push', 'reveal'"))
        #expect(error("transition.subtype = 'fromMiddle'").contains("'fromRight'"))
        #expect(error("transition.startProgress = 1.5").contains("startProgress must be from 0 to 1, got 1.5"))
        #expect(error("transition.endProgress = 0 / 0").contains("endProgress must be from 0 to 1"))
        #expect(
            error(
                "transition.startProgress = 0.8; transition.endProgress = 0.2; panel.layer:addAnimation_forKey(transition, nil)"
            )
            .contains("endProgress (0.2) must not be below its startProgress (0.8)"))
    }
}
