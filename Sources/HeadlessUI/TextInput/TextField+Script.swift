import Foundation
import ObjectBridge

extension TextField {
    /// Scripts' view of `TextField`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITextField", superclass: "UIControl", type: TextField.self,
                allocate: { TextField(environment: environment) }
            ) { c in
                c.property("text", get: { (field: TextField) -> String? in field.text }, set: { $0.text = $1 ?? "" })
                c.property("placeholder", get: { $0.placeholder }, set: { $0.placeholder = $1 })
                c.property("font", get: { $0.effectiveFont }, set: { $0.font = $1 })
                c.property(
                    "attributedText",
                    get: { $0.attributedText(font: $0.effectiveFont, color: $0.textColor ?? Color.label) },
                    set: { $0.setAttributedText($1) })
                TextField.addAdjustingMember(c)
                c.property("textColor", get: { $0.textColor ?? Color.label }, set: { $0.textColor = $1 })
                c.property(
                    "textAlignment", get: { $0.textAlignment },
                    set: { $0.textAlignment = try Control.Script.choice($1, below: 5, "textAlignment") })
                c.property(
                    "borderStyle", get: { $0.borderStyle },
                    set: { $0.borderStyle = try Control.Script.choice($1, below: 4, "borderStyle") })
                c.property(
                    "clearButtonMode", get: { $0.clearButtonMode },
                    set: { $0.clearButtonMode = try Control.Script.choice($1, below: 4, "clearButtonMode") })
                c.property("leftView", get: { $0.leftView }, set: { try $0.setLeftView($1) })
                c.property("rightView", get: { $0.rightView }, set: { try $0.setRightView($1) })
                c.property(
                    "leftViewMode", get: { $0.leftViewMode },
                    set: { $0.leftViewMode = try Control.Script.choice($1, below: 4, "leftViewMode") })
                c.property(
                    "rightViewMode", get: { $0.rightViewMode },
                    set: { $0.rightViewMode = try Control.Script.choice($1, below: 4, "rightViewMode") })
                c.property("secureTextEntry", get: { $0.isSecureTextEntry }, set: { $0.isSecureTextEntry = $1 })
                c.property(
                    "clearsOnBeginEditing", get: { $0.clearsOnBeginEditing }, set: { $0.clearsOnBeginEditing = $1 })
                c.property(
                    "adjustsFontSizeToFitWidth", get: { $0.adjustsFontSizeToFitWidth },
                    set: { $0.adjustsFontSizeToFitWidth = $1 })
                c.property(
                    "minimumFontSize", get: { $0.minimumFontSize },
                    set: { $0.minimumFontSize = try Font.size($1) })
                TextInputTraits.addProperties(to: c)
                c.property("editing") { (field: TextField) in field.isEditing }
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.method("textRectForBounds") { (field: TextField, _: CGRect) in field.textRect }
                c.method("clearButtonRectForBounds") { (field: TextField, _: CGRect) in
                    field.clearButtonRect ?? .zero
                }
                c.enumeration(
                    cType: "UITextBorderStyle", constants: "UITextBorderStyle", module: "UIKit.UITextField",
                    aliases: ["BorderStyle"], [("None", 0), ("Line", 1), ("Bezel", 2), ("RoundedRect", 3)])
                c.enumeration(
                    cType: "UITextFieldViewMode", constants: "UITextFieldViewMode", module: "UIKit.UITextField",
                    aliases: ["ViewMode"], [("Never", 0), ("WhileEditing", 1), ("UnlessEditing", 2), ("Always", 3)])
                c.enumeration(
                    cType: "UIKeyboardType", constants: "UIKeyboardType", module: "UIKit.UITextInputTraits",
                    aliases: ["KeyboardType"], TextInputTraits.keyboardTypes)
                c.enumeration(
                    cType: "UIReturnKeyType", constants: "UIReturnKey", module: "UIKit.UITextInputTraits",
                    aliases: ["ReturnKeyType", "UIReturnKeyType"], TextInputTraits.returnKeyTypes)
                c.enumeration(
                    cType: "UITextAutocapitalizationType", constants: "UITextAutocapitalizationType",
                    module: "UIKit.UITextInputTraits", aliases: ["AutocapitalizationType"],
                    TextInputTraits.autocapitalizationTypes)
                c.enumeration(
                    cType: "UITextAutocorrectionType", constants: "UITextAutocorrectionType",
                    module: "UIKit.UITextInputTraits", aliases: ["AutocorrectionType"],
                    TextInputTraits.autocorrectionTypes)
            }
        }

        /// UITextField.h's notification names.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UITextField",
                TextField.Notification.allCases.map { ($0.rawValue, .constant($0.rawValue)) })
        }

        static let protocols = [
            ProtocolDescription(
                TextField.textDelegateProtocol,
                optional: [
                    "textFieldShouldBeginEditing", "textFieldDidBeginEditing", "textFieldShouldEndEditing",
                    "textFieldDidEndEditing", "textFieldDidEndEditing_reason",
                    "textField_shouldChangeCharactersInRange_replacementString", "textFieldShouldClear",
                    "textFieldShouldReturn",
                ])
        ]
    }
}

extension TextField.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
