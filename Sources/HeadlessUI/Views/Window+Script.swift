import Foundation
import ObjectBridge

extension Window {
    /// Scripts' view of `Window`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIWindow", superclass: "UIView", type: Window.self,
                allocate: { Window(application: environment.application) }
            ) { c in
                c.property(
                    "rootViewController", get: { $0.rootViewController }, set: { try $0.setRootViewController($1) })
                c.method("makeKeyAndVisible") { (window: Window) in try window.makeKeyAndVisible() }
                c.method("makeKeyWindow") { (window: Window) in window.application.makeKey(window) }
                c.property("keyWindow") { (window: Window) in window.isKeyWindow }
                c.property(
                    "windowLevel", get: { $0.windowLevel },
                    set: { $0.windowLevel = try GeometryCheck.finite($1, "windowLevel") })
                c.property("screen") { (_: Window) in environment.screen }
            }
        }

        /// UIWindow.h's window levels, and the keyboard's notifications and their keys.
        static var module: BindingModule {
            let keyboardNames = Keyboard.Notification.allCases.map(\.rawValue) + Keyboard.userInfoKeys
            return BindingModule(
                "UIKit.UIWindow",
                [
                    ("UIWindowLevelNormal", .constant(0.0)), ("UIWindowLevelStatusBar", .constant(1000.0)),
                    ("UIWindowLevelAlert", .constant(2000.0)),
                ] + keyboardNames.map { ($0, .constant($0)) })
        }
    }
}

extension Window.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
