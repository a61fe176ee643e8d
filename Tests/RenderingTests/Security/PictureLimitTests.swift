import Foundation
import HeadlessUI
import LuaRuntime
import Rendering
import Testing

/// Whatever numbers a script's drawing holds, a picture is drawn, within its budgets, and says
/// what it left out; a screen too large to draw is an error that names its size.
@Suite struct PictureLimitTests {
    func world(_ paint: String, profile: String = "200x200@1") throws -> UIWorld {
        let world = try UIWorld(profile: try DeviceProfile(parsing: profile), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            CGContext = require "CoreGraphics.CGContext"
            UIGraphics = require "UIKit.UIGraphics"
            objc.UIApplication.sharedApplication.keyWindow.backgroundColor = objc.UIColor.whiteColor
            Canvas = objc.UIView:createSubclass "Canvas"
            function Canvas:drawRect(rect)
                local c = UIGraphics.GetCurrentContext()
                \(paint)
            end
            local screen = objc.UIScreen.mainScreen.bounds
            objc.UIApplication.sharedApplication.keyWindow:addSubview(Canvas:newWithFrame(screen))
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    @Test(arguments: [
        "CGContext.SetShadow(c, { width = 1, height = 1 }, 1e300)",
        "CGContext.SetShadow(c, { width = 1e300, height = -1e300 }, 5)",
        "CGContext.SetShadowWithColor(c, { width = 1, height = -2 }, 1e300, objc.UIColor.blackColor.CGColor)",
        "CGContext.SetShadowWithColor(c, { width = -1e308, height = 1e308 }, 1e-300, objc.UIColor.blackColor.CGColor)",
    ])
    func extremeShadowsAreDrawnNotTrapped(shadow: String) throws {
        let world = try world(
            """
            \(shadow)
            CGContext.SetFillColorWithColor(c, objc.UIColor.redColor.CGColor)
            CGContext.FillRect(c, struct.CGRect(50, 50, 40, 40))
            """)
        let image = try ScreenRenderer.render(world).pixels()
        #expect(image.pixel(x: 70, y: 70) == [255, 0, 0, 255], "the shape is drawn, whatever its shadow")
    }

    /// A negative offset is Core Graphics' own way to cast a shadow up or left.
    @Test func aNegativeOffsetCastsTheShadowUpward() throws {
        let world = try world(
            """
            CGContext.SetShadowWithColor(c, { width = 0, height = -20 }, 0, objc.UIColor.blackColor.CGColor)
            CGContext.SetFillColorWithColor(c, objc.UIColor.redColor.CGColor)
            CGContext.FillRect(c, struct.CGRect(50, 100, 40, 40))
            """)
        let image = try ScreenRenderer.render(world).pixels()
        #expect(image.pixel(x: 70, y: 85) == [0, 0, 0, 255], "the shadow is above the square")
        #expect(image.pixel(x: 70, y: 145) == [255, 255, 255, 255], "and not below it")
    }

    /// 3,000 shadowed fills of the whole screen would take minutes: the picture draws the
    /// shadows its budget allows, leaves the rest out, and says how many.
    @Test func aPictureTooCostlyLeavesShadowsOutAndSaysSo() throws {
        let world = try world(
            """
            CGContext.SetShadowWithColor(c, { width = 2, height = 2 }, 8, objc.UIColor.blackColor.CGColor)
            CGContext.SetFillColorWithColor(c, objc.UIColor:colorWithWhite_alpha(1, 0.01).CGColor)
            for _ = 1, 3000 do CGContext.FillRect(c, rect) end
            """, profile: "phone")
        let picture = try ScreenRenderer.render(world)
        let said = picture.omissions.joined(separator: "; ")
        #expect(said.contains("shadows were left out"), "\(said)")
        let count = Int(said.split(separator: " ").first ?? "") ?? 0
        #expect(count > 2000 && count < 3000, "\(said)")
        _ = try picture.pixels()
    }

    @Test(arguments: ["1x3e9", "1x1e300", "3e9x1", "8193x1", "8192x8192", "5000x5000@2", "0.1x0.1@1"])
    func aScreenTooLargeOrTooSmallIsAnErrorThatSaysSo(profile: String) {
        do {
            _ = try DeviceProfile(parsing: profile)
            Issue.record("\(profile) was accepted")
        } catch {
            let message = String(describing: error)
            #expect(message.contains(profile), "\(message)")
            #expect(message.contains("8192 pixels a side") || message.contains("at least one pixel"), "\(message)")
        }
    }

    @Test func theLargestScreenIsDrawn() throws {
        let picture = try ScreenRenderer.render(
            try UIWorld(profile: try DeviceProfile(parsing: "4096x2048@2"), services: ScreenRenderer.worldServices))
        #expect(try picture.pixels().width == 8192)
    }
}
