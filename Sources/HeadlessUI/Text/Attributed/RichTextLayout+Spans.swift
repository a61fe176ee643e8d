import Foundation
import ObjectBridge

extension RichTextLayout {
    /// The paragraph of `range` in `style`: its runs as spans over its UTF-8, and its style's
    /// box. `index` is where `range` starts in the string, and is moved past it and its break;
    /// `runs` is moved to its runs.
    static func paragraph(
        _ text: AttributedText, _ range: NSRange, style: ParagraphStyle?, from index: inout String.Index,
        runs: inout RunCursor, _ question: Question
    ) -> Paragraph {
        let utf16 = text.string.utf16
        var spans: [Span] = []
        var utf8 = ""
        var byte: Int32 = 0
        for run in runs.runs(in: range) {
            let end = utf16.index(index, offsetBy: run.range.length)
            let piece = text.string[index..<end]
            index = end
            let length = Int32(piece.utf8.count)
            utf8 += piece
            spans.append(span(run.attributes, bytes: byte..<(byte + length), question.defaults))
            byte += length
        }
        // Past the paragraph's break (two units for CR LF).
        let breakLength = min(text.length - range.location - range.length, isCRLF(utf16, index) ? 2 : 1)
        index = utf16.index(index, offsetBy: max(0, breakLength))
        let defaults = question.defaults
        let box = style?.lineBox(in: question.width) ?? (x: 0, width: question.width, indent: 0)
        let alignment = style?.alignment ?? defaults.alignment
        let font = runs.attributes(at: range.location)?["NSFont"]?.value as? Font ?? defaults.font
        return Paragraph(
            text: utf8, spans: spans, face: font.face, size: font.pointSize, origin: CGPoint(x: box.x, y: 0),
            width: box.width, wrap: (style?.lineBreakMode ?? defaults.lineBreakMode) == 1 ? .characters : .words,
            alignment: [1, 2, 3].contains(alignment) ? alignment : 0, indent: box.indent,
            lineSpacing: style?.lineSpacing ?? 0, lineHeightMultiple: style?.lineHeightMultiple ?? 0)
    }

    private static func isCRLF(_ utf16: String.UTF16View, _ index: String.Index) -> Bool {
        guard index < utf16.endIndex, utf16[index] == 0x0D else { return false }
        let next = utf16.index(after: index)
        return next < utf16.endIndex && utf16[next] == 0x0A
    }

    /// A run's attributes as the engine draws them, the view's defaults filling the gaps.
    static func span(_ attributes: TextAttributes, bytes: Range<Int32>, _ defaults: Defaults) -> Span {
        let font = attributes["NSFont"]?.value as? Font ?? defaults.font
        let isLink = attributes["NSLink"]?.value != nil
        let explicitColor = attributes["NSColor"]?.value as? Color
        let color = isLink && (explicitColor == nil || !defaults.underlinesLinks) ? defaults.linkColor : explicitColor
        var span = Span(
            start: bytes.lowerBound, end: bytes.upperBound, face: font.face, size: font.pointSize,
            color: DrawingColor(color ?? defaults.color))
        span.background = (attributes["NSBackgroundColor"]?.value as? Color).map(DrawingColor.init)
        span.kern = TextAttributeCheck.number(attributes, "NSKern")
        span.underline = TextAttributeCheck.lines(attributes, "NSUnderline")
        if isLink, defaults.underlinesLinks, attributes["NSUnderline"] == nil { span.underline = .single }
        span.underlineColor = (attributes["NSUnderlineColor"]?.value as? Color).map(DrawingColor.init)
        span.strikethrough = TextAttributeCheck.lines(attributes, "NSStrikethrough")
        span.strikethroughColor = (attributes["NSStrikethroughColor"]?.value as? Color).map(DrawingColor.init)
        span.baselineOffset = TextAttributeCheck.number(attributes, "NSBaselineOffset")
        if let shadow = attributes["NSShadow"]?.value as? TextShadow {
            span.shadow = Shadow(offset: shadow.offset, blur: shadow.blurRadius, color: DrawingColor(shadow.shownColor))
        }
        if let attachment = attributes["NSAttachment"]?.value as? TextAttachment {
            let bounds = attachment.shownBounds
            // A template image (a symbol's, by default) takes the text's colour, as from iOS 13.
            let image = attachment.image.map { image in
                DrawingCommand.image(
                    image.content, CGRect(origin: .zero, size: bounds.size), slices: image.slices,
                    tint: image.fill(viewTint: color ?? defaults.color, automaticIsTemplate: image.symbol != nil))
            }
            span.attachment = (image, bounds)
        }
        return span
    }
}

/// A text's runs walked forward once, paragraph by paragraph: looking each paragraph's runs up
/// from the start would make a text of many paragraphs and runs quadratic.
struct RunCursor {
    private let all: [AttributedText.AttributeRun]
    private var index = 0
    private var start = 0

    init(_ text: AttributedText) { all = text.runs }

    /// The attributes at UTF-16 `offset`, at or past the cursor (of the last character, past
    /// the end); nil for an empty text.
    mutating func attributes(at offset: Int) -> TextAttributes? {
        guard !all.isEmpty else { return nil }
        advance(to: offset)
        return all[index].attributes
    }

    /// The runs that meet `range`, at or past the cursor, each cut to it.
    mutating func runs(in range: NSRange) -> [(range: NSRange, attributes: TextAttributes)] {
        guard range.length > 0, !all.isEmpty else { return [] }
        advance(to: range.location)
        var found: [(NSRange, TextAttributes)] = []
        let end = range.location + range.length
        var (at, runStart) = (index, start)
        while at < all.count, runStart < end {
            let runEnd = runStart + all[at].length
            let from = max(runStart, range.location)
            found.append((NSRange(location: from, length: min(runEnd, end) - from), all[at].attributes))
            (at, runStart) = (at + 1, runEnd)
        }
        return found
    }

    private mutating func advance(to offset: Int) {
        while index < all.count - 1, offset >= start + all[index].length {
            start += all[index].length
            index += 1
        }
    }
}

extension AttributedText {
    /// The font of the character at `index`, or the one before it.
    func typingFont(at index: Int) -> Font? {
        guard length > 0 else { return nil }
        return (try? attributes(at: min(index, length - 1)).0["NSFont"]?.value) as? Font
    }
}
