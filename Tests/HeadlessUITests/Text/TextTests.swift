import CPangoCairo
import Foundation
import HeadlessUI
import Testing

/// Pango itself, through its own default font map, as the reference for the engine's figures.
func pangoWidth(_ text: String, family: String, bold: Bool, size: Double) -> Double {
    let fontmap = pango_cairo_font_map_new()
    defer { g_object_unref(fontmap) }
    let context = pango_font_map_create_context(fontmap)
    defer { g_object_unref(UnsafeMutableRawPointer(context)) }
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
    pango_context_set_round_glyph_positions(context, 0)
    let layout = pango_layout_new(context)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let description = pango_font_description_new()
    defer { pango_font_description_free(description) }
    pango_font_description_set_family(description, family)
    pango_font_description_set_weight(description, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
    pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
    pango_layout_set_font_description(layout, description)
    pango_layout_set_text(layout, text, -1)
    var logical = PangoRectangle()
    pango_layout_get_extents(layout, nil, &logical)
    return Double(logical.width) / Double(PANGO_SCALE)
}

@Suite struct TextTests {
    @Test func widthsMatchPango() throws {
        let engine = try TextEngine()
        for (face, family, bold) in [("DejaVu Sans", "DejaVu Sans", false), ("DejaVu Sans Bold", "DejaVu Sans", true)] {
            for size in [9.0, 12, 17.5, 28, 64] {
                for text in ["Yo", "Hello, world", "The quick brown fox jumps over the lazy dog", "é à ü 42"] {
                    let measured = engine.measure(text, face: face, size: size).size.width
                    let reference = pangoWidth(text, family: family, bold: bold, size: size)
                    #expect(abs(measured - reference) < 0.001, "\(face) \(size) \(text): \(measured) vs \(reference)")
                    #expect(measured > 0)
                }
            }
        }
    }
}

/// The Unicode Consortium's own boundary tests (Debian's unicode-data).
enum UnicodeBreakTests {
    /// Each test line of `file` as its string and the UTF-16 offsets of its boundaries.
    static func cases(_ file: String) throws -> [(text: String, boundaries: [Int])] {
        let source = try String(contentsOfFile: "/usr/share/unicode/auxiliary/\(file)", encoding: .utf8)
        return source.split(separator: "\n").compactMap { line in
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard body.contains("÷") else { return nil }
            var scalars = String.UnicodeScalarView()
            var boundaries: [Int] = []
            var offset = 0
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" {
                    boundaries.append(offset)
                    continue
                }
                if token == "×" { continue }
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
                offset += scalar.utf16.count
            }
            return (String(scalars), boundaries)
        }
    }
}

extension TextTests {
    @Test func wordsFollowUnicodeWordBreakTest() throws {
        let engine = try TextEngine()
        let cases = try UnicodeBreakTests.cases("WordBreakTest.txt")
        #expect(cases.count > 1000)
        var failures: [String] = []
        for (text, boundaries) in cases {
            let units = Array(text.utf16)
            let expected = zip(boundaries, boundaries.dropFirst()).filter { start, end in
                String(decoding: units[start..<end], as: UTF16.self).unicodeScalars.contains {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }
            }.map { NSRange(location: $0.0, length: $0.1 - $0.0) }
            let found = engine.segments(of: text, in: NSRange(location: 0, length: units.count), by: .words).map(
                \.range)
            if found != expected {
                failures.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(cases.count) differ, first: \(failures.prefix(5))")
    }

    @Test func composedCharactersFollowUnicodeGraphemeBreakTest() throws {
        let engine = try TextEngine()
        let cases = try UnicodeBreakTests.cases("GraphemeBreakTest.txt")
        var failures = 0
        for (text, boundaries) in cases {
            let units = text.utf16.count
            let found = engine.segments(of: text, in: NSRange(location: 0, length: units), by: .composedCharacters)
            let expected = zip(boundaries, boundaries.dropFirst()).map { NSRange(location: $0.0, length: $0.1 - $0.0) }
            if found.map(\.range) != expected { failures += 1 }
        }
        #expect(cases.count > 500)
        #expect(failures == 0, "\(failures) of \(cases.count) differ")
    }

    /// A line longer than Pango's units can hold (past about two million points) measures what
    /// its pieces add up to, not 0 or a wrapped-around number; wrapped, its height is its lines'.
    @Test func aTextPastPangosRangeMeasuresTrue() throws {
        let engine = try TextEngine()
        let piece = "abcde "
        let one = engine.measure(piece, face: "DejaVu Sans", size: 100).size.width
        let long = engine.measure(String(repeating: piece, count: 10_000), face: "DejaVu Sans", size: 100)
        #expect(one * 10_000 > 3_000_000, "the line is past Pango's range: \(one * 10_000)")
        #expect(abs(long.size.width - one * 10_000) / (one * 10_000) < 0.001, "\(long.size.width) vs \(one * 10_000)")
        let line = engine.measure("abcde", face: "DejaVu Sans", size: 100).size
        let wrapped = engine.measure(
            String(repeating: piece, count: 10_000), face: "DejaVu Sans", size: 100, width: line.width + 1)
        #expect(wrapped.lines == 10_000)
        #expect(abs(wrapped.size.height - line.height * 10_000) / (line.height * 10_000) < 0.001, "\(wrapped.size)")
    }

    /// A text longer than the engine lays out is refused: it measures as nothing, the world is
    /// told once, naming its length, and the world goes on.
    @Test func aTextOverTheLimitIsRefusedWithAWarning() throws {
        let t = try TestWorld()
        try t.run(
            """
            label = objc.UILabel:new()
            label.text = ("word "):rep(1000000)
            size = label:sizeThatFits { width = 0, height = 0 }
            size2 = label:sizeThatFits { width = 300, height = 0 }
            """)
        #expect(try t.run("return size.width, size2.height") == [0, 0])
        let warned = t.warnings.filter { $0.contains("a text of 5000000 bytes") }
        #expect(warned.count == 1, "\(t.warnings)")
        #expect(warned.first?.contains("is over the 65536 Rebound measures and draws: it is left out") == true)
        #expect(try t.run("label.text = 'Hi' return label:sizeThatFits({ width = 0, height = 0 }).width > 0") == [true])
    }
}
