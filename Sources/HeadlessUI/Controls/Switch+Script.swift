import Foundation
import ObjectBridge

extension Switch {
    /// Scripts' view of `Switch`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISwitch", superclass: "UIControl", type: Switch.self,
                allocate: { Switch(touches: environment.touches) }
            ) { c in
                c.property("on", get: { $0.isOn }, set: { $0.setOn($1) })
                c.method("setOn_animated") { (control: Switch, on: Bool, animated: Bool) in
                    control.setOn(on, animated: animated)
                }
                c.property("onTintColor", get: { $0.onTintColor }, set: { $0.onTintColor = $1 })
                c.property("thumbTintColor", get: { $0.thumbTintColor }, set: { $0.thumbTintColor = $1 })
            }
        }
    }
}

extension Switch.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
