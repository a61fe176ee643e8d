import CCairo
import HeadlessUI

extension DrawingReplay {
    /// A drawing's pixels at `scale`; nil when it would be larger than
    /// `ImageContent.maximumPixels`.
    static func pixels(of drawing: Drawing, scale: Double, engine: TextEngine) -> PremultipliedPixels? {
        let width = Int((drawing.size.width * scale).rounded())
        let height = Int((drawing.size.height * scale).rounded())
        guard width > 0, height > 0, width * height <= ImageContent.maximumPixels,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return nil }
        cairo_scale(cairo, scale, scale)
        DrawingReplay(engine: engine, scale: scale).replay(drawing, cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { target in
            guard let base = target.baseAddress else { return }
            for row in 0..<height { (base + row * width * 4).update(from: data + row * stride, count: width * 4) }
        }
        return PremultipliedPixels(width: width, height: height, bytes: bytes)
    }
}
