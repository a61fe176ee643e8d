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
                c.property(
                    "text",
                    get: { (view: TextView) -> String? in
                        try view.syncTextFromStorage()
                        return view.text
                    },
                    set: { (view: TextView, text: String?) in
                        guard view.textKitStorage != nil else {
                            view.text = text ?? ""
                            return
                        }
                        try setTextKitText(of: view, AttributedText(text ?? ""))
                    })
                c.property(
                    "font", get: { $0.effectiveFont },
                    set: { (view: TextView, font: Font?) in
                        view.font = font
                        try restyleTextKitText(of: view, "NSFont", view.effectiveFont)
                    })
                c.property(
                    "attributedText",
                    get: { (view: TextView) -> AttributedText? in
                        if let storage = view.textKitStorage { return try storage.contents().copied() }
                        return view.attributedText(font: view.effectiveFont, color: view.textColor ?? Color.label)
                    },
                    set: { (view: TextView, text: AttributedText?) in
                        guard view.textKitStorage != nil else { return view.setAttributedText(text) }
                        try setTextKitText(of: view, text ?? AttributedText(""))
                    })
                TextView.addAdjustingMember(c)
                c.property(
                    "textColor", get: { $0.textColor ?? Color.label },
                    set: { (view: TextView, color: Color?) in
                        view.textColor = color
                        try restyleTextKitText(of: view, "NSColor", color ?? Color.label)
                    })
                c.property(
                    "textAlignment", get: { $0.textAlignment },
                    set: { (view: TextView, alignment: Int) in
                        view.textAlignment = try Control.Script.choice(alignment, below: 5, "textAlignment")
                        try restyleTextKitText(of: view, "NSParagraphStyle", view.textKitParagraphStyle)
                    })
                c.property("editable", get: { $0.isEditable }, set: { $0.isEditable = $1 })
                c.property("selectable", get: { $0.isSelectable }, set: { $0.isSelectable = $1 })
                c.property(
                    "textContainerInset", get: { $0.textContainerInset },
                    set: { $0.textContainerInset = try GeometryCheck.insets($1, "textContainerInset") })
                TextInputTraits.addProperties(to: c)
                c.property("editing") { (view: TextView) in view.isEditing }
                c.property(
                    "selectedRange",
                    get: {
                        try $0.syncTextFromStorage()
                        return $0.selectedRange
                    },
                    set: { (view: TextView, range: NSRange) in
                        try view.syncTextFromStorage()
                        let length = view.text.utf16.count
                        guard range.location <= length, range.length <= length - range.location else {
                            throw ScriptValueError(
                                "selectedRange {\(range.location), \(range.length)} is outside a text of length \(length)"
                            )
                        }
                        view.selection = range
                        try view.tellDelegate("textViewDidChangeSelection")
                    })
                textKitMembers(c)
            }
        }

        /// A TextKit view's text goes to its storage: in the view's font and colour when it is
        /// plain.
        private static func setTextKitText(of view: TextView, _ text: AttributedText) throws {
            guard let storage = view.textKitStorage else { return }
            let shown =
                text.runs.allSatisfy { $0.attributes.isEmpty }
                ? AttributedText(text.string, attributes: view.plainTextKitAttributes) : text
            try storage.primitiveReplace(NSRange(location: 0, length: try storage.contents().length), with: shown)
            try view.syncTextFromStorage()
            view.textDidChange()
        }

        /// A TextKit view's font, colour or alignment is its whole text's, as UIKit sets it on
        /// the storage.
        private static func restyleTextKitText(of view: TextView, _ name: String, _ value: BridgeObject?) throws {
            guard let storage = view.textKitStorage else { return }
            let length = try storage.contents().length
            guard length > 0 else { return }
            try storage.changeAttributes(in: NSRange(location: 0, length: length)) {
                $0[name] = value.map { AnyScriptValue($0) }
            }
        }

        /// `initWithFrame_textContainer` and the TextKit objects of a view (made for it when it
        /// was made without a container).
        private static func textKitMembers(_ c: NativeClassBuilder<TextView>) {
            c.method("initWithFrame_textContainer") {
                (view: TextView, frame: CGRect, container: TextContainer?) -> TextView in
                view.frame = try GeometryCheck.rect(frame, "frame")
                if let container { try view.useTextKit(container) }
                return view
            }
            c.property("textContainer") { (view: TextView) in
                try view.moveOntoTextKit()
                return view.textKitContainer
            }
            c.property("layoutManager") { (view: TextView) in
                try view.moveOntoTextKit()
                return view.textKitManager
            }
            c.property("textStorage") { (view: TextView) in
                try view.moveOntoTextKit()
                return view.textKitStorage
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
                    "textViewDidChangeSelection",
                ])
        ]
    }
}

extension TextView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
