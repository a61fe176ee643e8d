import Foundation
import HeadlessUI
import Rendering
import Testing

/// Pictures in light and dark appearance: system colours draw with the look of the view's
/// appearance, an override holds for its tree, and the device's appearance changes everything
/// that follows it.
@Suite struct AppearanceDrawingTests {
    /// A screen whose controller's view is `systemBackgroundColor` holding a `secondarySystemBackground`
    /// box at (0, 100, 100, 100) and a label; `script` runs after.
    private func world(_ appearance: UserInterfaceStyle, _ script: String = "") throws -> UIWorld {
        var profile = DeviceProfile.phone
        profile.appearance = appearance
        let world = try UIWorld(profile: profile, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            local window = objc.UIApplication.sharedApplication.keyWindow
            controller = objc.UIViewController:new()
            window.rootViewController = controller
            controller.view.backgroundColor = objc.UIColor.systemBackgroundColor
            box = objc.UIView:newWithFrame(struct.CGRect(0, 100, 100, 100))
            box.backgroundColor = objc.UIColor.secondarySystemBackgroundColor
            controller.view:addSubview(box)
            \(script)
            """, chunkName: "=test")
        try world.layoutPass()
        return world
    }

    private func pixel(_ world: UIWorld, x: Int, y: Int) throws -> [UInt8] {
        let image = try ScreenRenderer.render(world).pixels()
        return Array(image.pixel(x: x * 2, y: y * 2).prefix(3))
    }

    @Test func systemColoursDrawTheirDarkLookInDarkAppearance() throws {
        #expect(try pixel(world(.light), x: 200, y: 400) == [255, 255, 255])
        #expect(try pixel(world(.light), x: 50, y: 150) == [242, 242, 247])
        #expect(try pixel(world(.dark), x: 200, y: 400) == [0, 0, 0])
        #expect(try pixel(world(.dark), x: 50, y: 150) == [28, 28, 30])
    }

    @Test func anOverrideHoldsForItsTreeAndTheDevicesSwitchRedrawsTheRest() throws {
        let world = try world(.light, "box.overrideUserInterfaceStyle = 2")
        #expect(try pixel(world, x: 50, y: 150) == [28, 28, 30])
        #expect(try pixel(world, x: 200, y: 400) == [255, 255, 255])
        try world.setAppearance(.dark)
        #expect(try pixel(world, x: 200, y: 400) == [0, 0, 0])
    }

    /// In dark appearance a navigation bar takes its dark tint, its title its dark label colour,
    /// and the status bar's default style turns white.
    @Test func barsAndTheStatusBarDrawTheirDarkLook() throws {
        let script = """
            local navigation = objc.UINavigationController:newWithRootViewController(controller)
            controller.title = "Title"
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = navigation
            """
        let light = try ScreenRenderer.render(world(.light, script)).pixels()
        let dark = try ScreenRenderer.render(world(.dark, script)).pixels()
        func level(_ image: PixelImage, _ x: Int, _ y: Int) -> Int {
            let pixel = image.pixel(x: x * 2, y: y * 2)
            return (Int(pixel[0]) + Int(pixel[1]) + Int(pixel[2])) / 3
        }
        // The bar's empty left end, under the status bar's strip and in the bar.
        // Over the black window, as the bar covers the top of the screen: 97% white at 80%, or 11%.
        #expect(
            level(light, 20, 40) > 180 && level(dark, 20, 40) < 40, "\(level(light, 20, 40)) \(level(dark, 20, 40))")
        // The title's ink: dark on the light bar, light on the dark one.
        #expect(StatusBarDrawingTests.marks(light, scale: 2, x: 160, y: 30, width: 55, height: 25) > 50)
        #expect(
            StatusBarDrawingTests.marks(dark, scale: 2, x: 160, y: 30, width: 55, height: 25, onWhite: false) > 50)
        // The time in the status bar: white on black in dark appearance.
        #expect(
            StatusBarDrawingTests.marks(dark, scale: 2, x: 150, y: 0, width: 75, height: 20, onWhite: false) > 100)
    }
}
