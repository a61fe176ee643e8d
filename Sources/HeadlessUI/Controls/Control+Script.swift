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
                    (control: Control, target: BridgeObject?, action: Selector, events: Int) in
                    if let target { try environment.bridge?.check(action, of: target, for: "a control's action") }
                    control.addTarget(target, action: action.methodName, for: ControlEvents(rawValue: events))
                }
                c.method("addAction_forControlEvents") { (control: Control, action: MenuAction, events: Int) in
                    control.addAction(action, for: ControlEvents(rawValue: events))
                }
                c.method("removeAction_forControlEvents") { (control: Control, action: MenuAction, events: Int) in
                    control.removeAction(action, for: ControlEvents(rawValue: events))
                }
                c.method("removeActionForIdentifier_forControlEvents") {
                    (control: Control, identifier: String, events: Int) in
                    control.removeAction(nil, identifier: identifier, for: ControlEvents(rawValue: events))
                }
                c.method("removeTarget_action_forControlEvents") {
                    (control: Control, target: BridgeObject?, action: Selector?, events: Int) in
                    control.removeTarget(target, action: action?.methodName, for: ControlEvents(rawValue: events))
                }
                c.method("actionsForTarget_forControlEvent") { (control: Control, target: BridgeObject?, event: Int) in
                    control.actions(for: target, event: ControlEvents(rawValue: event))
                }
                c.property("allTargets") { (control: Control) in control.allTargets }
                c.property("allControlEvents") { (control: Control) in control.allControlEvents.rawValue }
                c.method("sendActionsForControlEvents") { (control: Control, events: Int) in
                    try control.sendActions(for: ControlEvents(rawValue: events))
                }
                c.enumeration(
                    cType: "UIControlEvents", constants: "UIControlEvent", module: "UIKit.UIControl",
                    aliases: ["Events"],
                    ControlEvents.members)
                c.enumeration("State", module: "UIKit.UIControl", ControlEvents.states)
                c.enumeration(
                    cType: "UIControlContentVerticalAlignment", constants: "UIControlContentVerticalAlignment",
                    module: "UIKit.UIControl", [("Center", 0), ("Top", 1), ("Bottom", 2), ("Fill", 3)])
                c.enumeration(
                    cType: "UIControlContentHorizontalAlignment", constants: "UIControlContentHorizontalAlignment",
                    module: "UIKit.UIControl",
                    [("Center", 0), ("Left", 1), ("Right", 2), ("Fill", 3), ("Leading", 4), ("Trailing", 5)])
                c.property(
                    "contentVerticalAlignment", get: { $0.contentVerticalAlignment },
                    set: { $0.contentVerticalAlignment = try choice($1, below: 4, "contentVerticalAlignment") })
                c.property(
                    "contentHorizontalAlignment", get: { $0.contentHorizontalAlignment },
                    set: { $0.contentHorizontalAlignment = try choice($1, below: 6, "contentHorizontalAlignment") })
            }
        }

        /// A value of an enum of `count` cases from a script, checked.
        static func choice(_ value: Int, below count: Int, _ what: String) throws -> Int {
            guard (0..<count).contains(value) else {
                throw ScriptValueError("\(what) must be one of 0 to \(count - 1), got \(value)")
            }
            return value
        }

        /// The case of `E` whose raw value is `value`, or an error that names the enum (the
        /// bridge names the class and the property or method).
        static func choice<E: RawRepresentable>(_ value: Int, of enumName: String) throws -> E where E.RawValue == Int {
            guard let chosen = E(rawValue: value) else { throw ScriptValueError("\(value) is not a \(enumName)") }
            return chosen
        }
    }
}

extension Control.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
