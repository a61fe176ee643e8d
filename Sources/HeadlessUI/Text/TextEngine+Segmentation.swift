import CTextShim
import Foundation

extension TextEngine {
    /// The words, lines or composed characters of `text` within `range` (UTF-16 units), from
    /// Pango's Unicode segmentation (UAX #29 word and grapheme boundaries, line terminators).
    /// A word is a segment between word boundaries that holds a letter or a digit, as NSString
    /// counts words.
    public func segments(of text: String, in range: NSRange, by unit: TextUnit) -> [TextSegment] {
        let units = Array(text.utf16)
        let lower = max(0, min(range.location, units.count))
        let upper = max(lower, min(range.location + range.length, units.count))
        let part = String(decoding: units[lower..<upper], as: UTF16.self)
        let scalars = Array(part.unicodeScalars)
        var offsets = [0]  // the UTF-16 offset of each scalar position
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + scalar.utf16.count) }
        let flags = breaks(part)
        let mask: UInt8
        switch unit {
        case .words: mask = UInt8(RB_BREAK_WORD)
        case .composedCharacters: mask = UInt8(RB_BREAK_CLUSTER)
        case .lines, .paragraphs: mask = UInt8(RB_BREAK_MANDATORY)
        }
        var boundaries = [0]
        for position in 1..<flags.count where flags[position] & mask != 0 || position == scalars.count {
            if position > boundaries[boundaries.count - 1] { boundaries.append(position) }
        }
        var pieces: [(start: Int, end: Int, enclosingEnd: Int)] = []
        for (start, end) in zip(boundaries, boundaries.dropFirst()) {
            switch unit {
            case .composedCharacters:
                pieces.append((start, end, end))
            case .lines, .paragraphs:
                var contentEnd = end
                while contentEnd > start, scalars[contentEnd - 1].isLineTerminator { contentEnd -= 1 }
                pieces.append((start, contentEnd, end))
            case .words:
                guard scalars[start..<end].contains(where: \.isWordCharacter) else {
                    if let last = pieces.indices.last { pieces[last].enclosingEnd = end }
                    continue
                }
                pieces.append((start, end, end))
            }
        }
        return pieces.map { piece in
            let start = offsets[piece.start]
            let end = offsets[piece.end]
            let enclosingEnd = offsets[piece.enclosingEnd]
            return TextSegment(
                text: String(decoding: units[(lower + start)..<(lower + end)], as: UTF16.self),
                range: NSRange(location: lower + start, length: end - start),
                enclosingRange: NSRange(location: lower + start, length: enclosingEnd - start))
        }
    }
}

extension Unicode.Scalar {
    var isLineTerminator: Bool {
        switch value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Letters (ideographs and kana included) and digits: what makes a segment a word.
    var isWordCharacter: Bool {
        properties.isAlphabetic || properties.numericType != nil
    }
}
