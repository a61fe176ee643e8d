import Foundation
import ObjectBridge

/// The attributes UIKit draws, checked as they arrive from a script: a value of the wrong kind
/// is refused by its name, where UIKit would crash drawing it. Names Rebound does not know are
/// kept as they are, as Foundation keeps custom attributes.
enum TextAttributeCheck {
    /// What each known attribute holds.
    enum Kind {
        case font, color, paragraphStyle, number, integer, shadow, attachment, link
    }

    static let kinds: [String: Kind] = [
        "NSFont": .font, "NSColor": .color, "NSBackgroundColor": .color, "NSUnderlineColor": .color,
        "NSStrikethroughColor": .color, "NSStrokeColor": .color, "NSParagraphStyle": .paragraphStyle,
        "NSKern": .number, "NSBaselineOffset": .number, "NSStrokeWidth": .number, "NSObliqueness": .number,
        "NSExpansion": .number, "NSUnderline": .integer, "NSStrikethrough": .integer, "NSLigature": .integer,
        "NSShadow": .shadow, "NSAttachment": .attachment, "NSLink": .link,
    ]

    /// `attributes`, each known one checked.
    static func checked(_ attributes: TextAttributes) throws -> TextAttributes {
        for (name, value) in attributes { try check(name, value) }
        return attributes
    }

    static func check(_ name: String, _ value: AnyScriptValue) throws {
        guard let kind = kinds[name], let held = value.value else { return }
        let fits: Bool
        switch kind {
        case .font: fits = held is Font
        case .color: fits = held is Color
        case .paragraphStyle: fits = held is ParagraphStyle
        case .number: fits = (held as? Double).map(\.isFinite) ?? (held is Int)
        case .integer: fits = held is Int
        case .shadow: fits = held is TextShadow
        case .attachment: fits = held is TextAttachment
        case .link: fits = held is String || held is URLObject
        }
        guard fits else {
            throw ScriptValueError("the attribute \(name) must be \(describe(kind)), got \(held)")
        }
    }

    private static func describe(_ kind: Kind) -> String {
        switch kind {
        case .font: return "a UIFont"
        case .color: return "a UIColor"
        case .paragraphStyle: return "an NSParagraphStyle"
        case .number: return "a finite number"
        case .integer: return "a whole number (an NSUnderlineStyle)"
        case .shadow: return "an NSShadow"
        case .attachment: return "an NSTextAttachment"
        case .link: return "an NSURL or a string"
        }
    }

    /// A number attribute's value, 0 when it has none.
    static func number(_ attributes: TextAttributes, _ name: String) -> Double {
        switch attributes[name]?.value {
        case let value as Double: return value
        case let value as Int: return Double(value)
        default: return 0
        }
    }

    /// NSUnderlineStyle's line: none, single (single and thick) or double.
    static func lines(_ attributes: TextAttributes, _ name: String) -> RichTextLayout.Lines {
        guard let style = attributes[name]?.value as? Int else { return .none }
        switch style & 0x0F {
        case 0: return .none
        case 0x09: return .double
        default: return .single
        }
    }
}
