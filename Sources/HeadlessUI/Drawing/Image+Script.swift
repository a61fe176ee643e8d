import Foundation
import ObjectBridge

extension Image {
    /// `imageNamed`: the asset catalogs' image set of that name, else the program's image file
    /// of that name, best scale first, or nil.
    static func named(_ name: String, _ environment: UIEnvironment) throws -> Image? {
        // Only names inside the program: no absolute paths, no way up.
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
            let files = environment.programFiles
        else { return nil }
        if let image = try catalogImage(name, files, environment) { return image }
        for candidate in candidateFiles(for: name, scale: environment.screen.profile.scale) {
            if let url = try? files.checkedFile(candidate) { return try Image(contentsOfFile: url.path) }
        }
        return nil
    }

    /// The image's pixels: its file's or bytes' decoded, or its drawing rasterized (nil when
    /// no rasterizer is installed, or it does not decode).
    func pixels(_ environment: UIEnvironment) -> PremultipliedPixels? {
        if case .drawing(let drawing) = content {
            return environment.services.rasterize?(drawing, scale, environment.text)
        }
        return content.premultipliedPixels()
    }

    /// Scripts' view of `Image`: the class the bridge registers for it.
    enum Script {
        /// `UIImagePNGRepresentation` and `UIImageJPEGRepresentation`: the image's pixels as
        /// a file's bytes, or nil when it has none, as UIKit gives for an image with no bitmap.
        static func module(_ environment: UIEnvironment) -> BindingModule {
            HeaderFunctions("UIKit.UIImage") { h in
                h.function("UIImagePNGRepresentation", ["image"]) { (image: Image) -> DataObject? in
                    image.pixels(environment).flatMap { ImageCoding.encode($0, jpegQuality: nil) }
                        .map(DataObject.init)
                }
                h.function("UIImageJPEGRepresentation", ["image", "compressionQuality"]) {
                    (image: Image, quality: Double) -> DataObject? in
                    guard (0...1).contains(quality) else {
                        throw ScriptValueError("compressionQuality must be 0 to 1, got \(quality)")
                    }
                    return image.pixels(environment).flatMap { ImageCoding.encode($0, jpegQuality: quality) }
                        .map(DataObject.init)
                }
            }.module
        }

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
                c.classMethod("imageWithData") { (data: DataBytes) in try Image(data: data.data, scale: 1) }
                c.classMethod("imageWithData_scale") { (data: DataBytes, scale: Double) in
                    try Image(data: data.data, scale: scale)
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
                c.method("imageWithRenderingMode") { (image: Image, mode: Int) in
                    Image(image, renderingMode: try Control.Script.choice(mode, below: 3, "renderingMode"), tint: nil)
                }
                c.property("renderingMode") { (image: Image) in image.renderingMode }
                // iOS 13: drawn in its own colours, except that its shape is filled with the colour.
                c.method("imageWithTintColor") { (image: Image, color: Color) in
                    Image(image, renderingMode: 1, tint: DrawingColor(color))
                }
                c.method("imageWithTintColor_renderingMode") { (image: Image, color: Color, mode: Int) in
                    Image(
                        image, renderingMode: try Control.Script.choice(mode, below: 3, "renderingMode"),
                        tint: DrawingColor(color))
                }
                c.enumeration(
                    "RenderingMode", module: "UIKit.UIImage",
                    [("Automatic", 0), ("AlwaysOriginal", 1), ("AlwaysTemplate", 2)])
                SymbolConfiguration.Script.imageMembers(c, environment)
            }
        }
    }
}

extension Image.Script: WorldClasses {
    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] { [module(environment)] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
