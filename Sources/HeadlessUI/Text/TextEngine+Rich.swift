import CTextShim
import Foundation

extension TextEngine {
    /// A measured rich paragraph: its size, its kept and needed lines, and how many kept lines
    /// are within its `room`.
    public struct RichMeasurement {
        public var size: CGSize
        public var lines: Int
        public var totalLines: Int
        public var fittingLines: Int
    }

    /// Measures a paragraph of a `RichTextLayout` as it is set. Measurements are kept by what
    /// decides them (not colours or lines), as plain text's are: views lay out the same text
    /// again and again.
    public func measure(_ paragraph: RichTextLayout.Paragraph) -> RichMeasurement {
        guard accepts(paragraph.text) else {
            return RichMeasurement(size: .zero, lines: 0, totalLines: 0, fittingLines: 0)
        }
        let key = RichMeasureKey(paragraph)
        if let known = richMeasurements[key] { return known }
        let measurement = measureUncached(paragraph)
        if richMeasurements.count >= Self.measurementLimit { richMeasurements.removeAll(keepingCapacity: true) }
        richMeasurements[key] = measurement
        return measurement
    }

    private func measureUncached(_ paragraph: RichTextLayout.Paragraph) -> RichMeasurement {
        var result = rb_text_size()
        withParagraph(paragraph) { rb_text_rich_measure(handle, $0, &result) }
        return RichMeasurement(
            size: CGSize(width: result.width, height: result.height), lines: Int(result.lines),
            totalLines: Int(result.total), fittingLines: Int(result.fitting))
    }

    /// A paragraph's lines as its width breaks them, at most `limit` of them (TextKit fills
    /// line fragments with them): the bytes of its UTF-8 each holds, its size, and its
    /// baseline from its top.
    public func lines(of paragraph: RichTextLayout.Paragraph, limit: Int) -> [(
        bytes: Int, size: CGSize, baseline: Double
    )] {
        guard accepts(paragraph.text), limit > 0 else { return [(0, .zero, 0)] }
        // A line holds at least one byte: no more lines than bytes.
        var lines = [rb_text_line](repeating: rb_text_line(), count: min(limit, paragraph.text.utf8.count + 1))
        var count = 0
        withParagraph(paragraph) { description in
            lines.withUnsafeMutableBufferPointer {
                count = Int(rb_text_rich_lines(handle, description, $0.baseAddress, Int32(clamping: $0.count)))
            }
        }
        return lines.prefix(count).map {
            (Int($0.bytes), CGSize(width: $0.width, height: $0.height), $0.baseline)
        }
    }

    /// The glyphs of a one-line paragraph in visual order: for each, the byte of its UTF-8
    /// where its cluster starts and where it is drawn along the line.
    public func glyphs(of paragraph: RichTextLayout.Paragraph) -> [(cluster: Int, x: Double)] {
        guard accepts(paragraph.text) else { return [] }
        var capacity = paragraph.text.utf8.count + 8
        while true {
            var clusters = [Int32](repeating: 0, count: capacity)
            var xs = [Double](repeating: 0, count: capacity)
            var count = 0
            withParagraph(paragraph) { description in
                clusters.withUnsafeMutableBufferPointer { clusters in
                    xs.withUnsafeMutableBufferPointer {
                        count = Int(
                            rb_text_rich_glyphs(
                                handle, description, clusters.baseAddress, $0.baseAddress, Int32(clamping: capacity)))
                    }
                }
            }
            // A cluster may hold more glyphs than characters: asked again with room for all.
            guard count > capacity else {
                return (0..<count).map { (Int(clusters[$0]), xs[$0]) }
            }
            capacity = count
        }
    }

    /// Where the characters at `offsets` (bytes of the paragraph's UTF-8) start along its
    /// first line.
    public func positions(in paragraph: RichTextLayout.Paragraph, at offsets: [Int]) -> [Double] {
        guard accepts(paragraph.text), !offsets.isEmpty else { return offsets.map { _ in 0 } }
        var xs = [Double](repeating: 0, count: offsets.count)
        let bounded = offsets.map { Int32(clamping: $0) }
        withParagraph(paragraph) { description in
            bounded.withUnsafeBufferPointer { offsets in
                xs.withUnsafeMutableBufferPointer {
                    rb_text_rich_positions(
                        handle, description, offsets.baseAddress, Int32(offsets.count), $0.baseAddress)
                }
            }
        }
        return xs
    }

    /// Draws a paragraph of a `RichTextLayout` into a Cairo context (a `cairo_t *`), its box's
    /// top-left at the origin, and gives the boxes of its attachments, in order.
    /// `recolor` replaces each span's colour (a shadow's pass draws its spans in their shadow).
    public func draw(
        _ paragraph: RichTextLayout.Paragraph, into cairo: OpaquePointer,
        recolor: ((RichTextLayout.Span) -> DrawingColor)? = nil
    ) -> [CGRect] {
        guard accepts(paragraph.text) else { return [] }
        let attachments = paragraph.spans.filter { $0.attachment != nil }.count
        var boxes = [Double](repeating: 0, count: attachments * 4)
        var drawn = paragraph
        if let recolor {
            for index in drawn.spans.indices {
                drawn.spans[index].color = recolor(drawn.spans[index])
                drawn.spans[index].background = nil
            }
        }
        withParagraph(drawn) { description in
            boxes.withUnsafeMutableBufferPointer {
                rb_text_rich_draw(
                    handle, UnsafeMutableRawPointer(cairo), description, $0.baseAddress, Int32(attachments))
            }
        }
        return (0..<attachments).map {
            CGRect(x: boxes[$0 * 4], y: boxes[$0 * 4 + 1], width: boxes[$0 * 4 + 2], height: boxes[$0 * 4 + 3])
        }
    }

    /// The paragraph as the C engine takes it, valid inside `body`.
    private func withParagraph(
        _ paragraph: RichTextLayout.Paragraph, _ body: (UnsafePointer<rb_text_paragraph>) -> Void
    ) {
        let faces = paragraph.spans.map { strdup($0.face) }
        defer {
            for face in faces { free(face) }
        }
        let spans = zip(paragraph.spans, faces).map { span, face in
            var made = rb_text_span()
            (made.start, made.end, made.font, made.size) = (span.start, span.end, UnsafePointer(face), span.size)
            made.color = Self.cColor(span.color)
            made.background = Self.cColor(span.background)
            made.underline_color = Self.cColor(span.underlineColor)
            made.strikethrough_color = Self.cColor(span.strikethroughColor)
            made.kern = span.kern
            made.underline = span.underline.rawValue
            made.strikethrough = span.strikethrough.rawValue
            made.rise = span.baselineOffset
            if let attachment = span.attachment {
                made.shape_width = attachment.bounds.width
                made.shape_height = attachment.bounds.height
                made.shape_rise = attachment.bounds.minY
            }
            return made
        }
        var text = paragraph.text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                paragraph.face.withCString { face in
                    spans.withUnsafeBufferPointer { spanBuffer in
                        var description = rb_text_paragraph(
                            utf8: chars.baseAddress, length: Int32(chars.count), spans: spanBuffer.baseAddress,
                            span_count: Int32(spanBuffer.count), font: face, size: paragraph.size,
                            width: paragraph.width ?? 0, wrap: paragraph.wrap.rawValue,
                            alignment: Int32(paragraph.alignment), indent: paragraph.indent,
                            line_spacing: paragraph.lineSpacing, line_height_multiple: paragraph.lineHeightMultiple,
                            max_lines: Int32(clamping: paragraph.maxLines), truncation: paragraph.truncation.rawValue,
                            room: paragraph.room)
                        body(&description)
                    }
                }
            }
        }
    }

    private static func cColor(_ color: DrawingColor?) -> rb_text_color {
        guard let color else { return rb_text_color(red: 0, green: 0, blue: 0, alpha: -1) }
        return rb_text_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}

/// What a rich paragraph's measurement depends on: its text, each span's font, size, kern,
/// baseline offset and inline box, and how its lines are set.
struct RichMeasureKey: Hashable {
    struct SpanMetrics: Hashable {
        let start, end: Int32
        let face: String
        let size, kern, baselineOffset, boxWidth, boxHeight, boxRise: Double
    }

    let text: String
    let spans: [SpanMetrics]
    let face: String
    let size: Double
    let width: Double?
    let wrap: TextEngine.Wrap
    let indent, lineSpacing, lineHeightMultiple, room: Double
    let maxLines: Int

    init(_ paragraph: RichTextLayout.Paragraph) {
        text = paragraph.text
        spans = paragraph.spans.map { span in
            let box = span.attachment?.bounds ?? .zero
            return SpanMetrics(
                start: span.start, end: span.end, face: span.face, size: span.size, kern: span.kern,
                baselineOffset: span.baselineOffset, boxWidth: box.width, boxHeight: box.height, boxRise: box.minY)
        }
        (face, size, width, wrap) = (paragraph.face, paragraph.size, paragraph.width, paragraph.wrap)
        (indent, lineSpacing, lineHeightMultiple) = (
            paragraph.indent, paragraph.lineSpacing, paragraph.lineHeightMultiple
        )
        (maxLines, room) = (paragraph.maxLines, paragraph.room)
    }
}
