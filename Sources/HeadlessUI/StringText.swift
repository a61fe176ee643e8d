import Foundation
import ObjectBridge

/// What UIKit adds to NSString: measuring with attributes, and enumerating words, lines and
/// composed characters.
enum StringText {
    /// NSAttributedString's attribute names, as UIKit spells their values.
    static let attributeNames: [(String, String)] = [
        ("NSFontAttributeName", "NSFont"), ("NSForegroundColorAttributeName", "NSColor"),
        ("NSBackgroundColorAttributeName", "NSBackgroundColor"), ("NSParagraphStyleAttributeName", "NSParagraphStyle"),
        ("NSKernAttributeName", "NSKern"), ("NSShadowAttributeName", "NSShadow"),
    ]

    static let enumerationOptions: [(String, Int)] = [
        ("ByLines", 0), ("ByParagraphs", 1), ("ByComposedCharacterSequences", 2), ("ByWords", 3), ("BySentences", 4),
        ("Reverse", 1 << 8), ("SubstringNotRequired", 1 << 9), ("Localized", 1 << 10),
    ]

    /// The size of one line of `text` in `font` (UIKit's default: the system font at 12).
    static func size(of text: String, font: Font?, engine: TextEngine) -> CGSize {
        let font = font ?? Font.system(12, text: engine)
        return engine.measure(text, face: font.face, size: font.pointSize).size
    }

    static func extensionClass(_ environment: UIEnvironment) -> NativeClass {
        let engine = environment.text
        return NativeClass(extending: "NSString", type: NSStringClass.self) { c in
            c.valueMethod("sizeWithAttributes", receiver: String.self) { (text: String, attributes: [String: AnyScriptValue]?) in
                size(of: text, font: attributes?["NSFont"]?.value as? Font, engine: engine)
            }
            c.valueMethod("sizeWithFont", receiver: String.self) { (text: String, font: Font) in
                size(of: text, font: font, engine: engine)
            }
            c.valueMethod("enumerateSubstringsInRange_options_usingBlock", receiver: String.self) {
                (text: String, range: NSRange, options: Int, block: ScriptBlock) in
                guard let unit = TextUnit(options: options) else {
                    throw ScriptValueError("options \(options) name no unit this host enumerates (ByLines, ByParagraphs, ByComposedCharacterSequences, ByWords)")
                }
                guard range.location + range.length <= text.utf16.count else {
                    throw ScriptValueError("range {\(range.location), \(range.length)} is outside a string of length \(text.utf16.count)")
                }
                guard let bridge = environment.bridge else { return }
                var segments = engine.segments(of: text, in: range, by: unit)
                if options & (1 << 8) != 0 { segments.reverse() }
                for segment in segments {
                    try bridge.call(block, segment.text, segment.range, segment.enclosingRange)
                }
            }
            c.enumeration("Enumeration", module: "Foundation.NSString", enumerationOptions)
        }
    }
}
