import Foundation
import ObjectBridge

/// `UIImage`: a picture file with its real pixel size (`@2x` and `@3x` in the file name give
/// its scale, as UIKit reads them), or what was drawn in an image context.
public final class Image: BridgeObject {
    /// What is drawn: the dark look's picture while the current appearance is dark.
    public var content: ImageContent {
        UserInterfaceStyle.current == .dark ? darkLook?.ownContent ?? ownContent : ownContent
    }
    private let ownContent: ImageContent
    /// An asset catalog image's look in dark appearance, when its set has one.
    public internal(set) var darkLook: Image?
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double
    /// A resizable image's caps (`resizableImageWithCapInsets`): they keep their size when the
    /// image is drawn larger, and what lies between them is stretched or tiled. Nil for a plain
    /// image, which is scaled whole.
    public private(set) var slices: ImageSlices?
    /// `UIImageRenderingMode`: 0 automatic (as the place that shows it decides), 1 always in
    /// its own colours, 2 always as a template, its shape filled with the tint.
    public private(set) var renderingMode = 0
    /// The colour `imageWithTintColor` gave it: it draws as a template of that colour anywhere.
    public private(set) var tint: DrawingColor?
    /// A system image's name and configuration (`systemImageNamed`); nil for other images.
    public internal(set) var symbol: SymbolImage?

    /// Reads the size of the PNG or JPEG file at `path` from its header. The file's first bytes
    /// must say PNG or JPEG, whatever its name; no other format is read (see `ImageCoding`).
    /// Its scale is `scale` when given (an asset catalog's), else its name's.
    public init(contentsOfFile path: String, scale: Double? = nil) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ScriptValueError("no readable image file at \(path)")
        }
        let data = try ImageCoding.fileData(at: path)
        let size = try ImageCoding.checkedSize(of: data, named: path)
        ownContent = .file(path, pixels: size.width * size.height)
        (pixelWidth, pixelHeight) = size
        let name = (path as NSString).deletingPathExtension
        self.scale = scale ?? (name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1)
    }

    /// An image of PNG or JPEG `data` (`imageWithData`), at `scale` pixels per point.
    public init(data: Data, scale: Double) throws {
        let size = try ImageCoding.checkedSize(of: data, named: "the data (\(data.count) bytes)")
        guard scale.isFinite, scale > 0, scale <= 16 else {
            throw ScriptValueError("scale \(scale) must be above 0, to 16")
        }
        ownContent = .encoded(EncodedImage(data, pixels: size.width * size.height))
        (pixelWidth, pixelHeight, self.scale) = (size.width, size.height, scale)
    }

    /// An image of what was drawn in an image context, at `scale` pixels per point.
    init(drawing: Drawing, scale: Double) {
        ownContent = .drawing(drawing)
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
        ownContent = image.ownContent
        darkLook = image.darkLook
        pixelWidth = image.pixelWidth
        pixelHeight = image.pixelHeight
        scale = image.scale
        renderingMode = image.renderingMode
        tint = image.tint
        symbol = image.symbol
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

    /// The same picture drawn in `renderingMode`, or filled with `tint`.
    init(_ image: Image, renderingMode: Int, tint: DrawingColor?) {
        ownContent = image.ownContent
        darkLook = image.darkLook
        pixelWidth = image.pixelWidth
        pixelHeight = image.pixelHeight
        scale = image.scale
        slices = image.slices
        symbol = image.symbol
        self.renderingMode = renderingMode
        self.tint = tint
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// The command that draws the image in `rect`: whole, or by slices when it is resizable.
    /// Drawn by a script, a template image keeps its own colours, as in UIKit; only a tint
    /// the image was given fills it.
    func drawCommand(in rect: CGRect) -> DrawingCommand { .image(content, rect, slices: slices, tint: tint) }

    /// The tint an image view fills the image with: the one it was given, else the view's tint
    /// when the image is a template (or automatic where `automaticIsTemplate`), else none.
    func fill(viewTint: Color, automaticIsTemplate: Bool) -> DrawingColor? {
        if let tint { return tint }
        return renderingMode == 2 || (renderingMode == 0 && automaticIsTemplate) ? DrawingColor(viewTint) : nil
    }
}

/// How a resizable image is drawn larger than it is: its caps (in points) keep their size, and
/// the parts between them are stretched, or tiled at their own size.
public struct ImageSlices: Sendable, Equatable {
    public let size: CGSize
    public let caps: UIEdgeInsets
    public let tiles: Bool
}

/// What an image shows: a PNG or JPEG file (with the pixels its header declared when it was
/// read), PNG or JPEG bytes, or a drawing.
public enum ImageContent: Sendable {
    case file(String, pixels: Int)
    case encoded(EncodedImage)
    case drawing(Drawing)

    /// The most pixels a picture file may have (8192 x 8192, 256 MB decoded): a larger one is
    /// refused from its header, before anything is decoded.
    public static let maximumPixels = 8192 * 8192
}

extension ImageContent {
    /// The pixels of a file or of bytes, decoded now on the calling thread; nil for a drawing, a
    /// file that no longer decodes, or a picture larger than `maximumPixels`.
    public func premultipliedPixels() -> PremultipliedPixels? {
        switch self {
        case .file(let path, _): (try? ImageCoding.fileData(at: path)).flatMap(ImageCoding.pixels(of:))
        case .encoded(let encoded): ImageCoding.pixels(of: encoded.bytes)
        case .drawing: nil
        }
    }
}
