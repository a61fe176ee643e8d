import Foundation
import ObjectBridge

/// A text storage whose script subclass keeps its characters and attributes itself: the
/// other methods go through the subclass's primitives, as Foundation's class cluster does.
/// A subclass that overrides `string` must override the other three primitives too.
extension TextStorage {
    /// Whether a script subclass keeps the characters itself.
    var keepsOwnStore: Bool { hasOverride("string") }

    /// The text as the primitives give it: the storage's own, or the script's store's.
    func contents() throws -> AttributedText {
        guard keepsOwnStore else { return self }
        let string = try storeString()
        let runs = try primitiveRuns(in: NSRange(location: 0, length: string.utf16.count))
        return AttributedText(
            string: string,
            runs: AttributedText.merged(runs.map { AttributeRun(length: $0.range.length, attributes: $0.attributes) }))
    }

    /// The script store's characters.
    private func storeString() throws -> String { try runOverride("string", returning: String.self) ?? "" }

    /// The store's runs that meet `range` (within its text), each cut to it, as the primitives
    /// give them: one script call a run, not a read of the whole store.
    private func primitiveRuns(in range: NSRange) throws -> [(range: NSRange, attributes: TextAttributes)] {
        var found: [(range: NSRange, attributes: TextAttributes)] = []
        var index = range.location
        let end = range.location + range.length
        while index < end {
            let (attributes, run) = try primitiveAttributes(at: index)
            // A range that does not move on covers this one character.
            let runEnd = min(max(run.location &+ run.length, index + 1), end)
            found.append((NSRange(location: index, length: runEnd - index), try TextAttributeCheck.checked(attributes)))
            index = runEnd
        }
        return found
    }

    /// The attributes at `index` and their run, from the script's store or the storage's own.
    func primitiveAttributes(at index: Int) throws -> (TextAttributes, NSRange) {
        guard let bridge, let method = bridge.scriptOverride("attributesAtIndex_effectiveRange", of: self) else {
            return try attributes(at: index)
        }
        let (attributes, range) = try bridge.call(
            method, on: self, method: "attributesAtIndex_effectiveRange", index, AnyScriptValue(nil),
            returning: (TextAttributes?.self, NSRange?.self))
        return (attributes ?? [:], range ?? NSRange(location: index, length: 1))
    }

    /// `setAttributes_range`, through the script's primitive when it has one.
    func primitiveSetAttributes(_ attributes: TextAttributes, range: NSRange) throws {
        if try !runOverride("setAttributes_range", attributes, range) { try setAttributes(attributes, range: range) }
    }

    /// Changes the attributes of each run in `range` with `change`, through the primitives.
    func changeAttributes(in range: NSRange, _ change: (inout TextAttributes) -> Void) throws {
        guard keepsOwnStore else {
            return try modifyAttributes(in: range, change)
        }
        let checkedRange = try AttributedText(try storeString()).checked(range)
        for run in try primitiveRuns(in: checkedRange) {
            var attributes = run.attributes
            change(&attributes)
            try primitiveSetAttributes(attributes, range: run.range)
        }
    }

    /// `replaceCharactersInRange_withAttributedString`, through the primitives.
    func primitiveReplace(_ range: NSRange, with other: AttributedText) throws {
        guard keepsOwnStore else { return try replaceCharacters(in: range, with: other) }
        // One edit for the characters and their attributes; a failure still ends it.
        beginEditing()
        do {
            guard try runOverride("replaceCharactersInRange_withString", range, other.string) else {
                throw ScriptValueError(
                    "a text storage that overrides string must override replaceCharactersInRange_withString")
            }
            var offset = range.location
            for run in other.runs {
                try primitiveSetAttributes(run.attributes, range: NSRange(location: offset, length: run.length))
                offset += run.length
            }
        } catch {
            try? endEditing()
            throw error
        }
        try endEditing()
    }
}
