import Foundation
import ObjectBridge

extension Control {
    /// Scripts' view of `Control`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIControl", superclass: "UIView", type: Control.self,
                allocate: { Control(touches: environment.touches) }
            ) { c in
                c.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
                c.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
                c.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
                c.property("state") { (control: Control) in control.state }
                c.property("tracking") { (control: Control) in control.isHighlighted }
                c.method("addTarget_action_forControlEvents") {
                    (control: Control, target: BridgeObject?, action: String, events: Int) in
                    control.addTarget(target, action: action, for: ControlEvents(rawValue: events))
                }
                c.method("removeTarget_action_forControlEvents") {
                    (control: Control, target: BridgeObject?, action: String?, events: Int) in
                    control.removeTarget(target, action: action, for: ControlEvents(rawValue: events))
                }
                c.method("actionsForTarget_forControlEvent") { (control: Control, target: BridgeObject?, event: Int) in
                    control.actions(for: target, event: ControlEvents(rawValue: event))
                }
                c.property("allTargets") { (control: Control) in control.allTargets }
                c.property("allControlEvents") { (control: Control) in control.allControlEvents.rawValue }
                c.method("sendActionsForControlEvents") { (control: Control, events: Int) in
                    try control.sendActions(for: ControlEvents(rawValue: events))
                }
                c.enumeration("Events", module: "UIKit.UIControl", ControlEvents.members)
                c.enumeration("Event", module: "UIKit.UIControl", ControlEvents.members)
                c.enumeration("State", module: "UIKit.UIControl", ControlEvents.states)
            }
        }
    }
}
