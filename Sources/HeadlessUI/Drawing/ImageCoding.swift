import CGdkPixbuf
import Foundation
import ObjectBridge
import Synchronization

/// A picture's pixels, premultiplied, in Cairo's ARGB32 byte order (B, G, R, A on a
/// little-endian machine), rows of `width * 4` bytes.
public struct PremultipliedPixels: Sendable {
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }
}

/// PNG and JPEG bytes in memory, as `imageWithData` keeps them: decoded when drawn, as a file is.
public final class EncodedImage: Sendable {
    public let bytes: Data
    /// The pixels their header declares.
    public let pixels: Int

    init(_ bytes: Data, pixels: Int) { (self.bytes, self.pixels) = (bytes, pixels) }
}

/// Reading and writing PNG and JPEG with gdk-pixbuf. Files and bytes are read alike: the format
/// comes from their first bytes and only those two loaders are ever asked
/// (`gdk_pixbuf_loader_new_with_type`), so gdk-pixbuf's other loaders (SVG, TIFF, XPM, ICO and
/// the rest, each a parser a received package could reach) never see a byte. A picture whose
/// header declares more than `ImageContent.maximumPixels` is refused before it is decoded.
enum ImageCoding {
    /// The largest picture file read.
    static let maximumFileBytes = 64 << 20

    /// The formats read, by their first bytes.
    static func format(of data: Data) -> String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        return nil
    }

    /// A picture file's bytes, at most `maximumFileBytes`.
    static func fileData(at path: String) throws -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ScriptValueError("no readable image file at \(path)")
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        guard data.count <= maximumFileBytes else {
            throw ScriptValueError("\(path) is over \(maximumFileBytes >> 20) MB, the most a picture file may be")
        }
        return data
    }

    /// The pixel size of PNG or JPEG `data`, which must be within `ImageContent.maximumPixels`;
    /// the errors name the data as `name`.
    static func checkedSize(of data: Data, named name: String) throws -> (width: Int, height: Int) {
        guard format(of: data) != nil else { throw ScriptValueError("\(name) is not a PNG or JPEG image") }
        guard let size = size(of: data) else { throw ScriptValueError("\(name) has no readable header") }
        guard size.width * size.height <= ImageContent.maximumPixels else {
            throw ScriptValueError(
                "\(name) is \(size.width) x \(size.height) pixels, over the \(ImageContent.maximumPixels) a picture "
                    + "may have")
        }
        return size
    }

    /// The pixel size in the header of PNG or JPEG `data`, read without decoding the pixels.
    static func size(of data: Data) -> (width: Int, height: Int)? {
        load(data, decoding: false).size
    }

    /// The pixels of PNG or JPEG `data`; nil when it does not decode, or holds more than
    /// `ImageContent.maximumPixels` (its header says so before anything is decoded).
    static func pixels(of data: Data) -> PremultipliedPixels? {
        guard let pixbuf = load(data, decoding: true).pixbuf else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return pixels(of: pixbuf)
    }

    /// What a loader gets from `data`: the header's size, and, when `decoding` and the size is
    /// within bounds, the decoded pixbuf (a reference the caller releases).
    private static func load(_ data: Data, decoding: Bool) -> (size: (width: Int, height: Int)?, pixbuf: OpaquePointer?)
    {
        guard let type = format(of: data), let loader = gdk_pixbuf_loader_new_with_type(type, nil) else {
            return (nil, nil)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let header = Unmanaged.passRetained(HeaderSize(decoding: decoding))
        defer { header.release() }
        g_signal_connect_data(
            UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
            header.toOpaque(), nil, GConnectFlags(rawValue: 0))
        let chunk = 16_384
        var written = 0
        var failed = false
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
            while written < raw.count {
                if header.takeUnretainedValue().stopped { return }
                let count = min(chunk, raw.count - written)
                guard gdk_pixbuf_loader_write(loader, base + written, gsize(count), nil) != 0 else {
                    failed = true
                    return
                }
                written += count
            }
        }
        let closed = gdk_pixbuf_loader_close(loader, nil) != 0
        let size = header.takeUnretainedValue()
        let headerSize = size.width > 0 && size.height > 0 ? (size.width, size.height) : nil
        guard decoding, closed, !failed, !size.stopped, written == data.count, headerSize != nil,
            let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
        else { return (headerSize, nil) }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return (headerSize, pixbuf)
    }

    /// The size a loader read from the header, filled in by its `size-prepared` signal, and
    /// whether the loader was stopped there.
    private final class HeaderSize {
        let decoding: Bool
        var width = 0
        var height = 0
        var stopped = false

        init(decoding: Bool) { self.decoding = decoding }
    }

    /// Keeps the header's size; stops the loader before it allocates the pixels when only the
    /// size is wanted or there are too many pixels. A size of zero is gdk-pixbuf's way to stop
    /// (`gdk_pixbuf_get_file_info` stops so).
    private static let sizePrepared:
        @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
            loader, width, height, context in
            guard let context else { return }
            let size = Unmanaged<HeaderSize>.fromOpaque(context).takeUnretainedValue()
            (size.width, size.height) = (Int(width), Int(height))
            if !size.decoding || size.width * size.height > ImageContent.maximumPixels {
                size.stopped = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
            }
        }

    /// A pixbuf's pixels, premultiplied, in Cairo's byte order.
    static func pixels(of pixbuf: OpaquePointer) -> PremultipliedPixels? {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard width > 0, height > 0, channels >= 3, let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { target, initialized in
            guard let target = target.baseAddress else { return }
            for y in 0..<height {
                var from = source + y * stride
                var to = target + y * width * 4
                for _ in 0..<width {
                    let alpha = hasAlpha ? UInt32(from[3]) : 255
                    // (value * alpha + 127) / 255, rounded, without a division.
                    @inline(__always) func premultiplied(_ value: UInt8) -> UInt8 {
                        let product = UInt32(value) &* alpha &+ 128
                        return UInt8(truncatingIfNeeded: (product &+ (product >> 8)) >> 8)
                    }
                    to[0] = premultiplied(from[2])
                    to[1] = premultiplied(from[1])
                    to[2] = premultiplied(from[0])
                    to[3] = UInt8(truncatingIfNeeded: alpha)
                    from += channels
                    to += 4
                }
            }
            initialized = width * height * 4
        }
        return PremultipliedPixels(width: width, height: height, bytes: bytes)
    }

    /// `pixels` as a PNG file's bytes (with alpha), or as a JPEG's at `quality` (0 to 1), where
    /// transparent parts come out black, as UIKit's JPEGs have them.
    static func encode(_ pixels: PremultipliedPixels, jpegQuality quality: Double?) -> Data? {
        let channels = quality == nil ? 4 : 3
        var straight = [UInt8](repeating: 0, count: pixels.width * pixels.height * channels)
        for index in 0..<(pixels.width * pixels.height) {
            let (b, g, r, a) = (
                Int(pixels.bytes[index * 4]), Int(pixels.bytes[index * 4 + 1]), Int(pixels.bytes[index * 4 + 2]),
                Int(pixels.bytes[index * 4 + 3])
            )
            // A JPEG keeps the colour over black, which is the premultiplied value itself.
            func unpremultiplied(_ value: Int) -> UInt8 {
                quality != nil ? UInt8(value) : a == 0 ? 0 : UInt8(min(255, (value * 255 + a / 2) / a))
            }
            straight[index * channels] = unpremultiplied(r)
            straight[index * channels + 1] = unpremultiplied(g)
            straight[index * channels + 2] = unpremultiplied(b)
            if channels == 4 { straight[index * 4 + 3] = UInt8(a) }
        }
        return straight.withUnsafeBufferPointer { buffer -> Data? in
            guard
                let pixbuf = gdk_pixbuf_new_from_data(
                    buffer.baseAddress, GDK_COLORSPACE_RGB, channels == 4 ? 1 : 0, 8, Int32(pixels.width),
                    Int32(pixels.height), Int32(pixels.width * channels), nil, nil)
            else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            var output: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            let saved: gboolean
            if let quality {
                let percent = String(Int((min(max(quality, 0), 1) * 100).rounded()))
                saved = "quality".withCString { key in
                    percent.withCString { value in
                        var keys = [UnsafeMutablePointer(mutating: key), nil]
                        var values = [UnsafeMutablePointer(mutating: value), nil]
                        return gdk_pixbuf_save_to_bufferv(pixbuf, &output, &size, "jpeg", &keys, &values, nil)
                    }
                }
            } else {
                saved = gdk_pixbuf_save_to_bufferv(pixbuf, &output, &size, "png", nil, nil, nil)
            }
            guard saved != 0, let output else { return nil }
            defer { g_free(output) }
            return Data(bytes: output, count: Int(size))
        }
    }
}
