import CCairo
import Foundation
import HeadlessUI

/// Attributed text: each paragraph's shadows under the spans that cast them, its text, then
/// the images of its attachments in the boxes the engine left for them.
extension DrawingReplay {
    func draw(
        _ layout: RichTextLayout, at origin: CGPoint, alpha: Double, base: cairo_matrix_t, _ cairo: OpaquePointer,
        depth: Int
    ) {
        let faded = alpha < 1
        if faded { cairo_push_group(cairo) }
        for paragraph in layout.paragraphs {
            cairo_save(cairo)
            cairo_translate(cairo, origin.x + paragraph.origin.x, origin.y + paragraph.origin.y)
            drawShadows(of: paragraph, base: base, cairo)
            let boxes = engine.draw(paragraph, into: cairo)
            let attachments = paragraph.spans.compactMap(\.attachment)
            for (attachment, box) in zip(attachments, boxes) {
                guard case .image(let content, let rect, let slices, let tint) = attachment.image else { continue }
                cairo_save(cairo)
                cairo_translate(cairo, box.minX, box.minY)
                draw(content, in: rect, slices: slices, tint: tint, alpha: 1, cairo, depth: depth)
                cairo_restore(cairo)
            }
            cairo_restore(cairo)
        }
        guard faded else { return }
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, alpha)
    }

    /// One shadow pass for each distinct shadow: its spans drawn (the others clear) into the
    /// shadow alone.
    private func drawShadows(of paragraph: RichTextLayout.Paragraph, base: cairo_matrix_t, _ cairo: OpaquePointer) {
        var shadows: [RichTextLayout.Shadow] = []
        for shadow in paragraph.spans.compactMap(\.shadow) where !shadows.contains(shadow) { shadows.append(shadow) }
        let clear = DrawingColor(red: 0, green: 0, blue: 0, alpha: 0)
        for shadow in shadows {
            withShadow((shadow.offset, shadow.blur, shadow.color), base, cairo, paintingBody: false) {
                _ = engine.draw(paragraph, into: cairo) { $0.shadow == shadow ? $0.color : clear }
            }
        }
    }
}
