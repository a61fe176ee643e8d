import CGdkPixbuf
import Foundation
import ObjectBridge

/// `UIImage`: a picture file with its real pixel size (`@2x` and `@3x` in the file name give
/// its scale, as UIKit reads them), or what was drawn in an image context.
public final class Image: BridgeObject {
    public let content: ImageContent
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    /// A resizable image's caps (`resizableImageWithCapInsets`): they keep their size when the
    /// image is drawn larger, and what lies between them is stretched or tiled. Nil for a plain
    /// image, which is scaled whole.
    public private(set) var slices: ImageSlices?

    /// Reads the size of the PNG or JPEG file at `path` (gdk-pixbuf parses its header).
    public init(contentsOfFile path: String) throws {
        var width: Int32 = 0
        var height: Int32 = 0
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ScriptValueError("no readable image file at \(path)")
        }
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            throw ScriptValueError("\(path) is not a PNG or JPEG image")
        }
        content = .file(path)
        pixelWidth = Int(width)
        pixelHeight = Int(height)
        let name = (path as NSString).deletingPathExtension
        scale = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    }

    /// An image of what was drawn in an image context, at `scale` pixels per point.
    init(drawing: Drawing, scale: Double) {
        content = .drawing(drawing)
        self.scale = scale
        pixelWidth = Int((drawing.size.width * scale).rounded())
        pixelHeight = Int((drawing.size.height * scale).rounded())
    }

    /// The files `imageNamed(name)` looks for, best first, as UIKit looks in a bundle: with no
    /// extension, PNG then JPEG; for each, the screen's scale, then the other scales, then none.
    static func candidateFiles(for name: String, scale: Double) -> [String] {
        let ext = (name as NSString).pathExtension
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        let preferred = Int(scale.rounded())
        let suffixes = ([preferred] + [3, 2].filter { $0 != preferred }).filter { $0 > 1 }.map { "@\($0)x" } + [""]
        return extensions.flatMap { ext in suffixes.map { base + $0 + "." + ext } }
    }

    /// The same picture made resizable with `caps`, each kept within the image.
    init(resizing image: Image, caps: UIEdgeInsets, tiles: Bool) {
        content = image.content
        pixelWidth = image.pixelWidth
        pixelHeight = image.pixelHeight
        scale = image.scale
        let size = image.size
        let left = min(max(caps.left, 0), size.width)
        let top = min(max(caps.top, 0), size.height)
        slices = ImageSlices(
            size: size,
            caps: UIEdgeInsets(
                top: top, left: left, bottom: min(max(caps.bottom, 0), size.height - top),
                right: min(max(caps.right, 0), size.width - left)),
            tiles: tiles)
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The command that draws the image in `rect`: whole, or by slices when it is resizable.
    func drawCommand(in rect: CGRect) -> DrawingCommand { .image(content, rect, slices: slices) }
}

/// How a resizable image is drawn larger than it is: its caps (in points) keep their size, and
/// the parts between them are stretched, or tiled at their own size.
public struct ImageSlices: Sendable, Equatable {
    public let size: CGSize
    public let caps: UIEdgeInsets
    public let tiles: Bool
}

/// What an image shows: a PNG or JPEG file, or a drawing.
public enum ImageContent: Sendable {
    case file(String)
    case drawing(Drawing)

    /// The most pixels a picture file is decoded with for drawing (8192 x 8192, 256 MB);
    /// a larger one is not drawn.
    public static let maximumPixels = 8192 * 8192
}

extension ImageContent {
    /// The file's pixels, premultiplied, in Cairo's ARGB32 byte order (B, G, R, A on a
    /// little-endian machine), rows of `width * 4` bytes; nil for a drawing or a file that no
    /// longer decodes.
    public func premultipliedPixels() -> (width: Int, height: Int, bytes: [UInt8])? {
        guard case .file(let path) = self else { return nil }
        // A small file can hold a huge picture: its size is read from the header before decoding.
        var (fileWidth, fileHeight): (Int32, Int32) = (0, 0)
        guard gdk_pixbuf_get_file_info(path, &fileWidth, &fileHeight) != nil,
            Int(fileWidth) * Int(fileHeight) <= Self.maximumPixels,
            let pixbuf = gdk_pixbuf_new_from_file(path, nil)
        else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard width > 0, height > 0, channels >= 3, let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let from = y * stride + x * channels
                let to = (y * width + x) * 4
                let alpha = hasAlpha ? Int(source[from + 3]) : 255
                func premultiplied(_ value: UInt8) -> UInt8 { UInt8((Int(value) * alpha + 127) / 255) }
                bytes[to] = premultiplied(source[from + 2])
                bytes[to + 1] = premultiplied(source[from + 1])
                bytes[to + 2] = premultiplied(source[from])
                bytes[to + 3] = UInt8(alpha)
            }
        }
        return (width, height, bytes)
    }
}
