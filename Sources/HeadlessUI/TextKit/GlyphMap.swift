import Foundation

/// A layout's glyphs, as the text engine shaped each line fragment: numbered across the whole
/// layout, each fragment's in logical order, each with the character its cluster starts at and
/// where it is along its line. A ligature's glyph stands for several characters; a script may
/// give one character several glyphs. Each character of a paragraph break has a glyph of its
/// own, as TextKit gives it a control glyph.
struct GlyphMap {
    struct Glyph {
        /// The character its cluster starts at, from its fragment's first.
        let character: Int
        /// Where it is along its line, from the line's start.
        let x: Double
    }

    /// For each fragment, the number of its first glyph.
    private(set) var firstGlyphs: [Int] = []
    /// For each fragment, its glyphs.
    private(set) var glyphs: [[Glyph]] = []
    private(set) var count = 0

    init(_ fragments: [LineFragment], engine: TextEngine) {
        for fragment in fragments {
            var line = Self.shapedGlyphs(of: fragment, engine)
            let shownLength = fragment.line.text.utf16.count
            for character in shownLength..<max(shownLength, fragment.characters.length) {
                line.append(Glyph(character: character, x: fragment.usedRect.width))
            }
            firstGlyphs.append(count)
            glyphs.append(line)
            count += line.count
        }
    }

    /// The glyphs the text engine set for a fragment's line, in logical order.
    private static func shapedGlyphs(of fragment: LineFragment, _ engine: TextEngine) -> [Glyph] {
        let text = fragment.line.text
        // UTF-16 offsets by UTF-8 offset, for the clusters' bytes.
        var utf16At = [Int](repeating: 0, count: text.utf8.count + 1)
        var byte = 0
        var unit = 0
        for scalar in text.unicodeScalars {
            let bytes = scalar.utf8.count
            for k in 0..<bytes { utf16At[byte + k] = unit }
            byte += bytes
            unit += scalar.utf16.count
        }
        utf16At[byte] = unit
        let visual = engine.glyphs(of: fragment.line).enumerated().map { order, glyph in
            (order: order, glyph: Glyph(character: utf16At[min(max(glyph.cluster, 0), byte)], x: glyph.x))
        }
        // Logical order; a cluster's glyphs keep their order.
        return visual.sorted { ($0.glyph.character, $0.order) < ($1.glyph.character, $1.order) }.map(\.glyph)
    }

    /// The fragment that holds glyph `index` (the last for one past the end).
    func fragment(holdingGlyph index: Int) -> Int? {
        guard !firstGlyphs.isEmpty else { return nil }
        var low = 0
        var high = firstGlyphs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstGlyphs[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension LayoutManager {
    /// The glyphs of the current layout, shaped when first asked for.
    func glyphMap() throws -> GlyphMap {
        try ensureLayout()
        if let known = shapedGlyphs { return known }
        let made = GlyphMap(lineFragments, engine: environment.text)
        shapedGlyphs = made
        return made
    }

    /// `characterIndexForGlyphAtIndex`: the first character of the glyph's cluster (the text's
    /// length past the last glyph).
    func characterIndex(forGlyph index: Int) throws -> Int {
        let map = try glyphMap()
        guard index < map.count, let holder = map.fragment(holdingGlyph: index) else { return laidOutText.length }
        let glyph = map.glyphs[holder][max(index, 0) - map.firstGlyphs[holder]]
        return lineFragments[holder].characters.location + glyph.character
    }

    /// `glyphIndexForCharacterAtIndex`: the first glyph of the cluster that holds the character
    /// (the glyph count past the last character).
    func glyphIndex(forCharacter index: Int) throws -> Int {
        let map = try glyphMap()
        guard index >= 0, index < laidOutText.length,
            let holder = lineFragments.lastIndex(where: { $0.characters.location <= index })
        else { return index < 0 ? 0 : map.count }
        let offset = index - lineFragments[holder].characters.location
        let line = map.glyphs[holder]
        let cluster = line.last { $0.character <= offset }?.character ?? 0
        let first = line.firstIndex { $0.character == cluster } ?? 0
        return map.firstGlyphs[holder] + first
    }

    /// The characters of the glyphs of `range`: whole clusters.
    func characterRange(forGlyphRange range: NSRange) throws -> NSRange {
        let start = try characterIndex(forGlyph: max(range.location, 0))
        let end = try characterIndex(forGlyph: max(range.location, 0) + max(range.length, 0))
        return NSRange(location: start, length: max(end - start, 0))
    }

    /// The glyphs of the characters of `range`: whole clusters.
    func glyphRange(forCharacterRange range: NSRange) throws -> NSRange {
        let start = try glyphIndex(forCharacter: range.location)
        let last = range.location + range.length
        let end = range.length > 0 ? try glyphIndex(forCharacter: last - 1) : start
        let map = try glyphMap()
        // Past the cluster that holds the last character.
        var after = end
        if range.length > 0 {
            let cluster = try characterIndex(forGlyph: end)
            while after < map.count, try characterIndex(forGlyph: after) == cluster { after += 1 }
        }
        return NSRange(location: start, length: max(after - start, 0))
    }
}
