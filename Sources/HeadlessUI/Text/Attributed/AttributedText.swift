import Foundation
import ObjectBridge

/// A run's attributes, by UIKit's attribute names (`NSFont`, `NSColor`, `NSParagraphStyle`...).
public typealias TextAttributes = [String: AnyScriptValue]

/// `NSAttributedString`: a string with attributes on runs of its UTF-16 units. The runs cover
/// the string in order, and two next to each other never hold the same attributes, so a run's
/// range is the longest effective range. The text engine sets each run in its font, colours,
/// lines and spacing (see `RichTextLayout`).
public class AttributedText: BridgeObject {
    public internal(set) var string: String
    /// Each run's length in UTF-16 units and its attributes; none for an empty string.
    public internal(set) var runs: [AttributeRun]
    /// The string's length in UTF-16 units, as Foundation counts it.
    public internal(set) var length: Int
    /// Layouts made from this text, kept until it changes (see `RichTextLayout.cached`). Its
    /// copies share them: a text set on many labels or cells is laid out once.
    private(set) var layouts = LayoutCache()

    /// Layouts of one content of a text, by what they answer.
    final class LayoutCache {
        var byQuestion: [RichTextLayout.Question: RichTextLayout] = [:]
    }

    /// One run: `length` UTF-16 units in `attributes`.
    public struct AttributeRun {
        public var length: Int
        public var attributes: TextAttributes
    }

    init(_ string: String, attributes: TextAttributes = [:]) {
        self.string = string
        length = string.utf16.count
        runs = length > 0 ? [AttributeRun(length: length, attributes: attributes)] : []
        super.init()
        attributesChanged()
    }

    init(string: String, runs: [AttributeRun]) {
        self.string = string
        length = string.utf16.count
        self.runs = runs
        super.init()
        attributesChanged()
    }

    /// An immutable copy, as UIKit's views keep the text they are given: an immutable text is
    /// its own copy, as in Foundation, and a mutable one gives the same copy until it changes,
    /// so that labels and cells given one text share one copy and its layouts.
    func copied() -> AttributedText {
        guard self is MutableAttributedText else { return self }
        if let snapshot { return snapshot }
        let copy = AttributedText(string: string, runs: runs)
        copy.layouts = layouts
        snapshot = copy
        return copy
    }

    /// The copy `copied` last made, until this text changes.
    private var snapshot: AttributedText?

    /// Whether an initializer may still give this text its content: an immutable text gets it
    /// once, when made.
    var awaitsContent = false
    func mutableCopied() -> MutableAttributedText { MutableAttributedText(string: string, runs: runs) }

    /// Takes `other`'s characters and attributes (an initializer's work; a text storage
    /// records it as an edit).
    func take(_ other: AttributedText) throws {
        (string, runs, length) = (other.string, other.runs, other.length)
        attributesChanged()
    }

    /// The attributes at UTF-16 offset `index` and the range of its run.
    func attributes(at index: Int) throws -> (TextAttributes, NSRange) {
        guard index >= 0, index < length else {
            throw ScriptValueError("index \(index) is outside a string of length \(length)")
        }
        var start = 0
        for run in runs {
            if index < start + run.length { return (run.attributes, NSRange(location: start, length: run.length)) }
            start += run.length
        }
        return ([:], NSRange(location: index, length: 0))
    }

    /// The runs that meet `range`, each cut to it, with their ranges.
    func runs(in range: NSRange) -> [(range: NSRange, attributes: TextAttributes)] {
        var found: [(NSRange, TextAttributes)] = []
        var start = 0
        let end = range.location + range.length
        for run in runs {
            let runEnd = start + run.length
            if runEnd > range.location, start < end {
                let from = max(start, range.location)
                found.append((NSRange(location: from, length: min(runEnd, end) - from), run.attributes))
            }
            if runEnd >= end { break }
            start = runEnd
        }
        return found
    }

    /// The text of UTF-16 `range`, with its runs.
    func substring(_ range: NSRange) throws -> AttributedText {
        let range = try checked(range)
        return AttributedText(
            string: Self.slice(string, range),
            runs: runs(in: range).map { AttributeRun(length: $0.range.length, attributes: $0.attributes) })
    }

    /// `range` if it lies within the string; a clear error otherwise.
    func checked(_ range: NSRange) throws -> NSRange {
        guard range.location >= 0, range.length >= 0, range.location <= length - range.length else {
            throw ScriptValueError(
                "range {\(range.location), \(range.length)} is outside a string of length \(length)")
        }
        let utf16 = string.utf16
        for offset in [range.location, range.location + range.length] where offset > 0 && offset < length {
            let unit = utf16[utf16.index(utf16.startIndex, offsetBy: offset)]
            guard !UTF16.isTrailSurrogate(unit) else {
                throw ScriptValueError(
                    "range {\(range.location), \(range.length)} splits the surrogate pair at \(offset - 1)")
            }
        }
        return range
    }

    /// Whether both have the same characters and the same attributes on them.
    func isEqual(to other: AttributedText) -> Bool {
        string == other.string && runs.count == other.runs.count
            && zip(runs, other.runs).allSatisfy {
                $0.length == $1.length && Self.same($0.attributes, $1.attributes)
            }
    }

    /// UTF-16 `range` of `string` (already checked), as a String.
    static func slice(_ string: String, _ range: NSRange) -> String {
        let utf16 = string.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: range.location)
        let to = utf16.index(from, offsetBy: range.length)
        return String(string[from..<to])
    }

    /// `runs` with those next to each other that have the same attributes joined, and the
    /// empty ones dropped.
    static func merged(_ runs: [AttributeRun]) -> [AttributeRun] {
        var merged: [AttributeRun] = []
        merged.reserveCapacity(runs.count)
        for run in runs where run.length > 0 {
            if let last = merged.last, same(last.attributes, run.attributes) {
                merged[merged.count - 1].length += run.length
            } else {
                merged.append(run)
            }
        }
        return merged
    }

    /// Whether two attribute sets are the same: the same names, with equal numbers, strings and
    /// Booleans and the same objects.
    static func same(_ a: TextAttributes, _ b: TextAttributes) -> Bool {
        guard a.count == b.count else { return false }
        for (name, value) in a {
            guard let other = b[name], same(value.value, other.value) else { return false }
        }
        return true
    }

    private static func same(_ a: (any ScriptConvertible)?, _ b: (any ScriptConvertible)?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a as BridgeObject, let b as BridgeObject): return a === b
        case (let a as Int, let b as Int): return a == b
        case (let a as Double, let b as Double): return a == b
        case (let a as Int, let b as Double), (let b as Double, let a as Int): return Double(a) == b
        case (let a as String, let b as String): return a == b
        case (let a as Bool, let b as Bool): return a == b
        default: return false
        }
    }

    /// The string or its runs changed: forgets its layouts and owns exactly the objects its
    /// attributes hold, so that a font or colour made by a script lives as long as the text.
    func attributesChanged() {
        if !layouts.byQuestion.isEmpty { layouts = LayoutCache() }
        snapshot = nil
        var held: [ObjectIdentifier: BridgeObject] = [:]
        for run in runs {
            for value in run.attributes.values {
                if let object = value.value as? BridgeObject { held[ObjectIdentifier(object)] = object }
            }
        }
        for (id, object) in ownedAttributeValues where held[id] == nil { abandon(object) }
        for (id, object) in held where ownedAttributeValues[id] == nil { adopt(object) }
        ownedAttributeValues = held
    }

    private var ownedAttributeValues: [ObjectIdentifier: BridgeObject] = [:]
}
