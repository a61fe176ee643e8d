import CGdkPixbuf
import Foundation
import ObjectBridge

extension Image {
    /// `imageNamed`: the program's image of that name, best scale first, or nil.
    static func named(_ name: String, _ environment: UIEnvironment) throws -> Image? {
        // Only names inside the program: no absolute paths, no way up.
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
            let files = environment.programFiles
        else { return nil }
        for candidate in candidateFiles(for: name, scale: environment.screen.profile.scale) {
            if let url = try? files.checkedFile(candidate) { return try Image(contentsOfFile: url.path) }
        }
        return nil
    }

    /// Scripts' view of `Image`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIImage", superclass: "NSObject", type: Image.self, allocate: nil) { c in
                // Read each time, not cached as UIKit does, so a saved image shows at the next call.
                c.classMethod("imageNamed") { (name: String) in try Image.named(name, environment) }
                c.classMethod("imageWithContentsOfFile") { (path: String) in
                    // A file of the program only; one elsewhere is refused alike, whether it exists or not.
                    guard let url = try environment.programFile(path) else {
                        throw ScriptValueError("no image file \(path) in the program's files")
                    }
                    return try Image(contentsOfFile: url.path)
                }
                c.property("size") { (image: Image) in image.size }
                c.property("scale") { (image: Image) in image.scale }
                // A CGImage is the same object here, as a CGColor is its UIColor.
                c.property("CGImage") { (image: Image) in image }
                c.method("drawInRect") { (image: Image, rect: CGRect) in
                    environment.graphics.top?.record(image.drawCommand(in: try GeometryCheck.rect(rect, "rect")))
                }
                c.method("drawAtPoint") { (image: Image, point: CGPoint) in
                    environment.graphics.top?.record(
                        image.drawCommand(in: CGRect(origin: try GeometryCheck.point(point, "point"), size: image.size))
                    )
                }
                // iOS 5's call tiles what lies between the caps; iOS 6's names the mode (0 tile, 1 stretch).
                c.method("resizableImageWithCapInsets") { (image: Image, caps: UIEdgeInsets) in
                    Image(resizing: image, caps: try GeometryCheck.insets(caps, "capInsets"), tiles: true)
                }
                c.method("resizableImageWithCapInsets_resizingMode") {
                    (image: Image, caps: UIEdgeInsets, mode: Int) in
                    guard mode == 0 || mode == 1 else {
                        throw ScriptValueError("resizingMode must be 0 (Tile) or 1 (Stretch), got \(mode)")
                    }
                    return Image(resizing: image, caps: try GeometryCheck.insets(caps, "capInsets"), tiles: mode == 0)
                }
                // The old call: a cap of one point in the middle is stretched.
                c.method("stretchableImageWithLeftCapWidth_topCapHeight") { (image: Image, left: Int, top: Int) in
                    let size = image.size
                    let (l, t) = (Double(max(left, 0)), Double(max(top, 0)))
                    return Image(
                        resizing: image,
                        caps: UIEdgeInsets(
                            top: t, left: l, bottom: t > 0 ? max(0, size.height - t - 1) : 0,
                            right: l > 0 ? max(0, size.width - l - 1) : 0), tiles: false)
                }
                c.property("capInsets") { (image: Image) in image.slices?.caps ?? .zero }
                c.property("resizingMode") { (image: Image) in image.slices?.tiles == false ? 1 : 0 }
                c.enumeration("ResizingMode", module: "UIKit.UIImage", [("Tile", 0), ("Stretch", 1)])
            }
        }
    }
}
