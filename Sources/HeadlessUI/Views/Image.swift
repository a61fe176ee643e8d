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

    /// The size in points.
    public var size: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

}
