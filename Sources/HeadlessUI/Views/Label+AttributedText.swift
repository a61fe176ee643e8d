import Foundation
import ObjectBridge

/// A label's attributed text: its runs set by the text engine, the label's font, colour,
/// alignment and line break mode standing in for attributes the text lacks.
extension Label {
    /// `attributedText`: the label's copy of what it was given, or its plain text in its font,
    /// colour and paragraph style.
    var attributedText: AttributedText? {
        if let richText { return richText.copied() }
        guard let text else { return nil }
        let style = MutableParagraphStyle()
        (style.alignment, style.lineBreakMode) = (textAlignment, lineBreakMode)
        return AttributedText(
            text,
            attributes: [
                "NSFont": AnyScriptValue(effectiveFont), "NSColor": AnyScriptValue(shownTextColor),
                "NSParagraphStyle": AnyScriptValue(style),
            ])
    }

    func setAttributedText(_ given: AttributedText?) {
        richText = given.map { $0.copied() }
        text = given?.string
    }

    /// UIKit gives the whole attributed text a font or colour set on the label.
    func applyToRichText(_ name: String, _ value: BridgeObject?) {
        guard let richText, richText.length > 0 else { return }
        let whole = richText.mutableCopied()
        let range = NSRange(location: 0, length: whole.length)
        if let value {
            try? whole.addAttributes([name: AnyScriptValue(value)], range: range)
        } else {
            try? whole.removeAttribute(name, range: range)
        }
        self.richText = whole
    }

    var richDefaults: RichTextLayout.Defaults {
        RichTextLayout.Defaults(
            font: effectiveFont, color: shownTextColor, alignment: textAlignment, lineBreakMode: lineBreakMode,
            linkColor: Color.link)
    }

    /// The attributed text's size, as `sizeThatFits` measures plain text.
    func richSize(_ text: AttributedText, fitting size: CGSize) -> CGSize {
        let wraps = numberOfLines != 1 && size.width > 0
        let question = RichTextLayout.Question(
            width: wraps ? Double(size.width) : nil, height: nil, maxLines: max(numberOfLines, 0),
            defaults: richDefaults, style: UserInterfaceStyle.current)
        let measured = RichTextLayout.cached(text, question, engine: engine).size
        return CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    /// What the renderer draws for attributed text in `bounds`: the lines that fit, centred
    /// vertically, under the label's shadow. Nil for plain text.
    public func attributedDrawing(in bounds: CGRect) -> Drawing? {
        guard let richText, richText.length > 0 else { return nil }
        let question = RichTextLayout.Question(
            width: bounds.width, height: numberOfLines == 1 ? nil : bounds.height,
            maxLines: max(numberOfLines, 0), defaults: richDefaults, style: UserInterfaceStyle.current)
        let layout = RichTextLayout.cached(richText, question, engine: engine)
        let origin = CGPoint(x: 0, y: (bounds.height - layout.size.height) / 2)
        return Drawing(size: bounds.size) { drawing in
            if let shadowColor {
                drawing.commands.append(.shadow(offset: shadowOffset, blur: 0, color: DrawingColor(shadowColor)))
            }
            drawing.commands.append(.richText(layout, origin: origin))
        }
    }
}
