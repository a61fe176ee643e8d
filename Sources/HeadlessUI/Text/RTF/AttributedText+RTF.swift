import Foundation
import ObjectBridge

/// RTF read into attributed strings and written from them, as Cocoa's
/// `NSRTFTextDocumentType` does: fonts, sizes, bold and italic, colours, underlines and
/// strikethroughs, baseline shifts, kerning, and paragraph alignment, indents, spacing and
/// line spacing.
extension AttributedText {
    /// The attributed string RTF `data` holds; an error names `file` and the byte.
    static func reading(rtf data: Data, file: String, _ environment: UIEnvironment) throws -> AttributedText {
        let document: RTFDocument
        do {
            document = try RTFReader.read(data)
        } catch let error as RTFError {
            throw ScriptValueError("\(file): \(error)")
        }
        var converter = RTFAttributes(document: document, environment: environment)
        let runs = document.runs.map { run in
            AttributeRun(length: run.text.utf16.count, attributes: converter.attributes(of: run))
        }
        return AttributedText(string: document.runs.map(\.text).joined(), runs: merged(runs))
    }

    /// The attributed string RTF `data` holds, with the fonts and colours of `world`
    /// (`getResource(name, "rtf")`).
    public static func reading(rtf data: Data, file: String, in world: UIWorld) throws -> AttributedText {
        try reading(rtf: data, file: file, world.environment)
    }

    /// The text as RTF, which `reading(rtf:)` reads back to the same runs.
    func rtfData() -> Data { Data(RTFWriter(self).document.utf8) }
}

/// The attributes of an RTF document's runs, each font, colour and paragraph style made once.
private struct RTFAttributes {
    let document: RTFDocument
    let environment: UIEnvironment
    private var fonts: [String: Font] = [:]
    private var colors: [Int: Color] = [:]
    private var styles: [(RTFDocument.ParagraphFormat, ParagraphStyle)] = []

    init(document: RTFDocument, environment: UIEnvironment) {
        (self.document, self.environment) = (document, environment)
    }

    mutating func attributes(of run: RTFDocument.Run) -> TextAttributes {
        let character = run.character
        var attributes: TextAttributes = [
            "NSFont": AnyScriptValue(font(character)), "NSParagraphStyle": AnyScriptValue(style(run.paragraph)),
        ]
        if let color = color(character.color) { attributes["NSColor"] = AnyScriptValue(color) }
        if let background = color(character.background) { attributes["NSBackgroundColor"] = AnyScriptValue(background) }
        if character.underline > 0 { attributes["NSUnderline"] = AnyScriptValue(character.underline == 2 ? 9 : 1) }
        if character.strikethrough { attributes["NSStrikethrough"] = AnyScriptValue(1) }
        if character.baselineShift != 0 {
            attributes["NSBaselineOffset"] = AnyScriptValue(Double(character.baselineShift) / 2)
        }
        if character.kernTwips != 0 { attributes["NSKern"] = AnyScriptValue(Double(character.kernTwips) / 20) }
        return attributes
    }

    /// The font table's font in the run's size, bold and italic: its bold or italic face when
    /// it has one, else the system font in that weight and slant, as Cocoa stands in for a
    /// font it does not have.
    private mutating func font(_ character: RTFDocument.CharacterFormat) -> Font {
        let name = document.fonts[character.font ?? document.defaultFont]?.name ?? "Helvetica"
        let size = Double(character.halfPoints) / 2
        let key = "\(name)|\(size)|\(character.bold)|\(character.italic)"
        if let known = fonts[key] { return known }
        let (weight, italic) = FontCatalog.style(of: name)
        var candidates = [name]
        if (character.bold && weight < 600) || (character.italic && !italic) {
            let family = name.split(separator: "-").first.map(String.init) ?? name
            let style = (character.bold ? "Bold" : "") + (character.italic ? "Italic" : "")
            candidates = [
                family + "-" + style, family + "-" + style.replacingOccurrences(of: "Italic", with: "Oblique"),
            ]
        }
        let engine = environment.text
        let font =
            candidates.lazy.compactMap { Font.named($0, size: size, text: engine) }.first
            ?? Font.system(size, weight: character.bold ? 700 : weight, italic: character.italic, text: engine)
        fonts[key] = font
        return font
    }

    private mutating func color(_ index: Int) -> Color? {
        guard index > 0, index < document.colors.count, let entry = document.colors[index] else { return nil }
        if let known = colors[index] { return known }
        let color = Color(rgb: Double(entry.red), Double(entry.green), Double(entry.blue))
        colors[index] = color
        return color
    }

    private mutating func style(_ format: RTFDocument.ParagraphFormat) -> ParagraphStyle {
        if let known = styles.first(where: { $0.0 == format }) { return known.1 }
        let style = ParagraphStyle()
        style.alignment = format.alignment
        // UIKit's lengths are not negative, but for the tail indent, which counts from the end.
        style.headIndent = max(0, Double(format.leftIndentTwips) / 20)
        style.firstLineHeadIndent = max(0, Double(format.leftIndentTwips + format.firstIndentTwips) / 20)
        style.tailIndent = -max(0, Double(format.rightIndentTwips) / 20)
        style.paragraphSpacingBefore = max(0, Double(format.spaceBeforeTwips) / 20)
        style.paragraphSpacing = max(0, Double(format.spaceAfterTwips) / 20)
        let line = Double(format.lineSpacingTwips)
        if format.lineSpacingIsMultiple, line > 0 {
            style.lineHeightMultiple = line / 240
        } else if line > 0 {
            style.minimumLineHeight = line / 20
        } else if line < 0 {
            (style.minimumLineHeight, style.maximumLineHeight) = (-line / 20, -line / 20)
        }
        styles.append((format, style))
        return style
    }
}
