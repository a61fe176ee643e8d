import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Gesture recognizers driven by simulated touches on the virtual clock.
@Suite struct GestureTests {
    /// A controller whose view has `kind` recognizers logging every action as "name:state".
    static func setUp(_ t: TestWorld, _ body: String) throws {
        try t.run(
            """
            State = objc.UIGestureRecognizer.State
            log = {}
            Handler = class.createClass("Handler")
            function Handler:handle(recognizer) log[#log + 1] = self.name .. ":" .. recognizer.state end
            Handler:declareActionMethod("handle")
            Controller = objc.UIViewController:createSubclass("Controller")
            controller = Controller:new()
            view = controller.view
            function track(recognizer, name)
                local handler = Handler:new()
                handler.name = name
                recognizer:addTarget_action(handler, "handle")
                recognizer.handler = handler  -- targets are weak: keep the handler alive
                view:addGestureRecognizer(recognizer)
                return recognizer
            end
            """ + "\n" + body)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
    }

    func log(_ t: TestWorld) throws -> String {
        try t.run("return table.concat(log, ' ')").first?.stringValue ?? ""
    }

    @Test func tapRecognizesAndDoubleTapMakesSingleTapWait() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            single = track(objc.UITapGestureRecognizer:new(), "single")
            double = track(objc.UITapGestureRecognizer:new(), "double")
            double.numberOfTapsRequired = 2
            single:requireGestureRecognizerToFail(double)
            """)
        try t.run("simulate.tap { at = { x = 100, y = 100 } }")
        #expect(try log(t) == "single:3")
        try t.run("log = {} simulate.tap { at = { x = 100, y = 100 }, taps = 2 }")
        #expect(try log(t) == "double:3")
        #expect(try t.run("return single.state, double.state") == [0, 0])
        // A two-finger tap recognizer does not take a one-finger tap.
        try t.run(
            "log = {} double.numberOfTapsRequired = 1 double.numberOfTouchesRequired = 2 simulate.tap { at = { x = 5, y = 5 } }"
        )
        #expect(try log(t) == "single:3")
    }

    @Test func panStatesTranslationAndVelocity() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            pan = track(objc.UIPanGestureRecognizer:new(), "pan")
            function Handler:handle(recognizer)
                local translation = recognizer:translationInView(view)
                log[#log + 1] = self.name .. ":" .. recognizer.state .. "@" .. math.floor(translation.x + 0.5)
                if recognizer.state == State.changed then lastVelocity = recognizer:velocityInView(view) end
            end
            """)
        try t.run("simulate.drag { from = { x = 50, y = 100 }, to = { x = 150, y = 100 }, steps = 10 }")
        #expect(
            try log(t) == "pan:1@20 pan:2@30 pan:2@40 pan:2@50 pan:2@60 pan:2@70 pan:2@80 pan:2@90 pan:2@100 pan:3@100")
        let velocity = try t.run("return lastVelocity.x, lastVelocity.y").map { $0.numberValue ?? .nan }
        #expect(abs(velocity[0] - 600) < 1e-6 && velocity[1] == 0, "\(velocity)")
    }

    /// A swipe is 50 points one of its ways within half a second, straying sideways at most
    /// half as far; a pan that must wait for it begins only once it failed.
    @Test func swipesNeedDistanceDirectionAndSpeed() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            Direction = objc.UISwipeGestureRecognizer.Direction
            swipe = track(objc.UISwipeGestureRecognizer:new(), "swipe")
            function Handler:handle(recognizer)
                local at = recognizer:locationInView(view)
                log[#log + 1] = self.name .. ":" .. recognizer.state .. "@" .. math.floor(at.x) .. "," .. math.floor(at.y)
            end
            """)
        func drag(_ from: (Int, Int), _ to: (Int, Int), steps: Int) throws -> String {
            try t.run(
                "log = {} simulate.drag { from = { x = \(from.0), y = \(from.1) }, to = { x = \(to.0), y = \(to.1) }, steps = \(steps) }"
            )
            return try log(t)
        }
        #expect(try drag((50, 100), (150, 100), steps: 10) == "swipe:3@50,100", "right, where it began")
        #expect(try drag((150, 100), (50, 100), steps: 10) == "", "left is not its way")
        #expect(try drag((50, 100), (150, 100), steps: 120) == "", "too slow: 50 points took a second")
        #expect(try drag((50, 100), (150, 180), steps: 10) == "", "too far sideways")
        #expect(try drag((50, 100), (90, 100), steps: 10) == "", "too short")
        try t.run("swipe.direction = Direction.Left | Direction.Up")
        #expect(try drag((150, 300), (150, 200), steps: 10) == "swipe:3@150,300", "up is one of its ways now")
        #expect(try drag((150, 100), (50, 100), steps: 10) == "swipe:3@150,100")
        #expect(try t.run("return Direction.Right, Direction.Left, Direction.Up, Direction.Down") == [1, 2, 4, 8])
        try t.run(
            """
            pan = track(objc.UIPanGestureRecognizer:new(), "pan")
            pan:requireGestureRecognizerToFail(swipe)
            """)
        #expect(try drag((150, 100), (50, 100), steps: 10) == "swipe:3@150,100", "the swipe wins")
        #expect(try drag((50, 100), (150, 100), steps: 10).hasPrefix("pan:1@"), "not a swipe's way: the pan goes on")
        #expect(t.error("swipe.direction = 16").contains("direction must be a mask of the bits below 16, got 16"))
    }

    /// An edge pan starts within 20 points of one of its screen edges and moves inward.
    @Test func edgePansStartAtTheirEdgeAndMoveInward() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            edge = track(objc.UIScreenEdgePanGestureRecognizer:new(), "edge")
            edge.edges = 2  -- UIRectEdgeLeft
            """)
        func drag(_ from: (Int, Int), _ to: (Int, Int)) throws -> String {
            try t.run(
                "log = {} simulate.drag { from = { x = \(from.0), y = \(from.1) }, to = { x = \(to.0), y = \(to.1) }, steps = 5 }"
            )
            return try log(t)
        }
        #expect(try drag((100, 300), (200, 300)) == "", "not at the edge")
        #expect(try drag((5, 300), (5, 200)) == "", "along the edge, not inward")
        #expect(try drag((375 - 5, 300), (200, 300)) == "", "the right edge is not one of its edges")
        let inward = try drag((5, 300), (105, 300))
        #expect(inward == "edge:1 edge:2 edge:2 edge:2 edge:2 edge:3", "from the left edge, inward")
        #expect(try t.run("return edge:translationInView(view).x") == [100])
        try t.run("edge.edges = 8")
        #expect(try drag((375 - 5, 300), (200, 300)).hasPrefix("edge:1"))
    }

    @Test func longPressBeginsAfterItsDurationOnTheVirtualClock() throws {
        let t = try TestWorld()
        try Self.setUp(t, "press = track(objc.UILongPressGestureRecognizer:new(), 'press')")
        try t.run("simulate.longPress { at = { x = 10, y = 10 }, duration = 0.3 }")
        #expect(try log(t) == "")
        try t.run("simulate.longPress { at = { x = 10, y = 10 }, duration = 1 }")
        #expect(try log(t) == "press:1 press:3")
        #expect(t.world.clock.now > 1.3)
    }

    @Test func pinchAndRotationTogetherOnlyWhenTheDelegateAllows() throws {
        let t = try TestWorld()
        let setup = """
            pinch = track(objc.UIPinchGestureRecognizer:new(), "pinch")
            rotation = track(objc.UIRotationGestureRecognizer:new(), "rotation")
            function Handler:handle(recognizer)
                if recognizer.state == State.ended then
                    log[#log + 1] = self.name .. ":ended"
                    if recognizer == pinch then lastScale = recognizer.scale else lastRotation = recognizer.rotation end
                end
            end
            """
        try Self.setUp(t, setup)
        try t.run("simulate.pinch { at = { x = 150, y = 300 }, scale = 2, steps = 10 }")
        #expect(try log(t) == "pinch:ended")
        #expect(try t.run("return lastScale") == [2])
        // Rotating alone: the pinch sees no scale change and the rotation wins.
        try t.run("log = {} simulate.rotate { at = { x = 150, y = 300 }, angle = math.pi / 2, steps = 10 }")
        let rotated = try log(t)
        #expect(rotated == "rotation:ended", "\(rotated)")
        #expect(abs((try t.run("return lastRotation")[0].numberValue ?? 0) - .pi / 2) < 1e-9)

        let together = try TestWorld()
        try Self.setUp(
            together,
            setup + """

                Delegate = class.createClass("Delegate")
                Delegate:declareProtocol("UIGestureRecognizerDelegate")
                function Delegate:gestureRecognizer_shouldRecognizeSimultaneouslyWithGestureRecognizer(a, b) return true end
                delegate = Delegate:new()
                pinch.delegate = delegate
                """)
        // A pinch that also turns: only the first to recognize wins without the delegate ...
        try t.run("log = {} simulate.pinch { at = { x = 150, y = 300 }, scale = 1.5, angle = 1, steps = 20 }")
        #expect(try log(t) == "pinch:ended")
        // ... and both run when the delegate lets them recognize together.
        try together.run("simulate.pinch { at = { x = 150, y = 300 }, scale = 1.5, angle = 1, steps = 20 }")
        #expect(try log(together) == "pinch:ended rotation:ended")
        #expect(
            try together.run("return math.abs(lastScale - 1.5) < 1e-9, math.abs(lastRotation - 1) < 1e-9") == [
                true, true,
            ])
    }

    @Test func pinchStatesAndScaleWithATargetFromTheInitializer() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            handler = Handler:new()
            handler.name = "pinch"
            pinch = objc.UIPinchGestureRecognizer:newWithTarget_action(handler, "handle")
            view:addGestureRecognizer(pinch)
            function Handler:handle(recognizer)
                log[#log + 1] = recognizer.state .. "x" .. string.format("%.2f", recognizer.scale) .. "n" .. recognizer.numberOfTouches
            end
            """)
        try t.run("simulate.pinch { at = { x = 150, y = 300 }, scale = 0.5, steps = 5 }")
        let states = try log(t)
        #expect(states == "1x0.90n2 2x0.80n2 2x0.70n2 2x0.60n2 2x0.50n2 3x0.50n2", "\(states)")
        #expect(try t.run("return pinch.state, pinch.view == view") == [0, true])
    }

    @Test func aGestureOnAViewOutsideTheWindow() throws {
        let t = try TestWorld()
        try Self.setUp(
            t,
            """
            pan = track(objc.UIPanGestureRecognizer:new(), "pan")
            loose = objc.UIView:new()
            function Handler:handle(recognizer) recognizer:locationInView(loose) end
            """)
        #expect(
            t.error("simulate.drag { from = { x = 10, y = 10 }, to = { x = 100, y = 10 } }").contains(
                "the view is not in a window"))
        #expect(try t.run("return 1 + 1") == [2])
    }

    @Test func badTouchesAreClearErrors() throws {
        let t = try TestWorld()
        try Self.setUp(t, "")
        #expect(t.error("simulate.tap { at = { x = 1000, y = 10 } }").contains("outside the screen 375.0x667.0"))
        #expect(t.error("simulate.tap(5)").contains("simulate.tap expects a table of options"))
        #expect(t.error("simulate.drag { from = { x = 1, y = 1 } }").contains("'to' must be a point"))
        #expect(
            t.error("simulate.pinch { at = { x = 10, y = 10 }, scale = -1 }").contains("scale must be a number above 0")
        )
        #expect(t.error("simulate.drag { points = { { x = 1, y = 1 } } }").contains("at least two points"))
        #expect(
            t.error("local g = objc.UITapGestureRecognizer:new() g:requireGestureRecognizerToFail(g)")
                .contains("cannot wait for itself"))
    }

    /// Errors raised under `simulate.*` name the script's line, not Rebound's wrapper.
    @Test func simulateErrorsNameTheScriptsLine() throws {
        let t = try TestWorld()
        try Self.setUp(t, "")
        for call in [
            "simulate.tap { at = { x = 1000, y = 10 } }", "simulate.tap(5)",
            "simulate.pinch { at = { x = 10, y = 10 }, scale = -1 }",
            "simulate.drag { points = { { x = 1, y = 1 } } }",
        ] {
            #expect(
                t.error("local first = 1\n\(call)").hasPrefix("test:2: "),
                "\(call): \(t.error("local first = 1\n\(call)"))")
        }
    }
}
