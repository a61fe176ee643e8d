import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Testing

/// Transforms with a perspective part (`m34`) in pictures: the plane turned in space and seen
/// from in front, as Core Animation projects it, on views, layers and through a
/// `sublayerTransform`.
@Suite struct PerspectiveDrawingTests {
    /// A 200-point white screen, `QC` the CATransform3D module, and `setup` run after.
    func image(_ setup: String) throws -> PixelImage {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            QC = require "QuartzCore.CATransform3D"
            window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.whiteColor
            function turned(angle, x, y, z, distance)
                local perspective = QC.Identity
                perspective.m34 = -1 / distance
                return QC.Rotate(perspective, angle, x, y, z)
            end
            \(setup)
            """, chunkName: "=test")
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    let red: [UInt8] = [255, 0, 0, 255]
    let white: [UInt8] = [255, 255, 255, 255]

    /// A 100-point square turned 45° about y, seen from 500 points: its right edge, pushed back
    /// to W = 1 + 50 sin 45° / 500 = 1.0707, is at 100 + 50 cos 45° / W = 133.0 and 46.7 points
    /// high either side of the middle; its left edge, brought forward to W = 0.9293, at
    /// 100 - 38.0 = 62.0 and 53.8 high.
    func expectTheTurnedSquare(_ image: PixelImage, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(image.pixel(x: 60, y: 100) == white, sourceLocation: sourceLocation)
        #expect(image.pixel(x: 64, y: 100) == red, sourceLocation: sourceLocation)
        #expect(image.pixel(x: 131, y: 100) == red, sourceLocation: sourceLocation)
        #expect(image.pixel(x: 135, y: 100) == white, sourceLocation: sourceLocation)
        #expect(image.pixel(x: 64, y: 48) == red, "the near edge is taller", sourceLocation: sourceLocation)
        #expect(image.pixel(x: 131, y: 51) == white, "the far edge is shorter", sourceLocation: sourceLocation)
        #expect(image.pixel(x: 131, y: 56) == red, sourceLocation: sourceLocation)
    }

    @Test func aViewTurnedInPerspectiveShowsItsNearEdgeLarger() throws {
        expectTheTurnedSquare(
            try image(
                """
                local square = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 100))
                square.backgroundColor = objc.UIColor.redColor
                square.layer.transform = turned(math.pi / 4, 0, 1, 0, 500)
                window:addSubview(square)
                """))
    }

    @Test func aLayerTurnedInPerspectiveIsDrawnTheSameWay() throws {
        expectTheTurnedSquare(
            try image(
                """
                local square = objc.CALayer:layer()
                square.frame = struct.CGRect(50, 50, 100, 100)
                square.backgroundColor = objc.UIColor.redColor.CGColor
                square.transform = turned(math.pi / 4, 0, 1, 0, 500)
                window.layer:addSublayer(square)
                """))
    }

    /// The perspective set once on the container, about its centre, and only the turn on the
    /// square: the same picture.
    @Test func aSublayerTransformGivesItsSubviewsThePerspective() throws {
        expectTheTurnedSquare(
            try image(
                """
                local stage = objc.UIView:newWithFrame(struct.CGRect(0, 0, 200, 200))
                local perspective = QC.Identity
                perspective.m34 = -1 / 500
                stage.layer.sublayerTransform = perspective
                window:addSubview(stage)
                local square = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 100))
                square.backgroundColor = objc.UIColor.redColor
                square.layer.transform = QC.MakeRotation(math.pi / 4, 0, 1, 0)
                stage:addSubview(square)
                """))
    }

    /// Turned past a quarter turn, the square shows its back: drawn mirrored when it is
    /// double-sided (the default), and not at all when it is not.
    @Test func aLayerThatIsNotDoubleSidedHidesItsBack() throws {
        let setup = """
            local square = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 100))
            square.backgroundColor = objc.UIColor.redColor
            square.layer.transform = turned(0.8 * math.pi, 0, 1, 0, 500)
            window:addSubview(square)
            """
        #expect(try image(setup).pixel(x: 100, y: 100) == red)
        #expect(try image(setup + "square.layer.doubleSided = false").pixel(x: 100, y: 100) == white)
    }

    /// Seen from 40 points, a 100-point square turned 80° reaches behind the viewer: the part
    /// in front is drawn and the rest left out, with no error.
    @Test func aPlaneReachingBehindTheViewerDrawsWhatIsInFront() throws {
        let image = try image(
            """
            local square = objc.UIView:newWithFrame(struct.CGRect(50, 50, 100, 100))
            square.backgroundColor = objc.UIColor.redColor
            square.layer.transform = turned(0.45 * math.pi, 0, 1, 0, 40)
            window:addSubview(square)
            """)
        #expect(image.pixel(x: 100, y: 100) == red)
    }

    /// A map that flattens space (a scale of 0, a drawing's CTM scaled to 0) draws nothing
    /// through it, as Core Graphics draws nothing, and the rest of the picture is drawn: Cairo
    /// put the whole picture in an error state before.
    @Test func aFlattenedTransformDrawsNothingAndThePictureGoesOn() throws {
        let image = try image(
            """
            local gone = objc.UIView:newWithFrame(struct.CGRect(0, 0, 100, 100))
            gone.backgroundColor = objc.UIColor.redColor
            gone.transform = struct.CGAffineTransform(0, 0, 0, 0, 0, 0)
            window:addSubview(gone)
            local layer = objc.CALayer:layer()
            layer.frame = struct.CGRect(100, 0, 100, 100)
            layer.backgroundColor = objc.UIColor.redColor.CGColor
            layer.transform = QC.MakeScale(0, 1, 1)
            window.layer:addSublayer(layer)
            local Flat = objc.UIView:createSubclass "Flat"
            function Flat:drawRect(rect)
                local CGContext = require "CoreGraphics.CGContext"
                local c = require("UIKit.UIGraphics").GetCurrentContext()
                CGContext.ScaleCTM(c, 0, 1)
                CGContext.SetRGBFillColor(c, 1, 0, 0, 1)
                CGContext.FillRect(c, rect)
            end
            local flat = Flat:newWithFrame(struct.CGRect(0, 100, 100, 100))
            flat.backgroundColor = objc.UIColor.clearColor
            window:addSubview(flat)
            local shown = objc.UIView:newWithFrame(struct.CGRect(100, 100, 100, 100))
            shown.backgroundColor = objc.UIColor.redColor
            window:addSubview(shown)
            """)
        #expect(image.pixel(x: 50, y: 50) == white)
        #expect(image.pixel(x: 150, y: 50) == white)
        #expect(image.pixel(x: 50, y: 150) == white)
        #expect(image.pixel(x: 150, y: 150) == red, "what follows is drawn")
    }

    @Test func aTransformThatIsNotANumberIsAClearError() throws {
        #expect(throws: LuaError.self) {
            _ = try image("window.layer.sublayerTransform = struct.CATransform3D(0 / 0)")
        }
        do {
            _ = try image("window.layer.sublayerTransform = struct.CATransform3D(0 / 0)")
        } catch {
            #expect("\(error)".contains("sublayerTransform.m11"))
        }
    }
}
