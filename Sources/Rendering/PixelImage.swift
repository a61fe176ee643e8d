import CCairo
import Foundation

/// The pixels of a picture or a PNG file, for comparing pictures: 8-bit red, green, blue and
/// alpha per pixel (not premultiplied), row by row.
public struct PixelImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Four bytes per pixel: red, green, blue, alpha.
    public private(set) var bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixels of a PNG file.
    public init(png path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw RenderError("\(path) is not a PNG file Cairo can read")
        }
        defer { cairo_surface_destroy(surface) }
        self.init(surface: surface)
    }

    /// Reads a Cairo image surface (ARGB32, premultiplied, native-endian words).
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        let stride = Int(cairo_image_surface_get_stride(surface))
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let word = row[x]
                    let alpha = UInt8(word >> 24)
                    let offset = (y * width + x) * 4
                    if alpha == 255 {  // most of a screen: nothing to undo
                        bytes[offset] = UInt8((word >> 16) & 0xff)
                        bytes[offset + 1] = UInt8((word >> 8) & 0xff)
                        bytes[offset + 2] = UInt8(word & 0xff)
                        bytes[offset + 3] = 255
                        continue
                    }
                    let unpremultiply = { (channel: UInt32) -> UInt8 in
                        alpha == 0 ? 0 : UInt8(min(255, (channel * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
                    }
                    bytes[offset] = unpremultiply((word >> 16) & 0xff)
                    bytes[offset + 1] = unpremultiply((word >> 8) & 0xff)
                    bytes[offset + 2] = unpremultiply(word & 0xff)
                    bytes[offset + 3] = alpha
                }
            }
        }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// Red, green, blue and alpha at a pixel.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        guard x >= 0, y >= 0, x < width, y < height else { return [0, 0, 0, 0] }
        let offset = (y * width + x) * 4
        return Array(bytes[offset..<offset + 4])
    }

    /// How many pixels differ from `other`'s by more than `tolerance` in a channel, and an
    /// image of them (red where they differ, a faint copy of this one elsewhere); nil when the
    /// sizes differ.
    public func difference(from other: PixelImage, tolerance: UInt8) -> (count: Int, image: PixelImage)? {
        guard width == other.width, height == other.height else { return nil }
        var count = 0
        var marked = [UInt8](repeating: 0, count: bytes.count)
        for index in stride(from: 0, to: bytes.count, by: 4) {
            let differs = (0..<4).contains {
                abs(Int(bytes[index + $0]) - Int(other.bytes[index + $0])) > Int(tolerance)
            }
            if differs {
                count += 1
                marked.replaceSubrange(index..<index + 4, with: [255, 0, 0, 255])
            } else {
                let gray = UInt8((Int(bytes[index]) + Int(bytes[index + 1]) + Int(bytes[index + 2])) / 3 / 4 + 191)
                marked.replaceSubrange(index..<index + 4, with: [gray, gray, gray, 255])
            }
        }
        return (count, PixelImage(width: width, height: height, bytes: marked))
    }

    /// Writes the pixels as a PNG file.
    public func writePNG(to path: String) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError("Cairo could not make an image")
        }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let offset = (y * width + x) * 4
                    let alpha = UInt32(bytes[offset + 3])
                    let premultiply = { (channel: UInt8) -> UInt32 in (UInt32(channel) * alpha + 127) / 255 }
                    row[x] =
                        alpha << 24 | premultiply(bytes[offset]) << 16 | premultiply(bytes[offset + 1]) << 8
                        | premultiply(bytes[offset + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError("cannot write \(path)") }
    }
}

extension Picture {
    /// The PNG's pixels, without writing a file.
    public func pixels() throws -> PixelImage {
        try rasterized { PixelImage(surface: $0) }
    }
}
