import Foundation

/// Reads RTF as Cocoa writes it: the font and colour tables, character and paragraph
/// formatting, `\'hh` bytes in each font's code page, `\u` characters, and paragraph breaks.
/// Destinations that are not text (`{\*...}`, `\info`, `\stylesheet`, pictures) are skipped,
/// and so are control words it does not know, as RTF asks of readers.
///
/// No library in reach reads RTF, so this is written here. What arrives is not trusted: the
/// size, the group depth, the tables and each control word are bounded, and an error names the
/// byte where the document went wrong.
struct RTFReader {
    static let maximumBytes = 16 << 20
    static let maximumDepth = 128
    static let maximumTableEntries = 4096
    static let maximumWordLength = 32
    static let maximumDigits = 10

    private enum Destination {
        case text, fontTable, colorTable, skipped
    }

    /// What a group carries: where its text goes and how it is formatted.
    private struct GroupState {
        var destination = Destination.text
        var character = RTFDocument.CharacterFormat()
        var paragraph = RTFDocument.ParagraphFormat()
        /// `\uc`: how many characters after a `\u` stand in for it.
        var unicodeFallback = 1
    }

    private let bytes: [UInt8]
    private var position = 0
    private var state = GroupState()
    private var groups: [GroupState] = []
    private var document = RTFDocument()
    /// `\ansicpg`: the code page of fonts with the ANSI character set.
    private var codePage = 1252
    /// Bytes of text not yet decoded (a character may take two), and text decoded in the
    /// current formatting.
    private var pendingBytes: [UInt8] = []
    private var pendingText: [UInt16] = []
    /// Characters still to skip after a `\u`.
    private var fallbackToSkip = 0
    /// Set by `\*`: the group's destination is skipped unless it is one this reader knows.
    private var ignorable = false
    /// The font table entry being read.
    private var tableFont: (index: Int, font: RTFDocument.Font, name: [UInt8])?
    /// The colour table entry being read, once one of its components was given.
    private var tableColor: RTFDocument.Color?

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document `data` holds.
    static func read(_ data: Data) throws -> RTFDocument {
        guard data.count <= maximumBytes else {
            throw RTFError(offset: 0, problem: "the document is \(data.count) bytes, over the \(maximumBytes) limit")
        }
        var reader = RTFReader([UInt8](data))
        try reader.readDocument()
        return reader.document
    }

    private mutating func readDocument() throws {
        guard bytes.starts(with: Array("{\\rtf".utf8)) else {
            throw RTFError(offset: 0, problem: "an RTF document begins with {\\rtf")
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                guard groups.count < Self.maximumDepth else {
                    throw RTFError(offset: position - 1, problem: "groups nest deeper than \(Self.maximumDepth)")
                }
                groups.append(state)
                ignorable = false
                fallbackToSkip = 0
            case UInt8(ascii: "}"):
                position += 1
                try endGroup()
                // The document's own group closed: what follows is not part of it.
                if groups.isEmpty { return finish() }
            case UInt8(ascii: "\\"):
                try readControl()
            case 0x0D, 0x0A:
                position += 1
            default:
                position += 1
                try text(byte)
            }
        }
        // A document cut short keeps the text it had.
        finish()
    }

    private mutating func finish() {
        flushRun()
    }

    private mutating func endGroup() throws {
        switch state.destination {
        case .text: flushRun()
        case .fontTable: try commitFont()
        case .colorTable, .skipped: break
        }
        guard let outer = groups.popLast() else { return }
        if outer.destination == .text, state.destination == .text, outer.character != state.character {
            flushRun()
        }
        state = outer
        ignorable = false
        fallbackToSkip = 0
    }

    // MARK: Control words and symbols

    private mutating func readControl() throws {
        let start = position
        position += 1
        guard position < bytes.count else { return }
        let first = bytes[position]
        guard Self.isLetter(first) else {
            position += 1
            return try controlSymbol(first, at: start)
        }
        var word: [UInt8] = []
        while position < bytes.count, Self.isLetter(bytes[position]) {
            word.append(bytes[position])
            position += 1
            guard word.count <= Self.maximumWordLength else {
                throw RTFError(
                    offset: start, problem: "a control word is longer than \(Self.maximumWordLength) letters")
            }
        }
        var parameter: Int?
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var digits = 0
        while position < bytes.count, let digit = Self.digit(bytes[position]) {
            digits += 1
            guard digits <= Self.maximumDigits else {
                throw RTFError(
                    offset: start, problem: "a control word's number has more than \(Self.maximumDigits) digits")
            }
            parameter = (parameter ?? 0) * 10 + digit
            position += 1
        }
        if negative { parameter = -(parameter ?? 0) }
        if position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        try controlWord(String(decoding: word, as: UTF8.self), parameter)
    }

    private mutating func controlSymbol(_ symbol: UInt8, at start: Int) throws {
        switch symbol {
        case UInt8(ascii: "'"):
            guard position + 1 < bytes.count, let high = Self.hexDigit(bytes[position]),
                let low = Self.hexDigit(bytes[position + 1])
            else {
                throw RTFError(offset: start, problem: "\\' is not followed by two hexadecimal digits")
            }
            position += 2
            try text(UInt8(high * 16 + low))
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): try text(symbol)
        case UInt8(ascii: "~"): append("\u{00A0}")
        case UInt8(ascii: "_"): append("\u{2011}")
        case UInt8(ascii: "*"): ignorable = true
        case 0x0A, 0x0D: append("\n")
        default: break  // \- (an optional hyphen), \: and the rest show nothing
        }
    }

    /// Words that begin a destination this reader does not show.
    private static let skippedDestinations: Set<String> = [
        "info", "stylesheet", "pict", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr",
        "footerf", "footnote", "listtable", "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl",
        "themedata", "colorschememapping", "latentstyles", "datastore", "object", "fldinst", "nonshppict",
        "shppict", "bkmkstart", "bkmkend", "annotation", "atnid", "atnauthor",
    ]

    private mutating func controlWord(_ word: String, _ parameter: Int?) throws {
        switch word {
        case "fonttbl": return beginDestination(.fontTable)
        case "colortbl": return beginDestination(.colorTable)
        case _ where Self.skippedDestinations.contains(word): return beginDestination(.skipped)
        default: break
        }
        if ignorable {
            // `{\*\word ...}`: a destination this reader does not know.
            ignorable = false
            return beginDestination(.skipped)
        }
        switch state.destination {
        case .skipped: return
        case .fontTable: return try fontTableWord(word, parameter)
        case .colorTable: return colorTableWord(word, parameter)
        case .text: break
        }
        if try documentWord(word, parameter) || specialCharacter(word, parameter) { return }
        var character = state.character
        var paragraph = state.paragraph
        Self.format(&character, word, parameter, defaultFont: document.defaultFont)
        Self.format(&paragraph, word, parameter)
        if character != state.character { flushRun() }
        state.character = character
        if paragraph != state.paragraph { flushRun() }
        state.paragraph = paragraph
    }

    private mutating func beginDestination(_ destination: Destination) {
        if state.destination == .text { flushRun() }
        state.destination = destination
        ignorable = false
    }

    /// The document's settings; true when `word` was one.
    private mutating func documentWord(_ word: String, _ parameter: Int?) throws -> Bool {
        switch word {
        case "ansicpg": codePage = parameter ?? 1252
        case "ansi": codePage = 1252
        case "mac": codePage = 10000
        case "pc": codePage = 437
        case "pca": codePage = 850
        case "deff": document.defaultFont = parameter ?? 0
        default: return false
        }
        return true
    }

    /// Words that stand for characters; true when `word` was one.
    private mutating func specialCharacter(_ word: String, _ parameter: Int?) throws -> Bool {
        let characters = [
            "par": "\n", "sect": "\n", "line": "\u{2028}", "tab": "\t", "emdash": "\u{2014}", "endash": "\u{2013}",
            "emspace": "\u{2003}", "enspace": "\u{2002}", "qmspace": "\u{2005}", "bullet": "\u{2022}",
            "lquote": "\u{2018}", "rquote": "\u{2019}", "ldblquote": "\u{201C}", "rdblquote": "\u{201D}",
            "zwj": "\u{200D}", "zwnj": "\u{200C}",
        ]
        if let character = characters[word] {
            append(character)
            return true
        }
        switch word {
        case "u":
            guard let value = parameter, (-32768...65535).contains(value) else { return true }
            flushBytes()
            pendingText.append(UInt16(value < 0 ? value + 65536 : value))
            fallbackToSkip = state.unicodeFallback
        case "uc": state.unicodeFallback = min(max(parameter ?? 1, 0), 16)
        default: return false
        }
        return true
    }

    /// Character formatting `word` sets, if any.
    private static func format(
        _ character: inout RTFDocument.CharacterFormat, _ word: String, _ parameter: Int?, defaultFont: Int
    ) {
        let on = (parameter ?? 1) != 0
        switch word {
        case "plain": character = RTFDocument.CharacterFormat()
        case "f": character.font = parameter
        case "fs": character.halfPoints = min(max(parameter ?? 24, 1), 3200)
        case "b": character.bold = on
        case "i": character.italic = on
        case "ul": character.underline = on ? 1 : 0
        case "uld", "uldb": character.underline = 2
        case "ulnone": character.underline = 0
        case "strike", "striked": character.strikethrough = on
        case "cf": character.color = max(parameter ?? 0, 0)
        case "cb", "highlight": character.background = max(parameter ?? 0, 0)
        case "up": character.baselineShift = min(max(parameter ?? 6, -3200), 3200)
        case "dn": character.baselineShift = -min(max(parameter ?? 6, -3200), 3200)
        case "super": character.baselineShift = 6
        case "sub": character.baselineShift = -6
        case "nosupersub": character.baselineShift = 0
        case "expndtw": character.kernTwips = min(max(parameter ?? 0, -32000), 32000)
        case "expnd": character.kernTwips = min(max((parameter ?? 0) * 5, -32000), 32000)
        default: break
        }
    }

    /// Paragraph formatting `word` sets, if any.
    private static func format(_ paragraph: inout RTFDocument.ParagraphFormat, _ word: String, _ parameter: Int?) {
        let twips = min(max(parameter ?? 0, -320_000), 320_000)
        switch word {
        case "pard": paragraph = RTFDocument.ParagraphFormat()
        case "ql": paragraph.alignment = 0
        case "qc": paragraph.alignment = 1
        case "qr": paragraph.alignment = 2
        case "qj": paragraph.alignment = 3
        case "fi": paragraph.firstIndentTwips = twips
        case "li": paragraph.leftIndentTwips = twips
        case "ri": paragraph.rightIndentTwips = twips
        case "sb": paragraph.spaceBeforeTwips = twips
        case "sa": paragraph.spaceAfterTwips = twips
        case "sl": paragraph.lineSpacingTwips = twips
        case "slmult": paragraph.lineSpacingIsMultiple = (parameter ?? 0) != 0
        default: break
        }
    }

    // MARK: Tables

    private mutating func fontTableWord(_ word: String, _ parameter: Int?) throws {
        switch word {
        case "f":
            try commitFont()
            tableFont = (max(parameter ?? 0, 0), RTFDocument.Font(), [])
        case "fcharset": tableFont?.font.charset = parameter ?? 0
        default: break
        }
    }

    private mutating func commitFont() throws {
        guard let entry = tableFont else { return }
        tableFont = nil
        guard document.fonts.count < Self.maximumTableEntries else {
            throw RTFError(offset: position, problem: "the font table has more than \(Self.maximumTableEntries) fonts")
        }
        var font = entry.font
        font.name = String(decoding: entry.name, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        document.fonts[entry.index] = font
    }

    private mutating func colorTableWord(_ word: String, _ parameter: Int?) {
        let value = min(max(parameter ?? 0, 0), 255)
        switch word {
        case "red":
            tableColor = RTFDocument.Color(red: value, green: tableColor?.green ?? 0, blue: tableColor?.blue ?? 0)
        case "green":
            tableColor = RTFDocument.Color(red: tableColor?.red ?? 0, green: value, blue: tableColor?.blue ?? 0)
        case "blue":
            tableColor = RTFDocument.Color(red: tableColor?.red ?? 0, green: tableColor?.green ?? 0, blue: value)
        default: break
        }
    }

    // MARK: Text

    /// A byte of text: in the text, a font's name, or the end of a table entry.
    private mutating func text(_ byte: UInt8) throws {
        if fallbackToSkip > 0 {
            fallbackToSkip -= 1
            return
        }
        switch state.destination {
        case .text: pendingBytes.append(byte)
        case .fontTable:
            if byte == UInt8(ascii: ";") {
                try commitFont()
            } else if tableFont != nil, (tableFont?.name.count ?? 0) < 256 {
                tableFont?.name.append(byte)
            }
        case .colorTable:
            guard byte == UInt8(ascii: ";"), document.colors.count < Self.maximumTableEntries else { return }
            document.colors.append(tableColor)
            tableColor = nil
        case .skipped: break
        }
    }

    private mutating func append(_ characters: String) {
        guard state.destination == .text else { return }
        flushBytes()
        pendingText.append(contentsOf: characters.utf16)
    }

    /// Decodes the bytes gathered in the current font's code page.
    private mutating func flushBytes() {
        guard !pendingBytes.isEmpty else { return }
        let charset = document.fonts[state.character.font ?? document.defaultFont]?.charset ?? 0
        let page = RTFCodePage.codePage(ofCharset: charset) ?? codePage
        pendingText.append(contentsOf: RTFCodePage.decode(pendingBytes, page: page).utf16)
        pendingBytes.removeAll(keepingCapacity: true)
    }

    /// Ends the run in the current formatting, joining it to the last when they match.
    private mutating func flushRun() {
        flushBytes()
        guard !pendingText.isEmpty else { return }
        let text = String(decoding: pendingText, as: UTF16.self)
        pendingText.removeAll(keepingCapacity: true)
        if let last = document.runs.last, last.character == state.character, last.paragraph == state.paragraph {
            document.runs[document.runs.count - 1].text += text
        } else {
            document.runs.append(RTFDocument.Run(text: text, character: state.character, paragraph: state.paragraph))
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        if let value = digit(byte) { return value }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
