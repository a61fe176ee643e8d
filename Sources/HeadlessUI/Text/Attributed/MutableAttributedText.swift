import Foundation
import ObjectBridge

/// `NSMutableAttributedString`: attributes set, added and removed on ranges, and characters
/// replaced. New characters take the attributes of the first character they replace, or of the
/// one before them (after them at the start), as Foundation's do, so typing keeps its run.
public class MutableAttributedText: AttributedText {
    /// Gives `range` exactly `attributes`.
    func setAttributes(_ attributes: TextAttributes, range: NSRange) throws {
        try modifyAttributes(in: range) { $0 = attributes }
    }

    /// Adds `attributes` to those of `range`, replacing values of the same names.
    func addAttributes(_ attributes: TextAttributes, range: NSRange) throws {
        try modifyAttributes(in: range) { $0.merge(attributes) { _, new in new } }
    }

    func removeAttribute(_ name: String, range: NSRange) throws {
        try modifyAttributes(in: range) { $0[name] = nil }
    }

    /// Replaces the characters of `range` with `replacement`, in `attributes` or, when nil, in
    /// the attributes around it.
    func replaceCharacters(in range: NSRange, with replacement: String, attributes: TextAttributes? = nil) throws {
        let range = try checked(range)
        let inherited = attributes ?? inheritedAttributes(at: range)
        let count = replacement.utf16.count
        try replaceCharacters(
            in: range, with: replacement,
            runs: count > 0 ? [AttributeRun(length: count, attributes: inherited)] : [])
    }

    /// Replaces the characters of `range` with another attributed string's, runs and all.
    func replaceCharacters(in range: NSRange, with text: AttributedText) throws {
        try replaceCharacters(in: try checked(range), with: text.string, runs: text.runs)
    }

    // MARK: Runs

    private func replaceCharacters(in range: NSRange, with replacement: String, runs inserted: [AttributeRun]) throws {
        let utf16 = string.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: range.location)
        let to = utf16.index(from, offsetBy: range.length)
        string.replaceSubrange(from..<to, with: replacement)
        let first = split(at: range.location)
        let last = split(at: range.location + range.length)
        runs.replaceSubrange(first..<last, with: inserted)
        length = string.utf16.count
        runs = Self.merged(runs)
        attributesChanged()
        try edited(characters: true, range: range, changeInLength: replacement.utf16.count - range.length)
    }

    /// The attributes new characters in `range` take (none in an empty string).
    private func inheritedAttributes(at range: NSRange) -> TextAttributes {
        guard length > 0 else { return [:] }
        let index = range.length > 0 || range.location == 0 ? range.location : range.location - 1
        return (try? attributes(at: min(index, length - 1)).0) ?? [:]
    }

    /// Changes the attributes of each run of `range` with `change`.
    func modifyAttributes(in range: NSRange, _ change: (inout TextAttributes) -> Void) throws {
        let range = try checked(range)
        guard range.length > 0 else { return }
        let first = split(at: range.location)
        let last = split(at: range.location + range.length)
        for index in first..<last { change(&runs[index].attributes) }
        runs = Self.merged(runs)
        attributesChanged()
        try edited(characters: false, range: range, changeInLength: 0)
    }

    /// Characters or attributes of `range` (as it was) changed, the text growing by
    /// `changeInLength`: a text storage tracks its edits here.
    func edited(characters: Bool, range: NSRange, changeInLength: Int) throws {}

    /// The index of the run that starts at `offset`, splitting the run across it if need be
    /// (the run count when `offset` is the end).
    private func split(at offset: Int) -> Int {
        var start = 0
        for index in runs.indices {
            let run = runs[index]
            if offset == start { return index }
            if offset < start + run.length {
                runs[index].length = offset - start
                runs.insert(
                    AttributeRun(length: start + run.length - offset, attributes: run.attributes), at: index + 1)
                return index + 1
            }
            start += run.length
        }
        return runs.count
    }
}
