import Foundation
import ObjectBridge

/// `UITextField`: one line of editable text. A tap, or `becomeFirstResponder`, starts editing
/// (the delegate may refuse), and the keyboard shows. Typing goes through `TextInput`: each
/// change is offered to the delegate's `textField_shouldChangeCharactersInRange_replacementString`
/// (UTF-16 ranges, the caret at the end) and, when it agrees, changes the text, sends
/// EditingChanged and posts `UITextFieldTextDidChangeNotification`. Setting `text` from a
/// script does none of that, as in UIKit.
public final class TextField: Control, TextInput, ContentSizeAdjusting {
    public var adjustsFontForContentSizeCategory = false
    public var text = "" {
        didSet {
            if richText?.string != text { richText = nil }
            invalidateIntrinsicContentSize()
        }
    }
    /// A field's caret stays at the end of its text (see `TextInput`).
    var selection: NSRange? {
        get { nil }
        set {}
    }
    /// The attributed text the field shows, when it was given one (see `TextInput`).
    var richText: MutableAttributedText? { didSet { replaceOwned(oldValue, with: richText) } }
    public var placeholder: String? { didSet { invalidateIntrinsicContentSize() } }
    /// The placeholder's colour where it is not UIKit's placeholder grey (a search field's).
    var placeholderColor: Color? { didSet { replaceOwned(oldValue, with: placeholderColor) } }
    public var font: Font? { didSet { invalidateIntrinsicContentSize() } }
    public var textColor: Color? { didSet { replaceOwned(oldValue, with: textColor) } }
    /// NSTextAlignment: left 0, centre 1, right 2, justified 3, natural 4 (left).
    public var textAlignment = 4
    /// UITextBorderStyle: none 0, line 1, bezel 2, rounded rect 3.
    public var borderStyle = 0 { didSet { invalidateIntrinsicContentSize() } }
    /// UITextFieldViewMode: never 0, while editing 1, unless editing 2, always 3.
    public var clearButtonMode = 0
    public var leftViewMode = 0 { didSet { setNeedsLayout() } }
    public var rightViewMode = 0 { didSet { setNeedsLayout() } }
    public private(set) var leftView: View?
    public private(set) var rightView: View?
    public var isSecureTextEntry = false
    public var clearsOnBeginEditing = false
    public var adjustsFontSizeToFitWidth = false
    public var minimumFontSize = 0.0
    public var traits = TextInputTraits()
    public private(set) var isEditing = false
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The native view the field is part of (a search bar's), asked before the delegate.
    weak var owner: (any TextFieldOwner)?
    unowned let notificationCenter: NotificationCenterObject
    unowned let engine: TextEngine

    static let textDelegateProtocol = "UITextFieldDelegate"
    var textDelegate: BridgeObject? { delegate }

    /// UITextField's notifications, posted with the field as their object.
    enum Notification: String, CaseIterable {
        case didBeginEditing = "UITextFieldTextDidBeginEditingNotification"
        case didChange = "UITextFieldTextDidChangeNotification"
        case didEndEditing = "UITextFieldTextDidEndEditingNotification"
    }

    init(environment: UIEnvironment) {
        notificationCenter = environment.notificationCenter
        engine = environment.text
        super.init(touches: environment.touches)
    }

    /// The font the text is drawn in: the body style of the system font, 17 points, by default.
    public var effectiveFont: Font { font ?? Font.system(17, text: engine) }

    func setLeftView(_ view: View?) throws { try replaceSideView(&leftView, with: view) }
    func setRightView(_ view: View?) throws { try replaceSideView(&rightView, with: view) }

    private func replaceSideView(_ slot: inout View?, with view: View?) throws {
        if slot === view { return }
        slot?.removeFromSuperview()
        slot = view
        if let view { try addSubview(view) }
        setNeedsLayout()
    }

    override var nativelyCanBecomeFirstResponder: Bool { isEnabled }
    override var textInput: (any TextInput)? { self }

    public override func layoutSubviews() { placeSideViews() }
    public override var intrinsicContentSize: CGSize { fieldIntrinsicSize }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { fieldIntrinsicSize }
    public override var backdrop: Drawing? { fieldDrawing }

    // MARK: Editing

    /// A tap inside starts editing; on the clear button while it shows, it clears the text.
    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside else { return }
        if let clear = clearButtonRect, clear.insetBy(dx: -8, dy: -8).contains(point) {
            try clearText()
        } else {
            try becomeFirstResponder()
        }
    }

    override func shouldBecomeFirstResponder() throws -> Bool {
        if let owner, !(try owner.fieldShouldBeginEditing()) { return false }
        return try askDelegate("textFieldShouldBeginEditing") ?? true
    }

    override func didBecomeFirstResponder() throws {
        isEditing = true
        if clearsOnBeginEditing, !text.isEmpty, try askDelegate("textFieldShouldClear") ?? true { text = "" }
        try tellDelegate("textFieldDidBeginEditing")
        try sendActions(for: .editingDidBegin)
        try post(Notification.didBeginEditing.rawValue)
    }

    override func shouldResignFirstResponder() throws -> Bool {
        try askDelegate("textFieldShouldEndEditing") ?? true
    }

    override func didResignFirstResponder() throws {
        isEditing = false
        // UITextFieldDidEndEditingReasonCommitted (0), when the delegate takes the reason.
        let toldWithReason = try delegate?.ask(
            "textFieldDidEndEditing_reason", of: Self.textDelegateProtocol, self, 0, returning: AnyScriptValue.self)
        if toldWithReason == nil { try tellDelegate("textFieldDidEndEditing") }
        try sendActions(for: .editingDidEnd)
        try post(Notification.didEndEditing.rawValue)
    }

    /// The return key: when the delegate's `textFieldShouldReturn` agrees (or there is none),
    /// EditingDidEndOnExit goes out, and a field with targets for it stops editing, as UIKit's
    /// does.
    func pressReturn() throws {
        if let owner { return try owner.fieldDidPressReturn() }
        guard try askDelegate("textFieldShouldReturn") ?? true else { return }
        let ending = allControlEvents.contains(.editingDidEndOnExit)
        try sendActions(for: .editingDidEndOnExit)
        if ending { try resignFirstResponder() }
    }

    func shouldReplace(_ range: NSRange, with replacement: String) throws -> Bool {
        if let owner, !(try owner.fieldShouldReplace(range, with: replacement)) { return false }
        return try delegate?.ask(
            "textField_shouldChangeCharactersInRange_replacementString", of: Self.textDelegateProtocol, self, range,
            replacement, returning: Bool.self) ?? true
    }

    func didChangeByTyping() throws {
        try sendActions(for: .editingChanged)
        try post(Notification.didChange.rawValue)
    }

    /// The clear button's tap: the delegate's `textFieldShouldClear` may keep the text.
    func clearText() throws {
        guard try askDelegate("textFieldShouldClear") ?? true else { return }
        if !isEditing { try becomeFirstResponder() }
        guard !text.isEmpty else { return }
        text = ""
        try didChangeByTyping()
    }

    /// Whether a side view or the clear button in `mode` shows now.
    func shows(_ mode: Int) -> Bool {
        switch mode {
        case 1: isEditing
        case 2: !isEditing
        case 3: true
        default: false
        }
    }
}

/// A native view built around a text field (a search bar): it has the first say on the
/// field's editing, and takes its return key.
protocol TextFieldOwner: AnyObject {
    func fieldShouldBeginEditing() throws -> Bool
    func fieldShouldReplace(_ range: NSRange, with replacement: String) throws -> Bool
    func fieldDidPressReturn() throws
}
