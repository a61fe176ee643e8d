import Foundation
import ObjectBridge

/// Where a layout manager's characters are along their lines, as the text engine set them:
/// what glyph queries come down to (see `GlyphMap`).
extension LayoutManager {
    /// Where each character of `fragment`'s line starts, from its used rect's left, and where
    /// the line ends (one more than the characters it shows).
    func characterOffsets(_ fragment: LineFragment) -> [Double] {
        if let known = characterOffsetCache[fragment.characters.location] { return known }
        let shown = fragment.line.text
        let utf16 = shown.utf16
        var offsets: [Int] = []
        offsets.reserveCapacity(utf16.count + 1)
        var index = utf16.startIndex
        while index < utf16.endIndex {
            offsets.append(
                shown.utf8.distance(from: shown.utf8.startIndex, to: index.samePosition(in: shown.utf8) ?? index))
            index = utf16.index(after: index)
        }
        offsets.append(shown.utf8.count)
        let positions = environment.text.positions(in: fragment.line, at: offsets)
        characterOffsetCache[fragment.characters.location] = positions
        return positions
    }

    /// `locationForGlyphAtIndex`: where the glyph is from its line fragment's origin, on its
    /// baseline.
    func location(ofGlyph index: Int) throws -> CGPoint {
        let map = try glyphMap()
        guard index >= 0, index < map.count, let holder = map.fragment(holdingGlyph: index) else { return .zero }
        let fragment = lineFragments[holder]
        let glyph = map.glyphs[holder][index - map.firstGlyphs[holder]]
        return CGPoint(x: fragment.usedRect.minX - fragment.rect.minX + glyph.x, y: fragment.baseline)
    }

    /// `boundingRectForGlyphRange_inTextContainer`: the boxes of the characters of `range` in
    /// `container`, whole lines tall.
    func boundingRect(ofCharacters range: NSRange, in container: TextContainer) throws -> CGRect {
        var bounds = CGRect.null
        for (fragment, span) in try pieces(of: range) where fragment.container == containerIndex(container) {
            bounds = bounds.union(
                CGRect(
                    x: fragment.usedRect.minX + span.start, y: fragment.rect.minY, width: span.end - span.start,
                    height: fragment.rect.height))
        }
        return bounds.isNull ? .zero : bounds
    }

    /// The character under `point` (`glyphIndexForPoint_inTextContainer`'s), or the nearest.
    func characterIndex(at point: CGPoint, in container: TextContainer) throws -> Int {
        let held = try fragments(of: container)
        guard let first = held.first else { return 0 }
        let line =
            held.first { point.y >= $0.rect.minY && point.y < $0.rect.maxY }
            ?? (point.y < first.rect.minY ? first : held.last ?? first)
        let offsets = characterOffsets(line)
        let x = point.x - line.usedRect.minX
        let k = offsets.dropLast().lastIndex { $0 <= x } ?? 0
        return line.characters.location + min(k, max(line.characters.length - 1, 0))
    }

    /// The fragments that show glyphs of `range`, each with the characters it shows of them
    /// (`first..<last`, from its start) and where they start and end along its line.
    func pieces(of range: NSRange) throws
        -> [(LineFragment, (first: Int, last: Int, start: Double, end: Double))]
    {
        try fragments(in: range).compactMap { fragment in
            let offsets = characterOffsets(fragment)
            let shown = offsets.count - 1
            let first = min(max(range.location - fragment.characters.location, 0), shown)
            let last = min(max(range.location + range.length - fragment.characters.location, 0), shown)
            guard last > first else { return nil }
            return (fragment, (first, last, offsets[first], offsets[last]))
        }
    }

    private func containerIndex(_ container: TextContainer) -> Int? {
        textContainers.firstIndex { $0 === container }
    }
}
