import CGdkPixbuf
import Foundation
import ObjectBridge

extension Image {
    /// Scripts' view of `Image`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("UIImage", superclass: "NSObject", type: Image.self, allocate: nil) { c in
                c.classMethod("imageWithContentsOfFile") { (path: String) in try Image(contentsOfFile: path) }
                c.property("size") { (image: Image) in image.size }
                c.property("scale") { (image: Image) in image.scale }
            }
        }
    }
}
