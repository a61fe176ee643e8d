import Foundation
import ObjectBridge

/// `UILabel`: text in a font, measured with the text engine.
public final class Label: View, ContentSizeAdjusting {
    public var text: String? {
        didSet {
            // Text set as a string drops the runs; the attributed setter sets both.
            if richText?.string != text { richText = nil }
            invalidateIntrinsicContentSize()
        }
    }
    /// The attributed text the label draws, when it was given one: a copy of it.
    var richText: AttributedText? { didSet { replaceOwned(oldValue, with: richText) } }
    public var adjustsFontForContentSizeCategory = false
    public var font: Font? {
        didSet {
            replaceOwned(oldValue, with: font)
            applyToRichText("NSFont", font)
            invalidateIntrinsicContentSize()
        }
    }
    public var textColor: Color? {
        didSet {
            replaceOwned(oldValue, with: textColor)
            applyToRichText("NSColor", textColor)
        }
    }
    /// Whether text without a colour of its own takes the tint (a system button's title).
    var textFollowsTint = false
    public var textAlignment = 0
    public var shadowColor: Color? { didSet { replaceOwned(oldValue, with: shadowColor) } }
    public var shadowOffset = CGSize(width: 0, height: -1)
    public var numberOfLines = 1 { didSet { invalidateIntrinsicContentSize() } }
    /// The width a multi-line label wraps at for its intrinsic size (0: its current width).
    public var preferredMaxLayoutWidth = 0.0 { didSet { invalidateIntrinsicContentSize() } }
    public var lineBreakMode = 4 { didSet { invalidateIntrinsicContentSize() } }  // NSLineBreakByTruncatingTail
    public unowned let engine: TextEngine

    /// Labels take no touches unless told to, as in UIKit.
    init(engine: TextEngine) {
        self.engine = engine
        super.init()
        isUserInteractionEnabled = false
    }

    /// The colour the text is drawn in: its own, else the tint or UIKit's label colour (black).
    public var shownTextColor: Color { textColor ?? (textFollowsTint ? tintColor : Color.label) }

    /// The font the label draws with: its own, or the system font at 17 points as in UIKit.
    public var effectiveFont: Font { font ?? Font.system(17, text: engine) }

    /// The size of the label's text within `size`: wrapped at `size.width` when the label has
    /// more than one line (a zero width leaves it unwrapped), limited to `numberOfLines`
    /// (0: any), rounded up to whole points as UIKit does.
    /// Shows `font` unless the label already shows the same face and size: a layout pass that
    /// sets the font it had invalidates nothing.
    func keepFont(_ font: Font) {
        if self.font?.face != font.face || self.font?.pointSize != font.pointSize { self.font = font }
    }

    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        if let richText { return richSize(richText, fitting: size) }
        let font = effectiveFont
        let wraps = numberOfLines != 1 && size.width > 0
        let question = Measurement(
            text: text, face: font.face, pointSize: font.pointSize, width: wraps ? Double(size.width) : nil,
            byCharacters: lineBreakMode == 1, maxLines: max(numberOfLines, 0))
        if let last = lastMeasurement, last.question == question { return last.size }
        let measured = engine.measure(
            text, face: question.face, size: question.pointSize, width: question.width,
            wrap: question.byCharacters ? .characters : .words, maxLines: question.maxLines)
        let fitted = CGSize(width: measured.size.width.rounded(.up), height: measured.size.height.rounded(.up))
        lastMeasurement = (question, fitted)
        return fitted
    }

    /// What a measurement depends on. Layout asks a label its size again and again (each
    /// pass of the engine, each row of a stack) with nothing changed: the last answer is kept.
    private struct Measurement: Equatable {
        let text: String
        let face: String
        let pointSize: Double
        let width: Double?
        let byCharacters: Bool
        let maxLines: Int
    }

    private var lastMeasurement: (question: Measurement, size: CGSize)?

    /// The text's size, wrapped at `preferredMaxLayoutWidth` or the label's width when it has
    /// more than one line (none for an empty label).
    public override var intrinsicContentSize: CGSize { intrinsicContentSize(laidOutWidth: bounds.width) }

    public override func intrinsicContentSize(laidOutWidth: Double) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width = numberOfLines == 1 ? 0 : (preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : laidOutWidth)
        return sizeThatFits(CGSize(width: width, height: 0))
    }

    public override var tracksIntrinsicContentSize: Bool { true }

    public override var intrinsicContentSizeDependsOnWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth <= 0 }

    /// The text is centred vertically: its first baseline is half its height above the centre
    /// plus the font's ascent, its last one half its height below less the descent.
    public override var baselinesFromCenter: (first: Double, last: Double)? {
        let font = effectiveFont
        let height = intrinsicContentSize.height > 0 ? intrinsicContentSize.height : font.lineHeight
        return (-height / 2 + font.ascender, height / 2 + font.descender)
    }

    static let alignments: [(String, Int)] = [
        ("Left", 0), ("Center", 1), ("Right", 2), ("Justified", 3), ("Natural", 4),
    ]
    static let lineBreakModes: [(String, Int)] = [
        ("ByWordWrapping", 0), ("ByCharWrapping", 1), ("ByClipping", 2), ("ByTruncatingHead", 3),
        ("ByTruncatingTail", 4), ("ByTruncatingMiddle", 5),
    ]

}
