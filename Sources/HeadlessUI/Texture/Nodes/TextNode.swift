import Foundation
import ObjectBridge

/// Texture's `ASTextNode`: attributed text measured and drawn by the text engine (through the
/// label it shows), cut to `maximumNumberOfLines` with its truncation mode.
public final class TextNode: DisplayNode {
    public override class var textureName: String { "ASTextNode" }

    /// Measures and draws the text; it is the node's view once loaded.
    let label: Label

    init(engine: TextEngine) {
        label = Label(engine: engine)
        label.numberOfLines = 0
        // Runs without a font or colour of their own are in the system font at 12, black.
        label.font = Font.system(12, text: engine)
        label.textColor = Color(white: 0, alpha: 1)
        super.init()
        adopt(label)
    }

    public var attributedText: AttributedText? {
        didSet {
            replaceOwned(oldValue, with: attributedText)
            label.setAttributedText(attributedText)
            // As Texture's text node: a stack lines up baselines with the font's ascender
            // (of the first character) and descender (of the last).
            if let attributedText, attributedText.length > 0, let font = label.font {
                style.ascender = (attributedText.typingFont(at: 0) ?? font).ascender
                style.descender = (attributedText.typingFont(at: attributedText.length - 1) ?? font).descender
            }
            setNeedsLayout()
        }
    }

    /// 0: as many lines as the text needs.
    public var maximumNumberOfLines: Int {
        get { label.numberOfLines }
        set {
            label.numberOfLines = newValue
            setNeedsLayout()
        }
    }

    /// `NSLineBreakMode`: how a cut line ends (by the tail by default).
    public var truncationMode: Int {
        get { label.lineBreakMode }
        set {
            label.lineBreakMode = newValue
            setNeedsLayout()
        }
    }

    public override func makeView() -> View { label }

    /// The text's size wrapped at the width, rounded up to whole pixels as Texture rounds it.
    public override func calculateSizeThatFits(_ size: CGSize) throws -> CGSize {
        let measured = label.sizeThatFits(CGSize(width: size.width.isFinite ? size.width : 0, height: size.height))
        return CGSize(width: min(measured.width, size.width), height: measured.height)
    }
}
