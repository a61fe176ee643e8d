import Foundation
import ObjectBridge

extension Label {
    /// Scripts' view of `Label`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let engine = environment.text
            return NativeClass("UILabel", superclass: "UIView", type: Label.self, allocate: { Label(engine: engine) }) {
                c in
                c.property("text", get: { $0.text }, set: { $0.text = $1 })
                c.property("attributedText", get: { $0.attributedText }, set: { $0.setAttributedText($1) })
                c.property("font", get: { $0.effectiveFont }, set: { $0.font = $1 })
                Label.addAdjustingMember(c)
                c.property("textColor", get: { $0.shownTextColor }, set: { $0.textColor = $1 })
                c.property("textAlignment", get: { $0.textAlignment }, set: { $0.textAlignment = $1 })
                c.property("shadowColor", get: { $0.shadowColor }, set: { $0.shadowColor = $1 })
                c.property("shadowOffset", get: { $0.shadowOffset }, set: { $0.shadowOffset = $1 })
                c.property("numberOfLines", get: { $0.numberOfLines }, set: { $0.numberOfLines = max(0, $1) })
                c.property("lineBreakMode", get: { $0.lineBreakMode }, set: { $0.lineBreakMode = $1 })
                c.enumeration("Alignment", module: "UIKit.NSText", alignments)
                c.enumeration("LineBreakMode", module: "UIKit.NSParagraphStyle", lineBreakModes)
                // CodeFlow's name: the constants' common prefix, NSLineBreakBy, less nothing.
                c.enumeration(
                    cType: "NSLineBreakMode", constants: "NSLineBreakBy", module: "UIKit.NSParagraphStyle",
                    lineBreakModes.map { (String($0.0.dropFirst(2)), $0.1) })
                c.enumeration("LineBreakMode", module: "UIKit.NSText", lineBreakModes)
            }
        }
    }
}

extension Label.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
