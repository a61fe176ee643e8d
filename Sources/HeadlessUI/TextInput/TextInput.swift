import Foundation
import ObjectBridge

/// Something that takes typed text: a text field or a text view. The simulated keyboard types
/// into the first responder through these, one change at a time: each is offered to the
/// delegate (UTF-16 ranges), and one it agrees to changes the text and is announced. Typing
/// replaces the selection, which is the caret at the end of the text until a script or a tap
/// puts it elsewhere; setting the text puts it back at the end.
protocol TextInput: Responder {
    var text: String { get set }
    /// The selected characters (UTF-16), or nil for the caret at the end of the text.
    var selection: NSRange? { get set }
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
    /// The selection within the text: the caret at the end when none was set.
    var selectedRange: NSRange {
        let length = text.utf16.count
        guard let selection else { return NSRange(location: length, length: 0) }
        let start = min(max(selection.location, 0), length)
        return NSRange(location: start, length: min(max(selection.length, 0), length - start))
    }

    /// Inserts `typed` in place of the selection, if the delegate agrees.
    func insert(_ typed: String) throws {
        try replace(selectedRange, with: typed)
    }

    /// Deletes the selection, or the whole character before the caret (an emoji's two UTF-16
    /// units together).
    func deleteBackward() throws {
        let selected = selectedRange
        guard selected.length == 0 else { return try replace(selected, with: "") }
        guard selected.location > 0, let end = Range(NSRange(location: selected.location, length: 0), in: text),
            let last = text[..<end.lowerBound].last
        else { return }
        let length = String(last).utf16.count
        try replace(NSRange(location: selected.location - length, length: length), with: "")
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
        let length = text.utf16.count
        if range.location == length && range.length == 0 {
            // Typing at the end, the usual change, needs no index into the text, and the caret
            // stays at the end.
            text += replacement
            selection = nil
        } else {
            guard let swiftRange = Range(range, in: text) else { return }
            text.replaceSubrange(swiftRange, with: replacement)
            // The caret follows what was typed; at the end, it stays at the end.
            selection =
                range.location + range.length == length
                ? nil : NSRange(location: range.location + replacement.utf16.count, length: 0)
        }
        try didChangeByTyping()
    }
}
