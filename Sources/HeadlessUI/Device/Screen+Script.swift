import Foundation
import ObjectBridge

extension Screen {
    /// Scripts' view of `Screen`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIScreen", superclass: "NSObject", type: Screen.self, allocate: nil) { c in
                c.classProperty("mainScreen") { environment.screen }
                c.property("bounds") { (screen: Screen) in screen.bounds }
                c.property("applicationFrame") { (screen: Screen) -> CGRect in
                    let bar = environment.application.statusBarFrame.height
                    return CGRect(x: 0, y: bar, width: screen.bounds.width, height: screen.bounds.height - bar)
                }
                c.property("scale") { (screen: Screen) in screen.profile.scale }
                c.property("nativeScale") { (screen: Screen) in screen.profile.scale }
            }
        }
    }
}

extension Screen.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
