import Foundation
import ObjectBridge

/// What UIKit adds to NSString: measuring with attributes, and enumerating words, lines and
/// composed characters.
enum NSStringUIKit {
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

    /// NSStringCompareOptions, as Foundation.NSString declares them.
    static let compareOptions: [(String, Int)] = [
        ("CaseInsensitiveSearch", 1), ("LiteralSearch", 2), ("BackwardsSearch", 4), ("AnchoredSearch", 8),
        ("NumericSearch", 64), ("DiacriticInsensitiveSearch", 128), ("WidthInsensitiveSearch", 256),
        ("ForcedOrderingSearch", 512), ("RegularExpressionSearch", 1024),
    ]

    /// Draws `text` in the current context in its attributes' font (the system font at 12 by
    /// default) and colour (black): on one line from `point`, or wrapped in `box` and cut at
    /// its bottom.
    static func draw(
        _ text: String, at point: CGPoint, in box: CGSize?, _ attributes: [String: AnyScriptValue]?,
        _ environment: UIEnvironment
    ) {
        guard let context = environment.graphics.top else { return }
        let font = attributes?["NSFont"]?.value as? Font ?? Font.system(12, text: environment.text)
        let color = attributes?["NSColor"]?.value as? Color ?? Color(white: 0, alpha: 1)
        context.record(
            .text(
                text, origin: point, width: box.map { Double($0.width) }, height: box.map { Double($0.height) },
                face: font.face, size: font.pointSize,
                color: DrawingColor(color), alignment: 0))
    }

    /// The size of one line of `text` in `font` (UIKit's default: the system font at 12).
    static func size(of text: String, font: Font?, engine: TextEngine) -> CGSize {
        let font = font ?? Font.system(12, text: engine)
        return engine.measure(text, face: font.face, size: font.pointSize).size
    }
}
