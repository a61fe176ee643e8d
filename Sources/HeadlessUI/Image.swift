import CGdkPixbuf
import Foundation
import ObjectBridge

/// `UIImage`: a picture file with its real pixel size; `@2x` and `@3x` in the file name give
/// its scale, as UIKit reads them.
public final class Image: BridgeObject {
    public let path: String
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Double

    /// Reads the size of the PNG or JPEG file at `path` (gdk-pixbuf parses its header).
    public init(contentsOfFile path: String) throws {
        var width: Int32 = 0, height: Int32 = 0
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ScriptValueError("no readable image file at \(path)")
        }
        guard gdk_pixbuf_get_file_info(path, &width, &height) != nil, width > 0, height > 0 else {
            throw ScriptValueError("\(path) is not a PNG or JPEG image")
        }
        self.path = path
        pixelWidth = Int(width)
        pixelHeight = Int(height)
        let name = (path as NSString).deletingPathExtension
        scale = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    }

    /// The size in points.
    public var size: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    static func imageClass() -> NativeClass {
        NativeClass("UIImage", superclass: "NSObject", type: Image.self, allocate: nil) { c in
            c.classMethod("imageWithContentsOfFile") { (path: String) in try Image(contentsOfFile: path) }
            c.property("size") { (image: Image) in image.size }
            c.property("scale") { (image: Image) in image.scale }
        }
    }
}

/// `UIImageView`: a view showing an image.
public final class ImageView: View {
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }
    public var contentMode = 0

    static let contentModes: [(String, Int)] = [
        ("ScaleToFill", 0), ("ScaleAspectFit", 1), ("ScaleAspectFill", 2), ("Redraw", 3), ("Center", 4), ("Top", 5),
        ("Bottom", 6), ("Left", 7), ("Right", 8), ("TopLeft", 9), ("TopRight", 10), ("BottomLeft", 11), ("BottomRight", 12),
    ]

    public override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    static func imageViewClass() -> NativeClass {
        NativeClass("UIImageView", superclass: "UIView", type: ImageView.self, allocate: { ImageView() }) { c in
            c.method("initWithImage", overridable: true) { (view: ImageView, image: Image?) -> ImageView in
                view.image = image
                view.frame = CGRect(origin: .zero, size: image?.size ?? .zero)
                return view
            }
            c.property("image", get: { $0.image }, set: { $0.image = $1; $0.setNeedsDisplay() })
            c.property("contentMode", get: { $0.contentMode }, set: { $0.contentMode = $1 })
        }
    }
}
