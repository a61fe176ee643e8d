import Foundation
import ObjectBridge

/// `UIDevice.currentDevice`: what the device profile says of the device the program runs on.
public final class Device: BridgeObject {
    private unowned let screen: Screen

    /// How the device is held (`UIDeviceOrientation`). The interface, and the screen's bounds,
    /// turn with it when the app supports the orientation.
    public internal(set) var orientation: DeviceOrientation

    init(screen: Screen) {
        self.screen = screen
        orientation = screen.profile.orientation
    }

    public var profile: DeviceProfile { screen.profile }

    enum Script {
        /// UIDevice.h's notification name.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UIDevice",
                [(UIEnvironment.deviceOrientationNotification, .constant(UIEnvironment.deviceOrientationNotification))])
        }

        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIDevice", superclass: "NSObject", type: Device.self, allocate: nil) { c in
                c.classProperty("currentDevice") { environment.device }
                c.property("systemVersion") { (device: Device) in device.profile.systemVersion }
                c.property("systemName") { (_: Device) in "iOS" }
                c.property("model") { (device: Device) in device.profile.model }
                c.property("localizedModel") { (device: Device) in device.profile.model }
                c.property("name") { (device: Device) in device.profile.model }
                c.property("userInterfaceIdiom") { (device: Device) in device.profile.isPad ? 1 : 0 }
                c.property("orientation") { (device: Device) in device.orientation.rawValue }
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

extension Device.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
