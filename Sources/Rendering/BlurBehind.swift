import CCairo
import Foundation
import HeadlessUI

/// What a blur effect view shows under its content: the picture drawn so far behind it,
/// blurred and washed with its style's tint, within its shape. The picture is Cairo's
/// recording, so what lies behind is replayed into pixels around the view (wider by the blur,
/// which reaches in from past its edges), blurred by three box passes each way (which come
/// within a few percent of a Gaussian whose σ is the radius, as Core Image's blur reads its
/// radius), and painted
/// back as an image, in PNG, SVG and PDF alike. What is inside a group not yet composited (a
/// translucent ancestor's) is not behind it yet, so it is left out.
enum BlurBehind {
    static func paint(
        _ blur: BlurEffect, size: CGSize, cornerRadius: Double, scale: Double, _ cairo: OpaquePointer
    ) {
        guard size.width > 0, size.height > 0, let target = cairo_get_target(cairo),
            let region = region(of: size, margin: 3 * blur.radius, target: target, cairo)
        else { return }
        let (pixelWidth, pixelHeight) = (
            Int((region.width * scale).rounded(.up)), Int((region.height * scale).rounded(.up))
        )
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth * pixelHeight <= Picture.maximumPixels,
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        else { return }
        defer { cairo_surface_destroy(image) }
        guard let copy = cairo_create(image) else { return }
        cairo_scale(copy, scale, scale)
        cairo_translate(copy, -region.minX, -region.minY)
        cairo_set_source_surface(copy, target, 0, 0)
        cairo_paint(copy)
        cairo_destroy(copy)
        boxBlur(image, sigma: blur.radius * scale)

        cairo_save(cairo)
        ScreenRenderer.path(width: size.width, height: size.height, radius: cornerRadius, cairo)
        cairo_clip(cairo)
        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_translate(cairo, region.minX, region.minY)
        cairo_scale(cairo, 1 / scale, 1 / scale)
        cairo_set_source_surface(cairo, image, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
        let tint = blur.tint
        cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, tint.alpha)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// The view's box in the picture's space (points), widened by `margin`, within the picture.
    private static func region(
        of size: CGSize, margin: Double, target: OpaquePointer, _ cairo: OpaquePointer
    ) -> CGRect? {
        let corners = [(0.0, 0.0), (size.width, 0), (0, size.height), (size.width, size.height)].map { corner in
            var (x, y) = (Double(corner.0), Double(corner.1))
            cairo_user_to_device(cairo, &x, &y)
            return (x, y)
        }
        var extents = cairo_rectangle_t()
        guard cairo_recording_surface_get_extents(target, &extents) != 0 else { return nil }
        let minX = max(extents.x, (corners.map(\.0).min() ?? 0) - margin)
        let minY = max(extents.y, (corners.map(\.1).min() ?? 0) - margin)
        let maxX = min(extents.x + extents.width, (corners.map(\.0).max() ?? 0) + margin)
        let maxY = min(extents.y + extents.height, (corners.map(\.1).max() ?? 0) + margin)
        guard maxX > minX, maxY > minY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Three passes of a box blur across and three down, in place, on premultiplied pixels
    /// (where averaging is right); edges repeat their last pixel.
    static func boxBlur(_ image: OpaquePointer, sigma: Double) {
        guard sigma >= 0.5 else { return }
        cairo_surface_flush(image)
        let width = Int(cairo_image_surface_get_width(image))
        let height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        guard let data = cairo_image_surface_get_data(image), width > 0, height > 0 else { return }
        // Three boxes of width w have the variance of a Gaussian of σ when w² = 4σ² + 1.
        let half = max(1, Int(((4 * sigma * sigma + 1).squareRoot() / 2).rounded()))
        var line = [UInt8](repeating: 0, count: max(width, height) * 4)
        for _ in 0..<3 {
            for y in 0..<height { blurLine(data + y * stride, count: width, step: 4, half: half, &line) }
            for x in 0..<width { blurLine(data + x * 4, count: height, step: stride, half: half, &line) }
        }
        cairo_surface_mark_dirty(image)
    }

    /// One row or column of `count` pixels `step` bytes apart, averaged over 2 * half + 1.
    private static func blurLine(
        _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, half: Int, _ line: inout [UInt8]
    ) {
        for index in 0..<count {
            for channel in 0..<4 { line[index * 4 + channel] = start[index * step + channel] }
        }
        let window = 2 * half + 1
        for channel in 0..<4 {
            func value(_ index: Int) -> Int { Int(line[min(max(index, 0), count - 1) * 4 + channel]) }
            var sum = 0
            for index in -half...half { sum += value(index) }
            for index in 0..<count {
                start[index * step + channel] = UInt8((sum + window / 2) / window)
                sum += value(index + half + 1) - value(index - half)
            }
        }
    }
}
