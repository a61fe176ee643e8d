import Foundation
import ObjectBridge

/// Attributed text set by the text engine: its paragraphs, each laid out in its own box by its
/// paragraph style and stacked with their spacing, as TextKit sets them. Colours are resolved
/// in the appearance current when the layout is made, so a drawing can keep it.
public struct RichTextLayout: Sendable {
    /// Underlines and strikethroughs (the text engine's RB_LINE_ values).
    public enum Lines: Int32, Sendable, Hashable {
        case none = 0
        case single, double
    }

    /// A run of a paragraph: bytes `start..<end` of its UTF-8, and how they are drawn.
    public struct Span: Sendable {
        public var start, end: Int32
        public var face: String
        public var size: Double
        public var color: DrawingColor
        public var background: DrawingColor?
        public var kern = 0.0
        public var underline = Lines.none
        public var underlineColor: DrawingColor?
        public var strikethrough = Lines.none
        public var strikethroughColor: DrawingColor?
        public var baselineOffset = 0.0
        public var shadow: Shadow?
        /// An attachment's image and its box (its origin's y above the baseline).
        public var attachment: (image: DrawingCommand?, bounds: CGRect)?
    }

    /// A span's shadow, as `NSShadow` gives it.
    public struct Shadow: Sendable, Hashable {
        public var offset: CGSize
        public var blur: Double
        public var color: DrawingColor

        public func hash(into hasher: inout Hasher) {
            hasher.combine(offset.width)
            hasher.combine(offset.height)
            hasher.combine(blur)
            hasher.combine(color)
        }
    }

    /// One paragraph: its text (without its break), its spans, and how its lines are set.
    /// A paragraph alignment whose last line is justified too: a TextKit line that is not its
    /// paragraph's last, set alone.
    public static let justifiedToBothEdges = 5

    public struct Paragraph: Sendable {
        public var text: String
        public var spans: [Span]
        /// The font an empty paragraph's line is measured in.
        public var face: String
        public var size: Double
        /// Where its box's top-left is, and how wide it is (nil: lines not wrapped).
        public var origin: CGPoint
        public var width: Double?
        public var wrap: TextEngine.Wrap
        /// 0 left, 1 centre, 2 right, 3 justified, `justifiedToBothEdges` (its last line too).
        public var alignment: Int
        public var indent: Double
        public var lineSpacing: Double
        public var lineHeightMultiple: Double
        /// Lines kept (0: all), and where the last one is cut.
        public var maxLines = 0
        public var truncation = TextEngine.Truncation.none
        /// The height whose lines a measurement counts as fitting (a label's, less what is above).
        public var room = Double.infinity
        public var measured = CGSize.zero
    }

    public internal(set) var paragraphs: [Paragraph] = []
    public internal(set) var size = CGSize.zero
    /// Lines kept, and lines the whole text needs.
    public internal(set) var lines = 0
    public internal(set) var totalLines = 0

    /// What a view gives text without attributes of its own.
    struct Defaults: Hashable {
        var font: Font
        var color: Color
        /// NSTextAlignment and NSLineBreakMode, for paragraphs without a style.
        var alignment = 4
        var lineBreakMode = 0
        /// Links are drawn in the link colour, underlined (a label), or in the tint (a text view).
        var linkColor: Color
        var underlinesLinks = true

        /// Views make their default font and colours anew each time they are asked, so these
        /// are compared by what they draw (colours as the current appearance resolves them).
        static func == (a: Defaults, b: Defaults) -> Bool {
            a.font.face == b.font.face && a.font.pointSize == b.font.pointSize && sameLook(a.color, b.color)
                && a.alignment == b.alignment && a.lineBreakMode == b.lineBreakMode
                && sameLook(a.linkColor, b.linkColor) && a.underlinesLinks == b.underlinesLinks
        }

        private static func sameLook(_ a: Color, _ b: Color) -> Bool {
            a === b || (a.pattern == nil && b.pattern == nil && DrawingColor(a) == DrawingColor(b))
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(font.face)
            hasher.combine(font.pointSize)
            hasher.combine(alignment)
            hasher.combine(lineBreakMode)
        }
    }

    /// What a layout answers: text set in a box `width` wide (nil: unwrapped) and `height`
    /// tall (nil: any), on at most `maxLines` lines (0: any), in an appearance (whose level
    /// dynamic colours also see).
    struct Question: Hashable {
        var width: Double?
        var height: Double?
        var maxLines: Int
        var defaults: Defaults
        var style: UserInterfaceStyle
        var level = UserInterfaceLevel.current
    }

    /// The layout of `text` for `question`, made once until the text changes.
    static func cached(_ text: AttributedText, _ question: Question, engine: TextEngine) -> RichTextLayout {
        let cache = text.layouts
        if let known = cache.byQuestion[question] { return known }
        let layout = RichTextLayout(text, question, engine: engine)
        if cache.byQuestion.count >= 16 { cache.byQuestion.removeAll() }
        cache.byQuestion[question] = layout
        return layout
    }

    /// Sets each paragraph in turn until the lines or the height run out: the last one kept is
    /// cut as its line break mode says when the text goes on past it.
    init(_ text: AttributedText, _ question: Question, engine: TextEngine) {
        let ranges = Self.paragraphRanges(text.string)
        var top = 0.0
        var index = text.string.startIndex
        var runs = RunCursor(text)
        for (number, range) in ranges.enumerated() {
            let style = runs.attributes(at: range.location)?["NSParagraphStyle"]?.value as? ParagraphStyle
            var paragraph = Self.paragraph(text, range, style: style, from: &index, runs: &runs, question)
            if number > 0 { top += style?.paragraphSpacingBefore ?? 0 }
            paragraph.origin.y = top
            paragraph.maxLines = question.maxLines > 0 ? question.maxLines - lines : 0
            paragraph.room = question.height.map { $0 + 1 - top } ?? .infinity
            var measured = engine.measure(paragraph)
            var kept = measured.lines
            // A label's height holds the lines within it, and always its first.
            if question.height != nil { kept = min(kept, max(measured.fittingLines, lines == 0 ? 1 : 0)) }
            guard kept > 0 else { break }
            if kept < measured.lines {
                paragraph.maxLines = kept
                measured = engine.measure(paragraph)
            }
            paragraph.measured = CGSize(width: paragraph.origin.x + measured.size.width, height: measured.size.height)
            lines += kept
            totalLines += measured.totalLines
            top += measured.size.height
            let cut = kept < measured.totalLines
            if cut {
                paragraph.truncation = TextEngine.Truncation(
                    lineBreakMode: style?.lineBreakMode ?? question.defaults.lineBreakMode)
            }
            paragraphs.append(paragraph)
            if cut || (question.maxLines > 0 && lines >= question.maxLines) { break }
            if number < ranges.count - 1 { top += style?.paragraphSpacing ?? 0 }
        }
        size = CGSize(width: paragraphs.map(\.measured.width).max() ?? 0, height: top)
    }

    /// The UTF-16 ranges of the paragraphs of `string`, without their breaks (a line feed, a
    /// carriage return, both together, or U+2029). A break at the end leaves an empty paragraph.
    static func paragraphRanges(_ string: String) -> [NSRange] {
        var ranges: [NSRange] = []
        var start = 0
        var offset = 0
        var afterReturn = false
        for unit in string.utf16 {
            defer { offset += 1 }
            if afterReturn, unit == 0x0A {
                start = offset + 1
                afterReturn = false
                continue
            }
            afterReturn = unit == 0x0D
            if unit == 0x0A || unit == 0x0D || unit == 0x2029 {
                ranges.append(NSRange(location: start, length: offset - start))
                start = offset + 1
            }
        }
        ranges.append(NSRange(location: start, length: offset - start))
        return ranges
    }
}
