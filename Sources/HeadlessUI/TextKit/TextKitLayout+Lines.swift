import Foundation

/// Breaking a paragraph into lines: the text engine sets several lines of the paragraph's rest
/// in one layout, and a line asked for at the same width comes from those. Each layout takes a
/// bounded part of the rest, enough for the lines a container is likely to ask for at that
/// width: a few for a shaped container, whose widths change line by line, more while the
/// width stays (a rectangle), never more than the engine takes in one layout.
extension TextKitLayout {
    /// The lines the text engine set for part of a paragraph's rest at one width, by their
    /// first character, and how many lines the next layout at that width sets.
    final class LineBreaks {
        struct Key: Equatable {
            let end: Int
            let width: Double
            let wrap: TextEngine.Wrap
        }

        /// Lines a first layout at a width sets; each further one at the same width (in this
        /// paragraph or the next) sets four times as many, up to `mostLines`.
        static let fewestLines = 4
        static let mostLines = 512
        /// The most characters (UTF-16 units) one layout takes: at 3 bytes of UTF-8 a unit at
        /// most, within the text engine's 64 KB.
        static let mostCharacters = 16_000

        var key: Key?
        var lines: [Int: (count: Int, size: CGSize, baseline: Double)] = [:]
        var reach = fewestLines
    }

    /// The first line of the paragraph's text from `start` to `end` wrapped at `width`: how
    /// many characters (UTF-16 units) it holds, its size and its baseline.
    func measure(from start: Int, to end: Int, width: Double, style: ParagraphStyle?, fontSize: Double) throws
        -> (count: Int, size: CGSize, baseline: Double)
    {
        let wrap = (style?.lineBreakMode ?? 0) == 1 ? TextEngine.Wrap.characters : .words
        let key = LineBreaks.Key(end: end, width: width, wrap: wrap)
        if lineBreaks.key == key, let line = lineBreaks.lines[start] { return line }
        // The same width again (the next paragraph, or past the lines set): the container is
        // likely a rectangle, so more lines are set at once.
        let sameWidth = lineBreaks.key.map { $0.width == width && $0.wrap == wrap } ?? false
        lineBreaks.reach = sameWidth ? min(lineBreaks.reach * 4, LineBreaks.mostLines) : LineBreaks.fewestLines
        lineBreaks.key = key
        lineBreaks.lines = [:]
        // Generous: a line of the narrowest glyphs, a quarter of the font size wide.
        let perLine = Int(min(width / max(fontSize / 4, 1), Double(LineBreaks.mostCharacters))) + 8
        var reach = min(perLine * lineBreaks.reach, LineBreaks.mostCharacters)
        while true {
            let part = partLength(from: start, to: end, atMost: reach)
            let lines = try setLines(from: start, length: part, width: width, wrap: wrap)
            let isWhole = start + part == end
            // The last line of a part cut short may end where the cut is: it is set again later.
            if isWhole || lines.count > 1 || reach >= LineBreaks.mostCharacters {
                for (offset, line) in lines.dropLast(isWhole || lines.count == 1 ? 0 : 1) {
                    lineBreaks.lines[offset] = line
                }
                return lineBreaks.lines[start] ?? (0, .zero, 0)
            }
            reach = min(reach * 4, LineBreaks.mostCharacters)
        }
    }

    /// The lines the text engine sets for the `length` characters from `start`, by their first.
    private func setLines(from start: Int, length: Int, width: Double, wrap: TextEngine.Wrap) throws
        -> [(Int, (count: Int, size: CGSize, baseline: Double))]
    {
        let part = try text.substring(NSRange(location: start, length: length))
        var asked = question
        asked.width = width
        var index = part.string.startIndex
        var runs = RunCursor(part)
        var paragraph = RichTextLayout.paragraph(
            part, NSRange(location: 0, length: part.length), style: nil, from: &index, runs: &runs, asked)
        paragraph.wrap = wrap
        let string = part.string
        var lineStart = string.utf8.startIndex
        var offset = start
        return engine.lines(of: paragraph, limit: LineBreaks.mostLines).map { line in
            let lineEnd =
                string.utf8.index(lineStart, offsetBy: line.bytes, limitedBy: string.utf8.endIndex)
                ?? string.utf8.endIndex
            let count = string.utf16.distance(from: lineStart, to: lineEnd)
            defer { (lineStart, offset) = (lineEnd, offset + count) }
            return (offset, (count, line.size, line.baseline))
        }
    }

    /// At most `most` characters from `start` to `end`, not ending inside a surrogate pair.
    private func partLength(from start: Int, to end: Int, atMost most: Int) -> Int {
        let length = min(end - start, most)
        guard start + length < end else { return length }
        return unitIsTrailSurrogate(at: start + length) ? length + 1 : length
    }

    /// How many UTF-16 units the character at `start` takes (a fragment holds at least one).
    func firstCharacterLength(from start: Int, to end: Int) -> Int {
        start + 1 < end && unitIsTrailSurrogate(at: start + 1) ? 2 : 1
    }

    private func unitIsTrailSurrogate(at offset: Int) -> Bool {
        let utf16 = text.string.utf16
        guard let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
            index < utf16.endIndex
        else { return false }
        return UTF16.isTrailSurrogate(utf16[index])
    }
}
