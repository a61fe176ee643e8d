import Foundation
import ObjectBridge

/// `UITextView`: editable text of many lines in a scroll view. The text wraps at the width
/// less `textContainerInset` and the text container's line fragment padding (5 points a side);
/// the content is as tall as the text, and scrolls. A tap on an editable text view starts
/// editing, and typing goes through the delegate as in UIKit: each change is offered to
/// `textView_shouldChangeTextInRange_replacementText`, then `textViewDidChange` hears it and
/// `UITextViewTextDidChangeNotification` goes out. The return key types a new line. With
/// scrolling off, the view's intrinsic height is its text's, as Auto Layout sizes it.
public final class TextView: ScrollView, TextInput, ContentSizeAdjusting {
    public var adjustsFontForContentSizeCategory = false
    public var text = "" {
        didSet {
            // A TextKit text view's runs are its text storage's, which typing edits too.
            if textKitContainer == nil, richText?.string != text { richText = nil }
            selection = nil
            textDidChange()
        }
    }
    /// The selected characters, or nil for the caret at the end (see `TextInput`).
    var selection: NSRange? { didSet { setNeedsDisplay() } }
    /// The text container a TextKit text view (`initWithFrame_textContainer`) shows its
    /// layout manager's lines in (see `TextView+TextKit`).
    var textKitContainer: TextContainer? { didSet { replaceOwned(oldValue, with: textKitContainer) } }
    /// The view keeps its storage (which keeps its layout managers), so that a script need not.
    var textKitStorageKept: TextStorage? { didSet { replaceOwned(oldValue, with: textKitStorageKept) } }
    /// The attributed text the view shows, when it was given one (see `TextInput`).
    var richText: MutableAttributedText? { didSet { replaceOwned(oldValue, with: richText) } }
    public var font: Font? { didSet { textDidChange() } }
    public var textColor: Color? { didSet { replaceOwned(oldValue, with: textColor) } }
    /// NSTextAlignment: left 0, centre 1, right 2, justified 3, natural 4 (left).
    public var textAlignment = 4
    public var traits = TextInputTraits()
    public var isEditable = true
    public var isSelectable = true
    public var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { textDidChange() }
    }
    public private(set) var isEditing = false
    unowned let notificationCenter: NotificationCenterObject
    unowned let engine: TextEngine
    /// For the TextKit objects the view makes itself.
    unowned let environment: UIEnvironment

    static let lineFragmentPadding = 5.0
    static let textDelegateProtocol = "UITextViewDelegate"
    var textDelegate: BridgeObject? { delegate }

    /// UITextView's notifications, posted with the view as their object.
    enum Notification: String, CaseIterable {
        case didBeginEditing = "UITextViewTextDidBeginEditingNotification"
        case didChange = "UITextViewTextDidChangeNotification"
        case didEndEditing = "UITextViewTextDidEndEditingNotification"
    }

    init(environment: UIEnvironment) {
        notificationCenter = environment.notificationCenter
        engine = environment.text
        self.environment = environment
        super.init(touches: environment.touches)
        let tap = TapRecognizer(dispatcher: environment.touches)
        tap.nativeActions.append { [unowned self, unowned tap] in
            guard self.isEditable else { return }
            try self.placeCaret(at: try tap.location(in: self))
            try self.becomeFirstResponder()
        }
        addGestureRecognizer(tap)
    }

    /// 12-point system font unless set (UIKit's text view has no font of its own).
    public var effectiveFont: Font { font ?? Font.system(12, text: engine) }

    override var nativelyCanBecomeFirstResponder: Bool { isEditable }
    override var textInput: (any TextInput)? { self }

    // MARK: Geometry

    /// The width the text wraps at in a view `width` wide.
    func wrappingWidth(in width: Double) -> Double {
        max(0, width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding)
    }

    /// The text's height laid out in a view `width` wide (one line's height when empty).
    func textHeight(in width: Double) -> Double {
        let font = effectiveFont
        guard !text.isEmpty else { return font.lineHeight.rounded(.up) }
        if let layout = richLayout(wrappingIn: width) { return layout.size.height.rounded(.up) }
        return engine.measure(text, face: font.face, size: font.pointSize, width: wrappingWidth(in: width)).size
            .height.rounded(.up)
    }

    public override func intrinsicContentSize(laidOutWidth width: Double) -> CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        return CGSize(
            width: View.noIntrinsicMetric,
            height: textHeight(in: width) + textContainerInset.top + textContainerInset.bottom)
    }

    public override var intrinsicContentSize: CGSize { intrinsicContentSize(laidOutWidth: bounds.width) }
    public override var tracksIntrinsicContentSize: Bool { !isScrollEnabled }
    public override var intrinsicContentSizeDependsOnWidth: Bool { !isScrollEnabled }

    public override func layoutSubviews() throws {
        try super.layoutSubviews()
        fitTextKitContainer()
        updateContentSize()
    }

    private func updateContentSize() {
        let height = textKitContainer != nil ? textKitHeight : textHeight(in: bounds.width)
        contentSize = CGSize(width: bounds.width, height: height + textContainerInset.top + textContainerInset.bottom)
    }

    func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    public override var drawsWithScripts: Bool { super.drawsWithScripts || drawsTextKitWithScripts }

    public override func drawWithScripts() throws {
        try drawTextKitWithScripts()
        try super.drawWithScripts()
    }

    // The lines a script draws are drawn at the content offset.
    public override func boundsOriginChanged() {
        if drawsTextKitWithScripts { setNeedsDisplay() }
    }

    public override var backdrop: Drawing? {
        if textKitContainer != nil { return drawsTextKitWithScripts ? nil : textKitDrawing }
        guard !text.isEmpty else { return nil }
        let font = effectiveFont
        let origin = CGPoint(
            x: textContainerInset.left + Self.lineFragmentPadding - contentOffset.x,
            y: textContainerInset.top - contentOffset.y)
        if let layout = richLayout(wrappingIn: bounds.width) {
            return Drawing(size: bounds.size) { $0.commands.append(.richText(layout, origin: origin)) }
        }
        let alignment = textAlignment == 1 || textAlignment == 2 ? textAlignment : 0
        return Drawing(size: bounds.size) { drawing in
            drawing.commands.append(
                .text(
                    DrawnText(
                        text: text, origin: origin, width: wrappingWidth(in: bounds.width), height: nil,
                        face: font.face, size: font.pointSize, color: DrawingColor(textColor ?? Color.label),
                        alignment: alignment, wrap: .words, truncation: .none)))
        }
    }

    /// The attributed text's layout in a view `width` wide; nil for plain text.
    private func richLayout(wrappingIn width: Double) -> RichTextLayout? {
        richLayout(
            width: wrappingWidth(in: width), maxLines: 0, font: effectiveFont, color: textColor ?? Color.label,
            alignment: textAlignment, tint: tintColor)
    }

    // MARK: Editing

    override func shouldBecomeFirstResponder() throws -> Bool { try askDelegate("textViewShouldBeginEditing") ?? true }

    override func didBecomeFirstResponder() throws {
        isEditing = true
        try tellDelegate("textViewDidBeginEditing")
        try post(Notification.didBeginEditing.rawValue)
    }

    override func shouldResignFirstResponder() throws -> Bool { try askDelegate("textViewShouldEndEditing") ?? true }

    override func didResignFirstResponder() throws {
        isEditing = false
        try tellDelegate("textViewDidEndEditing")
        try post(Notification.didEndEditing.rawValue)
    }

    func pressReturn() throws { try insert("\n") }

    func shouldReplace(_ range: NSRange, with replacement: String) throws -> Bool {
        try delegate?.ask(
            "textView_shouldChangeTextInRange_replacementText", of: Self.textDelegateProtocol, self, range,
            replacement, returning: Bool.self) ?? true
    }

    /// The content grows with the text and scrolls to its end when the caret is there.
    func didChangeByTyping() throws {
        updateContentSize()
        if selection == nil { try setContentOffset(CGPoint(x: contentOffset.x, y: offsetRange.maximum.y)) }
        try tellDelegate("textViewDidChangeSelection")
        try tellDelegate("textViewDidChange")
        try post(Notification.didChange.rawValue)
    }
}
