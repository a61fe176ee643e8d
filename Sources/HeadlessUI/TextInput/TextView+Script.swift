import Foundation
import ObjectBridge

extension TextView {
    /// Scripts' view of `TextView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITextView", superclass: "UIScrollView", type: TextView.self,
                allocate: { TextView(environment: environment) }
            ) { c in
                c.property("text", get: { (view: TextView) -> String? in view.text }, set: { $0.text = $1 ?? "" })
                c.property("font", get: { $0.effectiveFont }, set: { $0.font = $1 })
                c.property(
                    "attributedText",
                    get: { $0.attributedText(font: $0.effectiveFont, color: $0.textColor ?? Color.label) },
                    set: { $0.setAttributedText($1) })
                TextView.addAdjustingMember(c)
                c.property("textColor", get: { $0.textColor ?? Color.label }, set: { $0.textColor = $1 })
                c.property(
                    "textAlignment", get: { $0.textAlignment },
                    set: { $0.textAlignment = try Control.Script.choice($1, below: 5, "textAlignment") })
                c.property("editable", get: { $0.isEditable }, set: { $0.isEditable = $1 })
                c.property("selectable", get: { $0.isSelectable }, set: { $0.isSelectable = $1 })
                c.property(
                    "textContainerInset", get: { $0.textContainerInset },
                    set: { $0.textContainerInset = try GeometryCheck.insets($1, "textContainerInset") })
                TextInputTraits.addProperties(to: c)
                c.property("editing") { (view: TextView) in view.isEditing }
            }
        }

        /// UITextView.h's notification names.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UITextView",
                TextView.Notification.allCases.map { ($0.rawValue, .constant($0.rawValue)) })
        }

        /// UITextViewDelegate, which takes UIScrollViewDelegate's methods too.
        static let protocols = [
            ProtocolDescription(
                TextView.textDelegateProtocol, inherits: [ScrollView.delegateProtocol],
                optional: [
                    "textViewShouldBeginEditing", "textViewDidBeginEditing", "textViewShouldEndEditing",
                    "textViewDidEndEditing", "textView_shouldChangeTextInRange_replacementText", "textViewDidChange",
                ])
        ]
    }
}

extension TextView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
