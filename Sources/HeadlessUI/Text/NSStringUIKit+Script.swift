import Foundation
import ObjectBridge

extension NSStringUIKit {
    /// What scripts see of UIKit's NSString additions: the extension of NSString the bridge
    /// registers, and NSAttributedString's attribute names.
    enum Script {
        /// NSString's UIKit methods, added to the bridge's NSString class.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let engine = environment.text
            return NativeClass(extending: "NSString", type: NSStringClass.self) { c in
                c.valueMethod("sizeWithAttributes", receiver: String.self) {
                    (text: String, attributes: [String: AnyScriptValue]?) in
                    size(of: text, font: attributes?["NSFont"]?.value as? Font, engine: engine)
                }
                c.valueMethod("sizeWithFont", receiver: String.self) { (text: String, font: Font) in
                    size(of: text, font: font, engine: engine)
                }
                c.valueMethod("drawAtPoint_withAttributes", receiver: String.self) {
                    (text: String, point: CGPoint, attributes: [String: AnyScriptValue]?) in
                    draw(text, at: try GeometryCheck.point(point, "point"), in: nil, attributes, environment)
                }
                c.valueMethod("drawInRect_withAttributes", receiver: String.self) {
                    (text: String, rect: CGRect, attributes: [String: AnyScriptValue]?) in
                    let rect = try GeometryCheck.rect(rect, "rect")
                    draw(text, at: rect.origin, in: rect.size, attributes, environment)
                }
                c.valueMethod("enumerateSubstringsInRange_options_usingBlock", receiver: String.self) {
                    (text: String, range: NSRange, options: Int, block: ScriptBlock) in
                    guard let unit = TextUnit(options: options) else {
                        throw ScriptValueError(
                            "options \(options) name no unit this host enumerates (ByLines, ByParagraphs, ByComposedCharacterSequences, ByWords)"
                        )
                    }
                    guard range.location + range.length <= text.utf16.count else {
                        throw ScriptValueError(
                            "range {\(range.location), \(range.length)} is outside a string of length \(text.utf16.count)"
                        )
                    }
                    guard let bridge = environment.bridge else { return }
                    var segments = engine.segments(of: text, in: range, by: unit)
                    if options & (1 << 8) != 0 { segments.reverse() }
                    for segment in segments {
                        try bridge.call(block, segment.text, segment.range, segment.enclosingRange)
                    }
                }
                // NSStringEnumerationOptions: Bounces spells it Enumeration, CodeFlow EnumerationOptions.
                c.enumeration(
                    cType: "NSStringEnumerationOptions", constants: "NSStringEnumeration",
                    module: "Foundation.NSString",
                    aliases: ["EnumerationOptions"], enumerationOptions)
                c.enumeration("CompareOptions", module: "Foundation.NSString", compareOptions)
            }
        }

        /// `require "UIKit.NSAttributedString"`: the attribute names.
        static var attributesModule: BindingModule {
            BindingModule("UIKit.NSAttributedString", attributeNames.map { ($0.0, .constant($0.1)) })
        }
    }
}
