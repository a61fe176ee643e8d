import Foundation
import ObjectBridge

/// Writes an attributed string as RTF, in the form Cocoa writes: a font table of the fonts'
/// names, a colour table, then each paragraph's formatting and each run's. Characters outside
/// ASCII are written as `\u` with no fallback (`\uc0`).
struct RTFWriter {
    private(set) var document = ""
    private var fonts: [String] = []
    private var colors: [DrawingColor] = []

    init(_ text: AttributedText) {
        var body = ""
        var paragraphStyle: ParagraphStyle?
        var atParagraphStart = true
        var offset = 0
        for run in text.runs {
            let attributes = run.attributes
            let runText = AttributedText.slice(text.string, NSRange(location: offset, length: run.length))
            offset += run.length
            let style = attributes["NSParagraphStyle"]?.value as? ParagraphStyle
            body += characterFormat(attributes)
            for character in runText.unicodeScalars {
                if atParagraphStart {
                    if style !== paragraphStyle || paragraphStyle == nil {
                        body += Self.paragraphFormat(style)
                        paragraphStyle = style
                    }
                    atParagraphStart = false
                }
                body += Self.escaped(character)
                if character == "\n" { atParagraphStart = true }
            }
        }
        let fontTable = fonts.enumerated().map { "\\f\($0.offset)\\fnil\\fcharset0 \($0.element);" }.joined()
        let colorTable = colors.map {
            "\\red\(Self.channel($0.red))\\green\(Self.channel($0.green))\\blue\(Self.channel($0.blue));"
        }.joined()
        document =
            "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2580\\uc0\n{\\fonttbl\(fontTable)}\n{\\colortbl;\(colorTable)}\n"
            + body + "}"
    }

    /// The run's character formatting, every setting given so that none leaks from the last.
    private mutating func characterFormat(_ attributes: TextAttributes) -> String {
        let font = attributes["NSFont"]?.value as? Font
        let name = font?.name ?? "Helvetica"
        let fontIndex =
            fonts.firstIndex(of: name)
            ?? {
                fonts.append(name)
                return fonts.count - 1
            }()
        let halfPoints = Self.whole((font?.pointSize ?? 12) * 2)
        let underline = TextAttributeCheck.lines(attributes, "NSUnderline")
        let strike = TextAttributeCheck.lines(attributes, "NSStrikethrough") != .none
        let shift = Self.whole(TextAttributeCheck.number(attributes, "NSBaselineOffset") * 2)
        let kern = Self.whole(TextAttributeCheck.number(attributes, "NSKern") * 20)
        return "\\f\(fontIndex)\\fs\(halfPoints)"
            + (underline == .double ? "\\uldb" : underline == .single ? "\\ul" : "\\ulnone")
            + (strike ? "\\strike" : "\\strike0")
            + "\\cf\(colorIndex(attributes["NSColor"]))\\cb\(colorIndex(attributes["NSBackgroundColor"]))"
            + (shift >= 0 ? "\\up\(shift)" : "\\dn\(-shift)") + "\\expndtw\(kern) "
    }

    /// The colour's index in the table (0: none, the automatic colour).
    private mutating func colorIndex(_ value: AnyScriptValue?) -> Int {
        guard let color = value?.value as? Color else { return 0 }
        let drawn = DrawingColor(color)
        if let index = colors.firstIndex(of: drawn) { return index + 1 }
        colors.append(drawn)
        return colors.count
    }

    private static func paragraphFormat(_ style: ParagraphStyle?) -> String {
        guard let style else { return "\\pard " }
        let alignment = ["\\ql", "\\qc", "\\qr", "\\qj", ""][min(max(style.alignment, 0), 4)]
        var format = "\\pard" + alignment
        func twips(_ points: Double) -> Int { whole(points * 20) }
        format += "\\li\(twips(style.headIndent))\\fi\(twips(style.firstLineHeadIndent - style.headIndent))"
        format += "\\ri\(twips(max(0, -style.tailIndent)))"
        format += "\\sb\(twips(style.paragraphSpacingBefore))\\sa\(twips(style.paragraphSpacing))"
        if style.lineHeightMultiple > 0 {
            format += "\\sl\(whole(style.lineHeightMultiple * 240))\\slmult1"
        } else if style.maximumLineHeight > 0, style.maximumLineHeight == style.minimumLineHeight {
            format += "\\sl-\(twips(style.maximumLineHeight))\\slmult0"
        } else if style.minimumLineHeight > 0 {
            format += "\\sl\(twips(style.minimumLineHeight))\\slmult0"
        }
        return format + " "
    }

    private static func escaped(_ character: Unicode.Scalar) -> String {
        switch character {
        case "\\", "{", "}": return "\\" + String(character)
        case "\n": return "\\par\n"
        case "\t": return "\\tab "
        case "\u{2028}": return "\\line "
        case " "..."~": return String(character)
        default:
            return String(character).utf16.map { "\\u\(Int16(bitPattern: $0)) " }.joined()
        }
    }

    /// An RTF number: rounded, and within what a reader takes (a value a script gave may be
    /// any size, or not a number).
    private static func whole(_ value: Double) -> Int {
        value.isFinite ? Int(min(max(value, -1_000_000), 1_000_000).rounded()) : 0
    }

    private static func channel(_ value: Double) -> Int {
        value.isFinite ? Int((min(max(value, 0), 1) * 255).rounded()) : 0
    }
}
