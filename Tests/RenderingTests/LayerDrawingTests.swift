import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import Rendering
import Testing

/// Layers in pictures: a progress ring's stroke as its animation runs, gradients, shadows, the
/// order of layers among subviews, and a view's layer animated by Core Animation.
@Suite struct LayerDrawingTests {
    func world(_ setup: String) throws -> UIWorld {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            \(setup)
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    func pixels(_ world: UIWorld) throws -> PixelImage { try ScreenRenderer.render(world).pixels() }

    /// The ring (radius 80, 16 points wide, at (187.5, 300) on the phone) fills clockwise from
    /// the top over a second: at 0.5 s its right half is blue and its left half the grey track.
    @Test func theProgressRingIsHalfWayAtHalfASecond() throws {
        let host = try RenderingTests.startedHost(RenderingTests.projects.appendingPathComponent("ProgressRing"))
        defer { host.stop() }
        let world = try #require(host.world)
        func ring(at seconds: Double) throws -> (right: [UInt8], left: [UInt8]) {
            _ = try world.clock.advance(by: seconds - world.clock.now)
            let image = try pixels(world)
            // Points on the ring's middle, scaled to the phone's 2x pixels.
            return (image.pixel(x: Int(267.5 * 2), y: 600), image.pixel(x: Int(107.5 * 2), y: 600))
        }
        let blue: [UInt8] = [0, 122, 255, 255]
        let track: [UInt8] = [230, 230, 230, 255]
        let start = try ring(at: 0.01)
        #expect(start.right == track && start.left == track)
        let half = try ring(at: 0.5)
        #expect(half.right == blue, "the right half is drawn")
        #expect(half.left == track, "the left half is still to come")
        let done = try ring(at: 1.1)
        #expect(done.right == blue && done.left == blue)
    }

    @Test func aGradientLayerBlendsFromTopToBottom() throws {
        let image = try pixels(
            try world(
                """
                local gradient = objc.CAGradientLayer:layer()
                gradient.frame = struct.CGRect(0, 0, 200, 200)
                gradient.colors = { objc.UIColor.redColor.CGColor, objc.UIColor.blueColor.CGColor }
                window.layer:addSublayer(gradient)
                """))
        #expect(image.pixel(x: 100, y: 0)[0] > 250 && image.pixel(x: 100, y: 0)[2] < 5)
        #expect(image.pixel(x: 100, y: 199)[2] > 250 && image.pixel(x: 100, y: 199)[0] < 5)
        let middle = image.pixel(x: 100, y: 100)
        #expect(abs(Int(middle[0]) - 128) < 4 && abs(Int(middle[2]) - 128) < 4)
    }

    /// Core Animation's shadow offset is y-down on iOS: (0, 10) falls below the layer.
    @Test func aLayersShadowFallsWhereItsOffsetSays() throws {
        let image = try pixels(
            try world(
                """
                local card = objc.CALayer:layer()
                card.frame = struct.CGRect(50, 50, 100, 50)
                card.backgroundColor = objc.UIColor.whiteColor.CGColor
                card.shadowOpacity = 1
                card.shadowRadius = 0
                card.shadowOffset = struct.CGSize(0, 10)
                window.layer:addSublayer(card)
                """))
        #expect(image.pixel(x: 100, y: 105)[0] < 10, "the shadow under the card")
        #expect(image.pixel(x: 100, y: 75) == [255, 255, 255, 255], "the card over its shadow")
        #expect(image.pixel(x: 100, y: 45) == [255, 255, 255, 255], "nothing above it")
    }

    /// A view's own layer casts its shadow too (a card with a background and `shadowOpacity`),
    /// from its `shadowPath` when it has one; a view with no background and no path casts none,
    /// and so does one that clips to its bounds (Core Animation's mask cuts the shadow off).
    @Test func aViewsLayerCastsItsShadow() throws {
        let image = try pixels(
            try world(
                """
                local card = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 50))
                card.backgroundColor = objc.UIColor.whiteColor
                card.layer.shadowOpacity = 1
                card.layer.shadowRadius = 0
                card.layer.shadowOffset = struct.CGSize(0, 10)
                window:addSubview(card)
                local pathed = objc.UIView:newWithFrame(struct.CGRect(0, 150, 40, 40))
                pathed.layer.shadowOpacity = 1
                pathed.layer.shadowRadius = 0
                pathed.layer.shadowOffset = struct.CGSize(10, 0)
                pathed.layer.shadowPath = objc.UIBezierPath:bezierPathWithRect(pathed.bounds).CGPath
                window:addSubview(pathed)
                local bare = objc.UIView:newWithFrame(struct.CGRect(150, 150, 40, 40))
                bare.layer.shadowOpacity = 1
                bare.layer.shadowRadius = 0
                window:addSubview(bare)
                for index, clip in ipairs { "clipsToBounds", "masksToBounds" } do
                    local clipped = objc.UIView:newWithFrame(struct.CGRect(60 * index - 10, 0, 40, 30))
                    clipped.backgroundColor = objc.UIColor.whiteColor
                    clipped.layer.shadowOpacity = 1
                    clipped.layer.shadowRadius = 0
                    clipped.layer.shadowOffset = struct.CGSize(0, 10)
                    if clip == "clipsToBounds" then clipped.clipsToBounds = true else clipped.layer.masksToBounds = true end
                    window:addSubview(clipped)
                end
                """))
        #expect(image.pixel(x: 100, y: 105)[0] < 10, "the shadow under the card")
        #expect(image.pixel(x: 100, y: 75) == [255, 255, 255, 255], "the card over its shadow")
        #expect(image.pixel(x: 45, y: 170)[0] < 10, "the shadow of the path, to the right")
        #expect(image.pixel(x: 170, y: 170) == [255, 255, 255, 255], "no shape, no shadow")
        #expect(image.pixel(x: 70, y: 35) == [255, 255, 255, 255], "clipsToBounds cuts the shadow off")
        #expect(image.pixel(x: 130, y: 35) == [255, 255, 255, 255], "masksToBounds cuts the shadow off")
    }

    /// A faint, wide shadow (a card's usual 0.2 opacity and 8-point radius) still shows: its
    /// blur's many faint copies are summed before the colour's alpha thins them, or each
    /// copy would round to nothing.
    @Test func aFaintBlurredShadowStillShows() throws {
        let image = try pixels(
            try world(
                """
                local card = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 50))
                card.backgroundColor = objc.UIColor.whiteColor
                card.layer.shadowOpacity = 0.2
                card.layer.shadowRadius = 8
                card.layer.shadowOffset = struct.CGSize(0, 4)
                window:addSubview(card)
                """))
        let under = image.pixel(x: 100, y: 104)[0]
        #expect(under < 240 && under > 200, "a light grey under the card: \(under)")
        #expect(image.pixel(x: 100, y: 140) == [255, 255, 255, 255], "nothing past the blur")
    }

    /// With no font set, a text layer draws in the system font, as Core Animation draws in its
    /// default Helvetica.
    @Test func aTextLayerDrawsItsStringWithoutAFontSet() throws {
        let image = try pixels(
            try world(
                """
                local text = objc.CATextLayer:layer()
                text.frame = struct.CGRect(0, 0, 200, 60)
                text.string = "WWWW"
                text.foregroundColor = objc.UIColor.blackColor.CGColor
                window.layer:addSublayer(text)
                """))
        let dark = (0..<200).filter { image.pixel(x: $0, y: 20)[0] < 60 }
        #expect(dark.count > 10, "the 36-point letters cross the row")
    }

    @Test func aLayerGoesAboveTheSubviewsThereWereWhenItWasAdded() throws {
        let image = try pixels(
            try world(
                """
                local under = objc.UIView:newWithFrame(struct.CGRect(0, 0, 100, 100))
                under.backgroundColor = objc.UIColor.redColor
                window:addSubview(under)
                local layer = objc.CALayer:layer()
                layer.frame = struct.CGRect(50, 50, 100, 100)
                layer.backgroundColor = objc.UIColor.greenColor.CGColor
                window.layer:addSublayer(layer)
                local over = objc.UIView:newWithFrame(struct.CGRect(100, 100, 100, 100))
                over.backgroundColor = objc.UIColor.blueColor
                window:addSubview(over)
                """))
        #expect(image.pixel(x: 75, y: 75) == [0, 255, 0, 255], "over the red view added before it")
        #expect(image.pixel(x: 125, y: 125) == [0, 0, 255, 255], "under the blue view added after it")
    }

    @Test func aViewsLayerAnimatedByCoreAnimationShowsTheAnimation() throws {
        let world = try world(
            """
            box = objc.UIView:newWithFrame(struct.CGRect(0, 0, 200, 200))
            box.backgroundColor = objc.UIColor.blackColor
            window:addSubview(box)
            local fade = objc.CABasicAnimation:animationWithKeyPath("opacity")
            fade.fromValue, fade.toValue, fade.duration = 1, 0, 1
            box.layer:addAnimation_forKey(fade, "fade")
            simulate.advance(0.5)
            """)
        let grey = try pixels(world).pixel(x: 100, y: 100)[0]
        #expect(grey > 120 && grey < 135, "half faded: \(grey)")
        _ = try world.clock.advance(by: 1)
        #expect(try pixels(world).pixel(x: 100, y: 100) == [0, 0, 0, 255], "back to the model's opacity")
    }

    /// A blur effect view blurs what is behind it (a red half and a blue half meet under its
    /// middle), washes it with its style's tint, and draws its content view sharp over that.
    @Test func aBlurEffectViewBlursWhatIsBehindItAndNotItsContent() throws {
        let world = try world(
            """
            local left = objc.UIView:newWithFrame(struct.CGRect(0, 0, 100, 200))
            left.backgroundColor = objc.UIColor.redColor
            window:addSubview(left)
            local right = objc.UIView:newWithFrame(struct.CGRect(100, 0, 100, 200))
            right.backgroundColor = objc.UIColor.blueColor
            window:addSubview(right)
            effect = objc.UIVisualEffectView:newWithEffect(objc.UIBlurEffect:effectWithStyle(objc.UIBlurEffect.Style.Dark))
            effect.frame = struct.CGRect(20, 50, 160, 100)
            local mark = objc.UIView:newWithFrame(struct.CGRect(70, 40, 20, 20))
            mark.backgroundColor = objc.UIColor.greenColor
            effect.contentView:addSubview(mark)
            window:addSubview(effect)
            """)
        #expect(try world.bridge.state.run("return effect.contentView.frame.size.width", chunkName: "=test") == [160])
        let image = try pixels(world)
        // Dark: the blur under 73% of white 0.11 (28 of 255).
        func expected(_ behind: Double) -> Int { Int((behind * 0.27 + 28 * 0.73).rounded()) }
        let middle = image.pixel(x: 100, y: 60)
        #expect(
            abs(Int(middle[0]) - expected(127.5)) <= 3 && abs(Int(middle[2]) - expected(127.5)) <= 3,
            "half and half: \(middle)")
        let inside = image.pixel(x: 85, y: 60)  // 15 points from the edge, σ 20 for the dark style
        #expect(inside[0] > inside[2] && inside[2] > UInt8(expected(0) + 10), "mostly red, some blue: \(inside)")
        #expect(image.pixel(x: 10, y: 60) == [255, 0, 0, 255], "outside it, nothing is blurred")
        #expect(image.pixel(x: 100, y: 100) == [0, 255, 0, 255], "its content is drawn sharp")
        #expect(
            try world.bridge.state.run(
                "local ok, e = pcall(function() return objc.UIBlurEffect:effectWithStyle(3) end) return e",
                chunkName: "=test"
            ).first?.stringValue?.contains("3 is not a UIBlurEffectStyle") == true, "extraDark is tvOS's")
    }

    /// A conic gradient turns clockwise round its start point from the direction of its end
    /// point: red to blue from the right, so a quarter turn on (below) is a quarter blue and
    /// three quarters on (above) three quarters blue.
    @Test func aConicGradientTurnsClockwiseFromItsEndPoint() throws {
        let image = try pixels(
            try world(
                """
                local gradient = objc.CAGradientLayer:layer()
                gradient.type = "conic"
                gradient.frame = struct.CGRect(0, 0, 200, 200)
                gradient.startPoint = struct.CGPoint(0.5, 0.5)
                gradient.endPoint = struct.CGPoint(1, 0.5)
                gradient.colors = { objc.UIColor.redColor.CGColor, objc.UIColor.blueColor.CGColor }
                window.layer:addSublayer(gradient)
                """))
        func blue(_ x: Int, _ y: Int) -> Double { Double(image.pixel(x: x, y: y)[2]) / 255 }
        #expect(abs(blue(100, 180) - 0.25) < 0.03, "a quarter turn: \(image.pixel(x: 100, y: 180))")
        #expect(abs(blue(20, 100) - 0.5) < 0.03, "half: \(image.pixel(x: 20, y: 100))")
        #expect(abs(blue(100, 20) - 0.75) < 0.03, "three quarters: \(image.pixel(x: 100, y: 20))")
        #expect(image.pixel(x: 180, y: 101)[0] > 240, "just past the start: red")
    }
}
