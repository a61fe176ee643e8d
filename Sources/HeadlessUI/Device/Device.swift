import Foundation
import ObjectBridge

/// `UIDevice.currentDevice`: what the device profile says of the device the program runs on.
public final class Device: BridgeObject {
    private unowned let screen: Screen

    init(screen: Screen) {
        self.screen = screen
    }

    public var profile: DeviceProfile { screen.profile }

    /// UIDeviceOrientation: portrait (1) for a screen taller than it is wide, else landscape
    /// left (3), which is how a device held that way reports itself.
    public var orientation: Int { profile.size.height >= profile.size.width ? 1 : 3 }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIDevice", superclass: "NSObject", type: Device.self, allocate: nil) { c in
                c.classProperty("currentDevice") { environment.device }
                c.property("systemVersion") { (device: Device) in device.profile.systemVersion }
                c.property("systemName") { (_: Device) in "iOS" }
                c.property("model") { (device: Device) in device.profile.model }
                c.property("localizedModel") { (device: Device) in device.profile.model }
                c.property("name") { (device: Device) in device.profile.model }
                c.property("userInterfaceIdiom") { (device: Device) in device.profile.isPad ? 1 : 0 }
                c.property("orientation") { (device: Device) in device.orientation }
                c.property("multitaskingSupported") { (_: Device) in true }
                c.enumeration(
                    cType: "UIUserInterfaceIdiom", constants: "UIUserInterfaceIdiom", module: "UIKit.UIDevice",
                    [
                        ("Unspecified", -1), ("Phone", 0), ("Pad", 1), ("TV", 2), ("CarPlay", 3), ("Mac", 5),
                        ("Vision", 6),
                    ])
                c.enumeration(
                    cType: "UIDeviceOrientation", constants: "UIDeviceOrientation", module: "UIKit.UIDevice",
                    [
                        ("Unknown", 0), ("Portrait", 1), ("PortraitUpsideDown", 2), ("LandscapeLeft", 3),
                        ("LandscapeRight", 4), ("FaceUp", 5), ("FaceDown", 6),
                    ])
            }
        }
    }
}
