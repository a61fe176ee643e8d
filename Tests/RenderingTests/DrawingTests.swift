import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Testing

/// Custom drawing: `drawRect` and when it runs, Core Graphics' state as the replay mirrors it,
/// UIBezierPath, image contexts, image views' content modes, and scripts' bad values.
@Suite struct DrawingTests {
    static let prelude = """
        UIGraphics = require "UIKit.UIGraphics"
        CGContext = require "CoreGraphics.CGContext"
        draws = 0
        Canvas = objc.UIView:createSubclass "Canvas"
        function Canvas:drawRect(rect)
            draws = draws + 1
            bounds = rect
            paint(UIGraphics.GetCurrentContext(), rect)
        end
        canvas = Canvas:newWithFrame(struct.CGRect(50, 50, 100, 100))
        objc.UIApplication.sharedApplication.keyWindow:addSubview(canvas)
        """

    func world(_ paint: String) throws -> UIWorld {
        let world = try UIWorld(
            profile: try DeviceProfile(parsing: "200x200@1"), services: ScreenRenderer.worldServices)
        world.application.isStatusBarHidden = true  // it would cover the pixels probed at the top
        try world.bridge.state.run(
            """
            objc.UIApplication.sharedApplication.keyWindow.backgroundColor = objc.UIColor.whiteColor
            function paint(c, rect) \(paint) end
            \(Self.prelude)
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    func pixels(_ world: UIWorld) throws -> PixelImage { try ScreenRenderer.render(world).pixels() }

    func number(_ world: UIWorld, _ expression: String) throws -> Double {
        try world.bridge.state.run("return " + expression, chunkName: "=test").first?.numberValue ?? .nan
    }

    @Test func drawRectRunsOnceUntilTheViewIsMarkedAndDrawsInItsBounds() throws {
        let world = try world(
            """
            CGContext.SetFillColorWithColor(c, objc.UIColor.redColor.CGColor)
            CGContext.FillRect(c, struct.CGRect(0, 0, 10 * draws, 10))
            """)
        #expect(try number(world, "draws") == 1)
        #expect(try number(world, "bounds.size.width") == 100)
        var image = try pixels(world)
        #expect(image.pixel(x: 55, y: 55) == [255, 0, 0, 255], "drawn at the view's origin")
        #expect(image.pixel(x: 65, y: 55) == [255, 255, 255, 255])
        try world.layoutPass()
        #expect(try number(world, "draws") == 1, "nothing marked it: no new drawing")
        try world.bridge.state.run("canvas:setNeedsDisplay()", chunkName: "=test")
        try world.layoutPass()
        #expect(try number(world, "draws") == 2)
        image = try pixels(world)
        #expect(image.pixel(x: 65, y: 55) == [255, 0, 0, 255], "the new drawing shows")
        // A bigger view stretches its last drawing, as scaleToFill does, until it draws again.
        try world.bridge.state.run("canvas.frame = struct.CGRect(50, 50, 200, 100)", chunkName: "=test")
        try world.layoutPass()
        #expect(try pixels(world).pixel(x: 85, y: 55) == [255, 0, 0, 255])
    }

    @Test func theStateIsCoreGraphicsOwnFillStrokeAlphaAndSavedStates() throws {
        let image = try pixels(
            try world(
                """
                CGContext.SetFillColorWithColor(c, objc.UIColor.blueColor.CGColor)
                CGContext.SetStrokeColorWithColor(c, objc.UIColor.redColor.CGColor)
                CGContext.SaveGState(c)
                CGContext.SetFillColorWithColor(c, objc.UIColor.greenColor.CGColor)
                CGContext.TranslateCTM(c, 50, 0)
                CGContext.FillRect(c, struct.CGRect(0, 0, 20, 20))
                CGContext.RestoreGState(c)
                CGContext.FillRect(c, struct.CGRect(0, 0, 20, 20))
                CGContext.SetLineWidth(c, 4)
                CGContext.StrokeRect(c, struct.CGRect(2, 40, 40, 40))
                CGContext.SetAlpha(c, 0.5)
                CGContext.FillRect(c, struct.CGRect(60, 60, 20, 20))
                """))
        #expect(image.pixel(x: 105, y: 55) == [0, 255, 0, 255], "the saved state's fill, translated")
        #expect(image.pixel(x: 55, y: 55) == [0, 0, 255, 255], "the fill restored, the CTM too")
        #expect(image.pixel(x: 52, y: 110) == [255, 0, 0, 255], "the stroke colour is its own")
        #expect(image.pixel(x: 70, y: 110) == [255, 255, 255, 255], "a stroke does not fill")
        let faded = image.pixel(x: 120, y: 120)
        #expect(abs(Int(faded[0]) - 127) <= 2 && faded[2] == 255, "alpha 0.5 over white: \(faded)")
    }

    @Test func bezierPathsImageContextsAndImageViews() throws {
        let world = try world(
            """
            local oval = objc.UIBezierPath:bezierPathWithOvalInRect(struct.CGRect(0, 0, 40, 40))
            objc.UIColor.redColor:setFill()
            oval:fill()
            objc.UIColor.blueColor:setStroke()
            local line = objc.UIBezierPath:bezierPath()
            line:moveToPoint { x = 50, y = 0 }
            line:addLineToPoint { x = 50, y = 40 }
            line.lineWidth = 10
            line:stroke()
            """)
        var image = try pixels(world)
        #expect(image.pixel(x: 70, y: 70) == [255, 0, 0, 255], "inside the oval")
        #expect(image.pixel(x: 52, y: 52) == [255, 255, 255, 255], "outside it, at the corner")
        #expect(image.pixel(x: 97, y: 70) == [0, 0, 255, 255], "the stroke is 10 wide")
        #expect(image.pixel(x: 107, y: 70) == [255, 255, 255, 255])

        try world.bridge.state.run(
            """
            UIGraphics.BeginImageContextWithOptions({ width = 20, height = 10 }, false, 0)
            objc.UIColor.greenColor:setFill()
            UIGraphics.UIRectFill(struct.CGRect(0, 0, 10, 10))
            made = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            local view = objc.UIImageView:newWithImage(made)
            view.frame = struct.CGRect(0, 160, 40, 40)
            view.contentMode = objc.UIView.ContentMode.ScaleAspectFit
            objc.UIApplication.sharedApplication.keyWindow:addSubview(view)
            """, chunkName: "=test")
        try world.layoutPass()
        #expect(try number(world, "made.size.width") == 20 && number(world, "made.scale") == 1)
        #expect(try number(world, "UIGraphics.GetCurrentContext() == nil and 1 or 0") == 1, "the stack is empty again")
        image = try pixels(world)
        // Aspect fit: 40 x 20, centred at y 170; its left half green, its right half empty.
        #expect(image.pixel(x: 10, y: 175) == [0, 255, 0, 255])
        #expect(image.pixel(x: 30, y: 175) == [255, 255, 255, 255])
        #expect(image.pixel(x: 10, y: 165) == [255, 255, 255, 255], "above the fitted image")
    }

    /// The stack holds its contexts natively: a script's fields on one outlive a full
    /// collection while it is on the stack.
    @Test func aContextOnTheStackKeepsItsScriptFieldsThroughACollection() throws {
        let world = try world(
            """
            c.mark = "view"
            collectgarbage() collectgarbage()
            viewMark = UIGraphics.GetCurrentContext().mark
            UIGraphics.BeginImageContext({ width = 4, height = 4 })
            UIGraphics.GetCurrentContext().mark = "image"
            collectgarbage() collectgarbage()
            imageMark = UIGraphics.GetCurrentContext().mark
            UIGraphics.EndImageContext()
            """)
        #expect(
            try world.bridge.state.run("return viewMark, imageMark", chunkName: "=test") == [
                .string("view"), .string("image"),
            ])
    }

    /// An image drawn four times into another, ten levels deep, is over a million commands:
    /// the picture stops at its budget instead of taking minutes, and what comes after is left out.
    @Test func aPictureReplaysAtMostItsBudgetOfCommands() throws {
        let world = try world(
            """
            if not nested then
                UIGraphics.BeginImageContext({ width = 4, height = 4 })
                UIGraphics.UIRectFill(struct.CGRect(0, 0, 4, 4))
                nested = UIGraphics.GetImageFromCurrentImageContext()
                UIGraphics.EndImageContext()
                for _ = 1, 10 do
                    UIGraphics.BeginImageContext({ width = 4, height = 4 })
                    for _ = 1, 4 do nested:drawInRect(struct.CGRect(0, 0, 4, 4)) end
                    nested = UIGraphics.GetImageFromCurrentImageContext()
                    UIGraphics.EndImageContext()
                end
            end
            nested:drawInRect(struct.CGRect(0, 0, 4, 4))
            CGContext.SetFillColorWithColor(c, objc.UIColor.redColor.CGColor)
            CGContext.FillRect(c, struct.CGRect(20, 20, 10, 10))
            """)
        let image = try pixels(world)
        #expect(image.pixel(x: 75, y: 75) == [255, 255, 255, 255], "the square after the budget is not drawn")
        #expect(image.pixel(x: 51, y: 51) == [0, 0, 0, 255], "the nested image is, up to the budget")
    }

    @Test func aScriptsBadValuesAreErrorsThatNameThemAndTheLastDrawingStays() throws {
        let world = try world("CGContext.FillRect(c, struct.CGRect(0, 0, 10, 10))")
        let calls = [
            ("CGContext.FillRect(nil, struct.CGRect(0, 0, 1, 1))", "FillRect"),
            ("CGContext.SetLineWidth(UIGraphics.GetCurrentContext(), 0/0)", "SetLineWidth"),
            ("CGContext.MoveToPoint(UIGraphics.GetCurrentContext(), math.huge, 0)", "x"),
            ("CGContext.SetLineCap(UIGraphics.GetCurrentContext(), 7)", "cap 7"),
            ("CGContext.DrawPath(UIGraphics.GetCurrentContext(), 9)", "mode 9"),
            ("objc.UIBezierPath:bezierPathWithRect(struct.CGRect(0, 0, 0/0, 1))", "rect"),
            ("UIGraphics.BeginImageContextWithOptions({ width = 1e9, height = 1 }, false, 1)", "16384"),
            ("require('CoreGraphics.CGGradient').CreateWithColors(nil, {}, nil)", "at least one colour"),
        ]
        for (call, expected) in calls {
            let source = "function paint(c) \(call) end canvas:setNeedsDisplay()"
            try world.bridge.state.run(source, chunkName: "=test")
            let message: String
            do {
                try world.layoutPass()
                message = ""
            } catch {
                message = String(describing: error)
            }
            #expect(message.contains(expected), "\(call): \(message)")
        }
        // The canvas keeps its first drawing (a black square), and the world goes on.
        #expect(try pixels(world).pixel(x: 55, y: 55) == [0, 0, 0, 255])
        try world.bridge.state.run("function paint(c) end canvas:setNeedsDisplay()", chunkName: "=test")
        try world.layoutPass()
        #expect(try pixels(world).pixel(x: 55, y: 55) == [255, 255, 255, 255])
    }

    /// A template image is its shape filled with the tint: in an image view when its mode says
    /// so, in a system button and a tab bar by default; a plain image view and a custom button
    /// show its own colours, and `imageWithTintColor` fills it anywhere, drawRect included.
    @Test func templateImagesTakeTheTint() throws {
        let world = try world(
            """
            if not drawn then return end
            drawn:drawInRect(struct.CGRect(0, 60, 20, 20))
            """)
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            -- a black square 10 points wide inside 20 transparent ones
            UIGraphics.BeginImageContextWithOptions({ width = 20, height = 20 }, false, 1)
            objc.UIColor.blackColor:setFill()
            objc.UIBezierPath:bezierPathWithRect(struct.CGRect(5, 5, 10, 10)):fill()
            local square = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            local function show(image, x, tint)
                local view = objc.UIImageView:newWithImage(image)
                view.frame = struct.CGRect(x, 0, 20, 20)
                view.tintColor = tint
                window:addSubview(view)
            end
            show(square, 0, objc.UIColor.redColor)
            show(square:imageWithRenderingMode(objc.UIImage.RenderingMode.AlwaysTemplate), 20, objc.UIColor.redColor)
            show(square:imageWithRenderingMode(2), 40, nil)
            local system = objc.UIButton:buttonWithType(objc.UIButton.ButtonType.System)
            system:setImage_forState(square, 0)
            system.frame = struct.CGRect(60, 0, 20, 20)
            window:addSubview(system)
            local custom = objc.UIButton:buttonWithType(0)
            custom:setImage_forState(square, 0)
            custom.frame = struct.CGRect(80, 0, 20, 20)
            window:addSubview(custom)
            drawn = square:imageWithTintColor(objc.UIColor.greenColor)
            canvas:setNeedsDisplay()
            """, chunkName: "=test")
        try world.layoutPass()
        let image = try pixels(world)
        #expect(image.pixel(x: 10, y: 10) == [0, 0, 0, 255], "automatic in an image view: its own colours")
        #expect(image.pixel(x: 30, y: 10) == [255, 0, 0, 255], "a template takes the view's tint")
        #expect(image.pixel(x: 22, y: 2) == [255, 255, 255, 255], "only its shape")
        #expect(image.pixel(x: 50, y: 10) == [0, 122, 255, 255], "with no tint of its own, the inherited blue")
        #expect(image.pixel(x: 70, y: 10) == [0, 122, 255, 255], "a system button's image is a template")
        #expect(image.pixel(x: 90, y: 10) == [0, 0, 0, 255], "a custom button's is not")
        #expect(image.pixel(x: 60, y: 120) == [0, 255, 0, 255], "imageWithTintColor fills it in drawRect too")
        #expect(try number(world, "drawn.renderingMode") == 1)
        #expect(
            try world.bridge.state.run(
                "local ok, e = pcall(function() return drawn:imageWithRenderingMode(3) end) return e",
                chunkName: "=test"
            ).first?.stringValue?.contains("renderingMode must be one of 0 to 2") == true)
    }

    /// A drawn image becomes PNG bytes with its alpha and JPEG bytes over black, and
    /// `imageWithData` reads either back at the scale it is given; data that is no PNG or
    /// JPEG, or whose header declares more pixels than a picture may have, is refused.
    @Test func imagesBecomeDataAndDataBecomesImages() throws {
        let world = try world("")
        try world.bridge.state.run(
            """
            local UIImage = require "UIKit.UIImage"
            local window = objc.UIApplication.sharedApplication.keyWindow
            -- red on the left half, transparent on the right
            UIGraphics.BeginImageContextWithOptions({ width = 20, height = 10 }, false, 2)
            objc.UIColor.redColor:setFill()
            objc.UIBezierPath:bezierPathWithRect(struct.CGRect(0, 0, 10, 10)):fill()
            local drawn = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            png = UIImage.PNGRepresentation(drawn)
            jpeg = UIImage.JPEGRepresentation(drawn, 0.9)
            fromPNG = objc.UIImage:imageWithData_scale(png, 2)
            fromJPEG = objc.UIImage:imageWithData(jpeg)
            local a = objc.UIImageView:newWithImage(fromPNG)
            a.frame = struct.CGRect(0, 0, 20, 10)
            window:addSubview(a)
            local b = objc.UIImageView:newWithImage(fromJPEG)
            b.frame = struct.CGRect(0, 20, 40, 20)
            window:addSubview(b)
            local function crc32(s)
                local crc = 0xFFFFFFFF
                for i = 1, #s do
                    crc = crc ~ s:byte(i)
                    for _ = 1, 8 do crc = crc & 1 == 1 and (crc >> 1) ~ 0xEDB88320 or crc >> 1 end
                end
                return crc ~ 0xFFFFFFFF
            end
            local header = "IHDR" .. string.pack(">I4I4BBBBB", 20000, 20000, 8, 6, 0, 0, 0)
            -- the header, then where the pixels would start (a reader knows the header is done there)
            hugeMade, hugeError = pcall(objc.UIImage.imageWithData, objc.UIImage, "\\137PNG\\r\\n\\26\\n" .. string.pack(">I4", 13) .. header
                .. string.pack(">I4", crc32(header)) .. string.pack(">I4", 0) .. "IDAT" .. string.pack(">I4", crc32("IDAT")))
            """, chunkName: "=test")
        #expect(try number(world, "png.length") > 8)
        #expect(
            try world.bridge.state.run(
                "return png.description:sub(1, 17), jpeg.description:sub(1, 7)", chunkName: "=test") == [
                    .string("<89504e470d0a1a0a"), .string("<ffd8ff"),
                ])
        #expect(try number(world, "fromPNG.size.width") == 20 && number(world, "fromPNG.size.height") == 10)
        #expect(try number(world, "fromPNG.scale") == 2)
        #expect(try number(world, "fromJPEG.size.width") == 40, "40 pixels at scale 1")
        try world.layoutPass()
        let image = try pixels(world)
        #expect(image.pixel(x: 5, y: 5) == [255, 0, 0, 255], "the PNG's red")
        #expect(image.pixel(x: 15, y: 5) == [255, 255, 255, 255], "and its transparency")
        let red = image.pixel(x: 10, y: 30)
        #expect(red[0] > 240 && red[1] < 16 && red[2] < 16, "the JPEG's red: \(red)")
        let black = image.pixel(x: 30, y: 30)
        #expect(black[0] < 16 && black[1] < 16 && black[2] < 16, "a JPEG has no alpha: black: \(black)")
        #expect(
            try world.bridge.state.run("return hugeMade, hugeError", chunkName: "=test").last?.stringValue?.contains(
                "is 20000 x 20000 pixels, over the 67108864 a picture may have") == true,
            "refused from its header, never decoded")
        func error(_ script: String) -> String {
            (try? world.bridge.state.run(
                "local ok, e = pcall(function() \(script) end) return e", chunkName: "=test"
            ).first?.stringValue) ?? ""
        }
        #expect(error("objc.UIImage:imageWithData('GIF89a')").contains("(6 bytes) is not a PNG or JPEG image"))
        #expect(error("objc.UIImage:imageWithData('\\137PNG\\r\\n\\26\\n')").contains("has no readable header"))
        #expect(
            error("require('UIKit.UIImage').JPEGRepresentation(fromPNG, 1.5)")
                .contains("compressionQuality must be 0 to 1, got 1.5"))
        #expect(error("objc.UIImage:imageWithData_scale(png, 0)").contains("scale 0.0 must be above 0"))
    }
}
