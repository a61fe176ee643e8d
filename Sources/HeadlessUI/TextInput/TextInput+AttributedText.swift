import Foundation
import ObjectBridge

/// `attributedText` of text fields and text views: the input keeps its own copy, which typing
/// edits run by run, and reads back as a copy.
extension TextInput {
    /// The runs, or the plain text in the input's `font` and `color`.
    func attributedText(font: Font, color: Color) -> AttributedText {
        richText?.copied()
            ?? AttributedText(text, attributes: ["NSFont": AnyScriptValue(font), "NSColor": AnyScriptValue(color)])
    }

    func setAttributedText(_ given: AttributedText?) {
        richText = given?.mutableCopied()
        text = given?.string ?? ""
    }

    /// The layout of the input's runs in a box `width` wide (nil: one unwrapped line), links
    /// in the tint as a text view draws them.
    func richLayout(
        width: Double?, maxLines: Int, font: Font, color: Color, alignment: Int, tint: Color
    ) -> RichTextLayout? {
        guard let richText, richText.length > 0 else { return nil }
        let defaults = RichTextLayout.Defaults(
            font: font, color: color, alignment: alignment, lineBreakMode: 0, linkColor: tint, underlinesLinks: false)
        let question = RichTextLayout.Question(
            width: width, height: nil, maxLines: maxLines, defaults: defaults, style: UserInterfaceStyle.current)
        return RichTextLayout.cached(richText, question, engine: engine)
    }
}
