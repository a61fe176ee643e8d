import Foundation
import HeadlessUI
import Rendering
import Testing

/// The status bar as each profile's device draws it: the time, signal, Wi-Fi and battery, dark
/// on a light screen, light for `UIStatusBarStyleLightContent`, and not at all when hidden.
@Suite struct StatusBarDrawingTests {
    /// A `profile` screen whose window is `background` (white or black), after `script`.
    static func render(_ profile: String, background: String = "whiteColor", _ script: String = "") throws
        -> PixelImage
    {
        let world = try UIWorld(profile: try DeviceProfile(parsing: profile), services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            Root = objc.UIViewController:createSubclass "Root"
            function Root:prefersStatusBarHidden() return hidden == true end
            function Root:preferredStatusBarStyle() return style or 0 end
            local window = objc.UIApplication.sharedApplication.keyWindow
            window.backgroundColor = objc.UIColor.\(background)
            window.rootViewController = Root:new()
            window.rootViewController.view.backgroundColor = objc.UIColor.\(background)
            \(script)
            window.rootViewController:setNeedsStatusBarAppearanceUpdate()
            """, chunkName: "=test")
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    /// How many pixels in the rect (in points) stand out from the background: dark ones on
    /// white, light ones on black.
    static func marks(
        _ image: PixelImage, scale: Int, x: Double, y: Double, width: Double, height: Double, onWhite: Bool = true
    )
        -> Int
    {
        var count = 0
        for py in Int(y * Double(scale))..<Int((y + height) * Double(scale)) {
            for px in Int(x * Double(scale))..<Int((x + width) * Double(scale)) {
                let pixel = image.pixel(x: px, y: py)
                let level = (Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])) / 3
                if onWhite ? level < 128 : level > 128 { count += 1 }
            }
        }
        return count
    }

    @Test func aPhoneWithAHomeButtonShowsTheTimeInTheMiddle() throws {
        let image = try Self.render("phone")
        #expect(Self.marks(image, scale: 2, x: 150, y: 0, width: 75, height: 20) > 100, "9:41 AM")
        #expect(Self.marks(image, scale: 2, x: 0, y: 0, width: 40, height: 20) > 50, "signal and Wi-Fi")
        #expect(Self.marks(image, scale: 2, x: 335, y: 0, width: 40, height: 20) > 50, "battery")
        #expect(Self.marks(image, scale: 2, x: 0, y: 20, width: 375, height: 647) == 0, "nothing below the bar")
    }

    @Test func aPhoneWithTheIslandShowsTheTimeAtTheLeft() throws {
        let image = try Self.render("large-phone")
        #expect(Self.marks(image, scale: 3, x: 30, y: 10, width: 80, height: 30) > 200, "9:41")
        #expect(Self.marks(image, scale: 3, x: 150, y: 0, width: 130, height: 54) == 0, "the island's place")
        #expect(Self.marks(image, scale: 3, x: 320, y: 10, width: 100, height: 30) > 200, "signal, Wi-Fi, battery")
    }

    @Test func aTabletShowsTheDateBesideTheTime() throws {
        let image = try Self.render("tablet")
        #expect(Self.marks(image, scale: 2, x: 0, y: 0, width: 150, height: 24) > 200, "9:41 AM Tue Jan 9")
        #expect(Self.marks(image, scale: 2, x: 900, y: 0, width: 124, height: 24) > 100, "Wi-Fi, 100%, battery")
    }

    @Test func lightContentIsDrawnLightAndAHiddenBarNotAtAll() throws {
        let light = try Self.render("phone", background: "blackColor", "style = 1")
        #expect(Self.marks(light, scale: 2, x: 150, y: 0, width: 75, height: 20, onWhite: false) > 100)
        let hidden = try Self.render("phone", "hidden = true")
        #expect(Self.marks(hidden, scale: 2, x: 0, y: 0, width: 375, height: 20) == 0)
        let landscape = try Self.render("phone-landscape")
        #expect(Self.marks(landscape, scale: 2, x: 0, y: 0, width: 667, height: 20) == 0, "a phone hides it turned")
    }
}
