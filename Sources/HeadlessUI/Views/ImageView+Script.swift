import Foundation
import ObjectBridge

extension ImageView {
    /// Scripts' view of `ImageView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("UIImageView", superclass: "UIView", type: ImageView.self, allocate: { ImageView() }) { c in
                c.method("initWithImage", overridable: true) { (view: ImageView, image: Image?) -> ImageView in
                    view.image = image
                    view.frame = CGRect(origin: .zero, size: image?.size ?? .zero)
                    return view
                }
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
            }
        }
    }
}

extension ImageView.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
