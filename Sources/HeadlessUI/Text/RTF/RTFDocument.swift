import Foundation

/// What an RTF document says, before it becomes an attributed string: its fonts and colours,
/// and its text in runs of one character and paragraph formatting. Sizes are RTF's own: font
/// sizes in half points, lengths in twips (a twentieth of a point).
struct RTFDocument: Equatable {
    /// A font table entry: its name (a PostScript or family name) and its character set.
    struct Font: Equatable {
        var name = ""
        var charset = 0
    }

    /// A colour table entry, in 0-255 components.
    struct Color: Equatable {
        var red = 0, green = 0, blue = 0
    }

    /// Character formatting (`\f`, `\fs`, `\b`, `\i`, `\ul`, `\strike`, `\cf`, `\cb`, `\up`,
    /// `\dn`, `\expndtw`).
    struct CharacterFormat: Equatable {
        var font: Int?
        var halfPoints = 24
        var bold = false
        var italic = false
        /// 0 none, 1 single, 2 double.
        var underline = 0
        var strikethrough = false
        /// Colour table indexes; 0 is the automatic colour.
        var color = 0
        var background = 0
        /// Raised (positive) or lowered, in half points.
        var baselineShift = 0
        var kernTwips = 0
    }

    /// Paragraph formatting (`\ql`, `\qc`, `\qr`, `\qj`, `\fi`, `\li`, `\ri`, `\sb`, `\sa`,
    /// `\sl`, `\slmult`).
    struct ParagraphFormat: Equatable {
        /// NSTextAlignment: 0 left, 1 centre, 2 right, 3 justified, 4 natural.
        var alignment = 4
        var firstIndentTwips = 0
        var leftIndentTwips = 0
        var rightIndentTwips = 0
        var spaceBeforeTwips = 0
        var spaceAfterTwips = 0
        /// `\sl`: at least this much a line (positive), exactly (negative), or as the font says (0).
        var lineSpacingTwips = 0
        /// `\slmult1`: `\sl` is a multiple of single spacing (240 is single).
        var lineSpacingIsMultiple = false
    }

    /// Text in one formatting.
    struct Run: Equatable {
        var text: String
        var character: CharacterFormat
        var paragraph: ParagraphFormat
    }

    var fonts: [Int: Font] = [:]
    var colors: [Color?] = []
    var defaultFont = 0
    var runs: [Run] = []
}

/// RTF that could not be read: what is wrong, and at which byte.
struct RTFError: Error, CustomStringConvertible {
    let offset: Int
    let problem: String

    var description: String { "RTF at byte \(offset): \(problem)" }
}
