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

    /// Reads a Cairo image surface (ARGB32, premultiplied, native-endian words). Through raw
    /// pointers: the preview converts every picture it publishes, a million pixels for a phone.
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let (width, height) = (
            Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface))
        )
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = buffer.count
            guard let data, let target = buffer.baseAddress else {
                buffer.initialize(repeating: 0)
                return
            }
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride)
                let out = target + y * width * 4
                for x in 0..<width {
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let alpha = word >> 24
                    var (red, green, blue) = ((word >> 16) & 0xff, (word >> 8) & 0xff, word & 0xff)
                    if alpha != 255 {  // most of a screen is opaque: nothing to undo
                        let half = alpha / 2
                        red = alpha == 0 ? 0 : min(255, (red * 255 + half) / alpha)
                        green = alpha == 0 ? 0 : min(255, (green * 255 + half) / alpha)
                        blue = alpha == 0 ? 0 : min(255, (blue * 255 + half) / alpha)
                    }
                    let pixel = out + x * 4
                    pixel.initialize(to: UInt8(truncatingIfNeeded: red))
                    (pixel + 1).initialize(to: UInt8(truncatingIfNeeded: green))
                    (pixel + 2).initialize(to: UInt8(truncatingIfNeeded: blue))
                    (pixel + 3).initialize(to: UInt8(truncatingIfNeeded: alpha))
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

    /// How many pixels differ from `other`'s by more than `tolerance` in a channel, and, when
    /// any do, an image of them (red where they differ, a faint copy of this one elsewhere);
    /// nil when the sizes differ. Matching pictures cost one pass and no allocation.
    public func difference(from other: PixelImage, tolerance: UInt8) -> (count: Int, image: PixelImage?)? {
        guard width == other.width, height == other.height, bytes.count == other.bytes.count else { return nil }
        let limit = Int(tolerance)
        let count = bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                var count = 0
                for index in stride(from: 0, to: mine.count, by: 4)
                where Self.differs(mine, theirs, at: index, by: limit) {
                    count += 1
                }
                return count
            }
        }
        guard count > 0 else { return (0, nil) }
        var marked = [UInt8](repeating: 255, count: bytes.count)
        bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { theirs in
                marked.withUnsafeMutableBufferPointer { marked in
                    for index in stride(from: 0, to: mine.count, by: 4) {
                        if Self.differs(mine, theirs, at: index, by: limit) {
                            (marked[index + 1], marked[index + 2]) = (0, 0)
                        } else {
                            let sum = Int(mine[index]) + Int(mine[index + 1]) + Int(mine[index + 2])
                            let gray = UInt8(sum / 3 / 4 + 191)
                            (marked[index], marked[index + 1], marked[index + 2]) = (gray, gray, gray)
                        }
                    }
                }
            }
        }
        return (count, PixelImage(width: width, height: height, bytes: marked))
    }

    private static func differs(
        _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, at index: Int, by limit: Int
    ) -> Bool {
        abs(Int(a[index]) - Int(b[index])) > limit || abs(Int(a[index + 1]) - Int(b[index + 1])) > limit
            || abs(Int(a[index + 2]) - Int(b[index + 2])) > limit || abs(Int(a[index + 3]) - Int(b[index + 3])) > limit
    }

    /// Writes the pixels as a PNG file.
    public func writePNG(to path: String) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError("Cairo could not make an image")
        }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<height {
                    let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let offset = (y * width + x) * 4
                        let alpha = UInt32(bytes[offset + 3])
                        let (red, green, blue) = (
                            UInt32(bytes[offset]), UInt32(bytes[offset + 1]), UInt32(bytes[offset + 2])
                        )
                        row[x] =
                            alpha == 255
                            ? 0xff00_0000 | red << 16 | green << 8 | blue
                            : alpha << 24 | (red * alpha + 127) / 255 << 16 | (green * alpha + 127) / 255 << 8
                                | (blue * alpha + 127) / 255
                    }
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
