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
        let string = try runOverride("string", returning: String.self) ?? ""
        let length = string.utf16.count
        var runs: [AttributeRun] = []
        var index = 0
        while index < length {
            let (attributes, range) = try primitiveAttributes(at: index)
            // A range that does not move on covers this one character.
            let end = min(max(range.location &+ range.length, index + 1), length)
            runs.append(AttributeRun(length: end - index, attributes: try TextAttributeCheck.checked(attributes)))
            index = end
        }
        return AttributedText(string: string, runs: AttributedText.merged(runs))
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
        let text = try contents()
        for run in text.runs(in: try text.checked(range)) {
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
