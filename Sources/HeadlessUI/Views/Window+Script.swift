import Foundation
import ObjectBridge

extension Window {
    /// Scripts' view of `Window`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("UIWindow", superclass: "UIView", type: Window.self, allocate: { Window() }) { c in
                c.property("rootViewController", get: { $0.rootViewController }, set: { try $0.setRootViewController($1) })
                c.method("makeKeyAndVisible") { (_: Window) in }
            }
        }
    }
}
