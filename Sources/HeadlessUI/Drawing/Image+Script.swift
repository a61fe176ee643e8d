import CGdkPixbuf
import Foundation
import ObjectBridge

extension Image {
    /// Scripts' view of `Image`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIImage", superclass: "NSObject", type: Image.self, allocate: nil) { c in
                // Read each time, not cached as UIKit does, so a saved image shows at the next call.
                c.classMethod("imageNamed") { (name: String) -> Image? in
                    // Only names inside the program: no absolute paths, no way up.
                    guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
                        let files = environment.programFiles
                    else { return nil }
                    for candidate in candidateFiles(for: name, scale: environment.screen.profile.scale) {
                        if let url = try? files.checkedFile(candidate) { return try Image(contentsOfFile: url.path) }
                    }
                    return nil
                }
                c.classMethod("imageWithContentsOfFile") { (path: String) in
                    // A file of the program only; one elsewhere is refused alike, whether it exists or not.
                    guard let url = try environment.programFile(path) else {
                        throw ScriptValueError("no image file \(path) in the program's files")
                    }
                    return try Image(contentsOfFile: url.path)
                }
                c.property("size") { (image: Image) in image.size }
                c.property("scale") { (image: Image) in image.scale }
                c.method("drawInRect") { (image: Image, rect: CGRect) in
                    environment.graphics.top?.record(.image(image.content, try GeometryCheck.rect(rect, "rect")))
                }
                c.method("drawAtPoint") { (image: Image, point: CGPoint) in
                    environment.graphics.top?.record(
                        .image(
                            image.content,
                            CGRect(
                                origin: try GeometryCheck.point(point, "point"),
                                size: image.size)))
                }
            }
        }
    }
}
