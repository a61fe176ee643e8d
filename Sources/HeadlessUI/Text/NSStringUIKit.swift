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
        ("NSUnderlineStyleAttributeName", "NSUnderline"), ("NSUnderlineColorAttributeName", "NSUnderlineColor"),
        ("NSStrikethroughStyleAttributeName", "NSStrikethrough"),
        ("NSStrikethroughColorAttributeName", "NSStrikethroughColor"),
        ("NSBaselineOffsetAttributeName", "NSBaselineOffset"), ("NSLinkAttributeName", "NSLink"),
        ("NSAttachmentAttributeName", "NSAttachment"), ("NSLigatureAttributeName", "NSLigature"),
        ("NSStrokeWidthAttributeName", "NSStrokeWidth"), ("NSStrokeColorAttributeName", "NSStrokeColor"),
        ("NSObliquenessAttributeName", "NSObliqueness"), ("NSExpansionAttributeName", "NSExpansion"),
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
                DrawnText(
                    text: text, origin: point, width: box.map { Double($0.width) },
                    height: box.map { Double($0.height) }, face: font.face, size: font.pointSize,
                    color: DrawingColor(color), alignment: 0, wrap: .words, truncation: .none)))
    }

    /// iOS 6's drawing (`drawInRect:withFont:lineBreakMode:alignment:`, `drawAtPoint:withFont:`):
    /// in the context's fill colour, on one line from `point` or wrapped in `box`, where the
    /// line break mode's truncation cuts the last line that fits; returns the size drawn.
    static func draw(
        _ text: String, at point: CGPoint, in box: CGSize?, font: Font, lineBreakMode: Int, alignment: Int,
        _ environment: UIEnvironment
    ) throws -> CGSize {
        guard Label.lineBreakModes.contains(where: { $0.1 == lineBreakMode }) else {
            throw ScriptValueError("lineBreakMode must be an NSLineBreakMode from 0 to 5, got \(lineBreakMode)")
        }
        let wrap: TextEngine.Wrap = lineBreakMode == 1 ? .characters : .words
        let drawn = size(
            of: text, font: font, constrainedTo: box ?? CGSize(width: 0, height: 0), lineBreakMode: lineBreakMode,
            engine: environment.text)
        environment.graphics.top?.record(
            .text(
                DrawnText(
                    text: text, origin: point, width: box.map { Double($0.width) },
                    height: box.map { Double($0.height) }, face: font.face, size: font.pointSize, color: nil,
                    alignment: [1, 2].contains(alignment) ? alignment : 0, wrap: wrap,
                    truncation: TextEngine.Truncation(lineBreakMode: lineBreakMode))))
        return drawn
    }

    /// iOS 6's `sizeWithFont:constrainedToSize:lineBreakMode:`: the size of `text` wrapped at the
    /// width (0: one line) and cut to the lines that fit in the height (0: all).
    static func size(
        of text: String, font: Font, constrainedTo box: CGSize, lineBreakMode: Int, engine: TextEngine
    ) -> CGSize {
        let wrap: TextEngine.Wrap = lineBreakMode == 1 ? .characters : .words
        let width = box.width > 0 ? Double(box.width) : nil
        var lines = 0
        if box.height > 0 {
            let lineHeight = engine.measure(
                text, face: font.face, size: font.pointSize, width: width, wrap: wrap, maxLines: 1
            )
            .size.height
            lines = lineHeight > 0 ? max(1, Int(((box.height + 1) / lineHeight).rounded(.down))) : 1
        }
        let measured = engine.measure(
            text, face: font.face, size: font.pointSize, width: width, wrap: wrap, maxLines: lines
        ).size
        return CGSize(
            width: min(measured.width, width ?? measured.width).rounded(.up), height: measured.height.rounded(.up))
    }

    /// The size of one line of `text` in `font` (UIKit's default: the system font at 12).
    static func size(of text: String, font: Font?, engine: TextEngine) -> CGSize {
        let font = font ?? Font.system(12, text: engine)
        return engine.measure(text, face: font.face, size: font.pointSize).size
    }
}
