import Foundation
import HeadlessUI
import Rendering

/// A phone's screen (or `profile`'s) showing one view controller (the Lua global `controller`) whose view is
/// `background` (a `UIColor` class property), drawn after `script` ran and a second passed.
enum ControllerScreen {
    static func render(
        _ appearance: UserInterfaceStyle = .light, profile: DeviceProfile = .phone,
        background: String = "systemBackgroundColor", _ script: String
    ) throws -> PixelImage {
        var profile = profile
        profile.appearance = appearance
        let world = try UIWorld(profile: profile, services: ScreenRenderer.worldServices)
        // Hundreds of views under AddressSanitizer on a busy machine outlast the default budget.
        world.bridge.state.timeBudget = .seconds(120)
        try world.bridge.state.run(
            """
            controller = objc.UIViewController:new()
            controller.view.backgroundColor = objc.UIColor.\(background)
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            \(script)
            """, chunkName: "=test")
        try world.layoutPass()
        try world.clock.advance(by: 1)
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }
}
