import Foundation
import ObjectBridge

/// Something that takes typed text: a text field or a text view. The simulated keyboard types
/// into the first responder through these, one change at a time: each is offered to the
/// delegate (UTF-16 ranges, the caret at the end of the text), and one it agrees to changes
/// the text and is announced.
protocol TextInput: Responder {
    var text: String { get set }
    /// The text's runs, when it was given as attributed text: typing edits them too, so new
    /// characters take the attributes of those before them.
    var richText: MutableAttributedText? { get set }
    var traits: TextInputTraits { get set }
    var engine: TextEngine { get }
    /// The delegate, and its protocol (`UITextFieldDelegate`, `UITextViewDelegate`).
    var textDelegate: BridgeObject? { get }
    static var textDelegateProtocol: String { get }
    var notificationCenter: NotificationCenterObject { get }
    /// The delegate's say on replacing `range` with `replacement` (true without a delegate).
    func shouldReplace(_ range: NSRange, with replacement: String) throws -> Bool
    /// Tells the delegate, the targets and the notification center of a typed change.
    func didChangeByTyping() throws
    /// The return key: a text field asks its delegate; a text view types a new line.
    func pressReturn() throws
}

extension TextInput {
    /// Inserts `typed` at the caret, if the delegate agrees.
    func insert(_ typed: String) throws {
        try replace(NSRange(location: text.utf16.count, length: 0), with: typed)
    }

    /// Deletes the whole character before the caret (an emoji's two UTF-16 units together).
    func deleteBackward() throws {
        guard let last = text.last else { return }
        let length = String(last).utf16.count
        try replace(NSRange(location: text.utf16.count - length, length: length), with: "")
    }

    /// The delegate's answer to `method`; nil without a delegate that implements it.
    func askDelegate(_ method: String) throws -> Bool? {
        try textDelegate?.ask(method, of: Self.textDelegateProtocol, self, returning: Bool.self)
    }

    /// Tells the delegate, when it implements `method`.
    func tellDelegate(_ method: String) throws {
        _ = try textDelegate?.ask(method, of: Self.textDelegateProtocol, self, returning: AnyScriptValue.self)
    }

    /// Posts one of the class's notifications, with the input as its object.
    func post(_ name: String) throws { try notificationCenter.post(name, from: self) }

    private func replace(_ range: NSRange, with replacement: String) throws {
        guard try shouldReplace(range, with: replacement) else { return }
        try richText?.replaceCharacters(in: range, with: replacement)
        if range == NSRange(location: text.utf16.count, length: 0) {
            // Typing at the end, the usual change, needs no index into the text.
            text += replacement
        } else {
            guard let swiftRange = Range(range, in: text) else { return }
            text.replaceSubrange(swiftRange, with: replacement)
        }
        try didChangeByTyping()
    }
}
