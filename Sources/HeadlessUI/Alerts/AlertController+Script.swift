import Foundation
import ObjectBridge

extension AlertController {
    /// Scripts' view of `AlertController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIAlertController", superclass: "UIViewController", type: AlertController.self,
                allocate: { AlertController(environment: environment, title: nil, message: nil, style: .alert) }
            ) { c in
                // Not a trailing closure: a leading String? would read as `locating:`'s.
                c.classMethod(
                    "alertControllerWithTitle_message_preferredStyle",
                    { (title: String?, message: String?, style: Int) -> AlertController in
                        AlertController(
                            environment: environment, title: title, message: message, style: try Style.checked(style))
                    })
                c.property("message", get: { $0.message }, set: { $0.message = $1 })
                c.property("preferredStyle") { (alert: AlertController) in alert.preferredStyle.rawValue }
                c.method("addAction") { (alert: AlertController, action: AlertAction) in try alert.addAction(action) }
                c.property("actions") { (alert: AlertController) in alert.actions }
                c.method("addTextFieldWithConfigurationHandler") { (alert: AlertController, block: ScriptBlock?) in
                    try alert.addTextField(configuration: block)
                }
                c.property("textFields") { (alert: AlertController) in alert.textFields }
                c.property(
                    "preferredAction", get: { $0.preferredAction },
                    set: { alert, action in
                        if let action, !alert.actions.contains(where: { $0 === action }) {
                            throw ScriptValueError("the preferred action must be one of the alert's actions")
                        }
                        alert.preferredAction = action
                    })
                c.enumeration(
                    cType: "UIAlertControllerStyle", constants: "UIAlertControllerStyle",
                    module: "UIKit.UIAlertController", Style.members)
            }
        }
    }
}

extension AlertController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
