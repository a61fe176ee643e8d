import Foundation
import ObjectBridge

/// `NSTextStorage`: a mutable attributed string that gathers its edits (`editedMask`,
/// `editedRange`, `changeInLength`) and, when the outermost `endEditing` comes (or at once,
/// outside `beginEditing`), processes them: `processEditing`, which a script may override and
/// whose own part tells the delegate and the layout managers.
///
/// A script subclass may keep its characters and attributes itself, as Celedev's
/// `ColoringTextStorage` does: it overrides the primitives (`string`,
/// `attributesAtIndex_effectiveRange`, `replaceCharactersInRange_withString`,
/// `setAttributes_range`) and calls `edited_range_changeInLength`. The other methods then go
/// through those primitives, as Foundation's class cluster does (see `TextStorage+Primitives`).
public final class TextStorage: MutableAttributedText {
    static let delegateProtocol = ProtocolDescription(
        "NSTextStorageDelegate", required: [],
        optional: [
            "textStorage_willProcessEditing_range_changeInLength",
            "textStorage_didProcessEditing_range_changeInLength",
        ])

    /// NSTextStorageEditActions.
    public static let editedAttributes = 1
    public static let editedCharacters = 2

    public private(set) var editedMask = 0
    /// The edited characters, in the text as it is now (NSNotFound while nothing is edited).
    public private(set) var editedRange = NSRange(location: NSNotFound, length: 0)
    public private(set) var changeInLength = 0
    private var editingDepth = 0
    private var isProcessing = false
    /// The layout managers that lay the text out, in the order they were added (the storage
    /// owns them, as in TextKit).
    public private(set) var layoutManagers: [LayoutManager] = []
    @WeakObjectReference public var delegate: BridgeObject? = nil

    func beginEditing() { editingDepth += 1 }

    func endEditing() throws {
        guard editingDepth > 0 else { throw ScriptValueError("endEditing without a beginEditing") }
        editingDepth -= 1
        try processIfDone()
    }

    /// `edited_range_changeInLength`: `range` (before the edit) changed as `mask` says, the
    /// text growing by `delta`. Edits gather until the outermost `endEditing`.
    func edited(mask: Int, range: NSRange, changeInLength delta: Int) throws {
        guard mask & 3 != 0 else { return }
        // A script gives these (`edited_range_changeInLength`): kept within Int32 so that no sum
        // below can overflow.
        let bound = Int(Int32.max)
        guard range.location >= 0, range.length >= 0, range.location <= bound, range.length <= bound,
            (-bound...bound).contains(delta)
        else {
            throw ScriptValueError(
                "edited range {\(range.location), \(range.length)} and change \(delta) must be from 0 (the change "
                    + "within ±\(bound))")
        }
        let changed = NSRange(location: max(range.location, 0), length: max(0, range.length + delta))
        if editedMask == 0 {
            editedRange = changed
            changeInLength = delta
        } else {
            // The earlier edit's range moves with this one when it lies after it.
            var earlier = editedRange
            if earlier.location >= range.location + range.length { earlier.location += delta }
            let start = min(earlier.location, changed.location)
            let end = max(earlier.location + earlier.length, changed.location + changed.length)
            editedRange = NSRange(location: start, length: end - start)
            changeInLength += delta
        }
        editedMask |= mask
        try processIfDone()
    }

    /// Whether TextKit's `init` ran (a script subclass's `init` calls it).
    var isInitialized = false

    /// An initializer's content: an edit of the whole text, through the script's primitives
    /// when it keeps its own store (its `init` run first, as TextKit's initializers run it).
    override func take(_ other: AttributedText) throws {
        guard keepsOwnStore else {
            let old = length
            try super.take(other)
            return try edited(characters: true, range: NSRange(location: 0, length: old), changeInLength: length - old)
        }
        if !isInitialized { _ = try runOverride("init") }
        try primitiveReplace(NSRange(location: 0, length: try contents().length), with: other)
    }

    /// Typing in a TextKit text view replaces characters here: through the script's
    /// primitive when it keeps its own store.
    override func replaceCharacters(in range: NSRange, with replacement: String, attributes: TextAttributes? = nil)
        throws
    {
        guard keepsOwnStore else {
            return try super.replaceCharacters(in: range, with: replacement, attributes: attributes)
        }
        guard try runOverride("replaceCharactersInRange_withString", range, replacement) else {
            throw ScriptValueError(
                "a text storage that overrides string must override replaceCharactersInRange_withString")
        }
    }

    override func edited(characters: Bool, range: NSRange, changeInLength delta: Int) throws {
        let mask = characters ? Self.editedCharacters | Self.editedAttributes : Self.editedAttributes
        try edited(mask: mask, range: range, changeInLength: delta)
    }

    /// Processes the edits once no `beginEditing` is open: the script's `processEditing`, or
    /// TextKit's own. Edits made while processing (a script colouring words) join them.
    private func processIfDone() throws {
        guard editingDepth == 0, !isProcessing, editedMask != 0 else { return }
        isProcessing = true
        defer { isProcessing = false }
        if try !runOverride("processEditing") { try processEditing() }
    }

    /// TextKit's `processEditing`: the delegate hears the edits before and after, then each
    /// layout manager lays out again from them; the edits are then forgotten.
    func processEditing() throws {
        for method in [
            "textStorage_willProcessEditing_range_changeInLength", "textStorage_didProcessEditing_range_changeInLength",
        ] {
            _ = try delegate?.ask(
                method, of: Self.delegateProtocol.name, self, editedMask, editedRange, changeInLength,
                returning: AnyScriptValue.self)
        }
        let (mask, range, delta) = (editedMask, editedRange, changeInLength)
        (editedMask, editedRange, changeInLength) = (0, NSRange(location: NSNotFound, length: 0), 0)
        for manager in layoutManagers { manager.textStorageEdited(mask: mask, range: range, changeInLength: delta) }
    }

    // MARK: Layout managers

    func addLayoutManager(_ manager: LayoutManager) {
        guard !layoutManagers.contains(where: { $0 === manager }) else { return }
        manager.textStorage?.removeLayoutManager(manager)
        layoutManagers.append(manager)
        adopt(manager)
        manager.textStorage = self
    }

    func removeLayoutManager(_ manager: LayoutManager) {
        guard let index = layoutManagers.firstIndex(where: { $0 === manager }) else { return }
        layoutManagers.remove(at: index)
        manager.textStorage = nil
        abandon(manager)
    }
}
