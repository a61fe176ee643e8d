import Foundation
import Testing

@testable import HeadlessUI

/// The RTF reader on documents in the form Cocoa writes them (written for these tests), and on
/// bad ones.
@Suite struct RTFReaderTests {
    func read(_ text: String) throws -> RTFDocument { try RTFReader.read(Data(text.utf8)) }

    /// A Cocoa-style document: a font and colour table, runs in several fonts, sizes, colours,
    /// bold and italic, centred and justified paragraphs, and skipped destinations.
    static let cocoa = #"""
        {\rtf1\ansi\ansicpg1252\cocoartf2580
        {\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fnil\fcharset0 Georgia;}
        {\colortbl;\red255\green255\blue255;\red200\green20\blue40;}
        {\*\expandedcolortbl;;\csgenericrgb\c78431\c7843\c15686;}
        {\info{\title Notes}}
        \paperw11900\paperh16840\margl1440\margr1440\vieww10800\viewh8400\viewkind0
        \pard\tx720\tx1440\pardirnatural\qc\partightenfactor0

        \f0\fs48 \cf2 Round
        \f1\i\fs24 \cf0  words\
        \pard\qj\li360\fi-180\sa120
        \b Bold\b0  and \ul under\ulnone  \{braces\}.}
        """#

    @Test func cocoasDocumentsGiveTheirRunsAndParagraphs() throws {
        let document = try read(Self.cocoa)
        #expect(document.fonts[0]?.name == "Helvetica" && document.fonts[1]?.name == "Georgia")
        #expect(document.colors == [nil, .init(red: 255, green: 255, blue: 255), .init(red: 200, green: 20, blue: 40)])
        #expect(document.runs.map(\.text) == ["Round", " words\n", "Bold", " and ", "under", " {braces}."])
        let round = document.runs[0]
        #expect(round.character.font == 0 && round.character.halfPoints == 48 && round.character.color == 2)
        #expect(round.paragraph.alignment == 1)
        #expect(document.runs[1].character.italic && document.runs[1].character.font == 1)
        let bold = document.runs[2]
        #expect(bold.character.bold && bold.paragraph.alignment == 3)
        #expect(bold.paragraph.leftIndentTwips == 360 && bold.paragraph.firstIndentTwips == -180)
        #expect(bold.paragraph.spaceAfterTwips == 120)
        #expect(document.runs[4].character.underline == 1 && document.runs[5].character.underline == 0)
    }

    /// `\'hh` bytes are in the font's code page (the document's for ANSI fonts; Thai, Arabic and
    /// simplified Chinese, two bytes a character, for theirs); `\u` gives a character, and
    /// `\uc1` skips the one that stands in for it.
    @Test func bytesAreReadInTheirFontsCodePage() throws {
        let document = try read(
            #"""
            {\rtf1\ansi\ansicpg1252{\fonttbl\f0\fnil\fcharset0 Times;\f1\fnil\fcharset222 Thonburi;
            \f2\fnil\fcharset178 GeezaPro;\f3\fnil\fcharset134 STHeiti;}
            \f0 caf\'e9 \'93q\'94 \f1 \'b9\'d2\'a4\f2 \'c7\'e1\f3 \'c9\'ab\'a4\'cf\f0 \uc1\u1488 ?\u-10179 ?\u-8704 ? end}
            """#)
        #expect(document.runs.map(\.text).joined() == "café “q” นาคال色は\u{05D0}\u{1F600} end")
    }

    @Test func theDocumentsCodePageReadsItsAnsiFonts() throws {
        let document = try read(#"{\rtf1\ansi\ansicpg1251{\fonttbl\f0\fnil\fcharset0 Arial;}\f0 \'cf\'f0\'e8}"#)
        #expect(document.runs.first?.text == "При")
    }

    @Test func lineSpacingAndShiftsAndKerningAreKept() throws {
        let document = try read(
            #"{\rtf1\ansi\pard\sl-360\slmult0 Exact\par\pard\sl360\slmult1 Double\up6 high\dn4 low\nosupersub\expndtw40 wide}"#
        )
        let runs = document.runs
        #expect(runs.map(\.text) == ["Exact\n", "Double", "high", "low", "wide"])
        #expect(runs[0].paragraph.lineSpacingTwips == -360 && !runs[0].paragraph.lineSpacingIsMultiple)
        #expect(runs[1].paragraph.lineSpacingTwips == 360 && runs[1].paragraph.lineSpacingIsMultiple)
        #expect(runs[2].character.baselineShift == 6 && runs[3].character.baselineShift == -4)
        #expect(runs[4].character.kernTwips == 40 && runs[4].character.baselineShift == 0)
    }

    @Test func badDocumentsAreErrorsThatNameTheByte() throws {
        func problem(_ text: String) -> String {
            do {
                _ = try read(text)
                return ""
            } catch { return "\(error)" }
        }
        #expect(problem("Hello") == "RTF at byte 0: an RTF document begins with {\\rtf")
        #expect(problem("{\\rtf1 " + String(repeating: "{", count: 200)).contains("nest deeper than 128"))
        #expect(
            problem("{\\rtf1 \\" + String(repeating: "x", count: 40) + "}")
                == "RTF at byte 7: a control word is longer than 32 letters")
        #expect(problem("{\\rtf1 \\fs123456789012}").contains("more than 10 digits"))
        #expect(problem("{\\rtf1 caf\\'e}").contains("RTF at byte 10: \\' is not followed by two hexadecimal digits"))
        let huge = Data(count: RTFReader.maximumBytes + 1)
        #expect(throws: RTFError.self) { try RTFReader.read(huge) }
    }

    @Test func aDocumentCutShortKeepsItsText() throws {
        #expect(try read(#"{\rtf1\ansi {\b Bold"#).runs.map(\.text) == ["Bold"])
        #expect(try read(#"{\rtf1 Done}trailing"#).runs.map(\.text) == ["Done"])
    }

    /// Mutated documents (bytes dropped, doubled, flipped to RTF's special characters) are read
    /// or refused with an RTFError, never anything else, and the reader always finishes.
    @Test func mutatedDocumentsAreReadOrRefused() throws {
        var generator = SplitMix(seed: 0x5EED)
        let seeds = [Self.cocoa, #"{\rtf1\ansi{\fonttbl\f0\fcharset134 X;}\f0\'c9\'ab\uc2\u20320 ab{\*\x y}\par}"#]
        let specials = Array("{}\\'*;0123456789-abu ".utf8)
        var refused = 0
        for iteration in 0..<3000 {
            var bytes = Array(seeds[iteration % seeds.count].utf8)
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let at = Int(generator.next() % UInt64(bytes.count))
                switch generator.next() % 3 {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = specials[Int(generator.next() % UInt64(specials.count))]
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            do {
                _ = try RTFReader.read(Data(bytes))
            } catch is RTFError {
                refused += 1
            }
        }
        #expect(refused > 0 && refused < 3000, "\(refused)")
    }
}

/// A small, seeded generator, so that the fuzzed documents are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
