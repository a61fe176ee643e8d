import Foundation
import ObjectBridge

extension Layer {
    /// Scripts' view of `Layer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("CALayer", superclass: "NSObject", type: Layer.self, allocate: Layer.init) { c in
                c.property(
                    "borderWidth", get: { $0.borderWidth },
                    set: { $0.borderWidth = max(0, try GeometryCheck.finite($1, "borderWidth")) })
                c.property("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
                c.property(
                    "cornerRadius", get: { $0.cornerRadius },
                    set: { $0.cornerRadius = max(0, try GeometryCheck.finite($1, "cornerRadius")) })
                c.property("transform", get: { $0.transform }, set: { $0.transform = $1 })
                c.property(
                    "zPosition", get: { $0.zPosition },
                    set: { $0.zPosition = try GeometryCheck.finite($1, "zPosition") })
                c.property(
                    "opacity", get: { $0.opacity },
                    set: { $0.opacity = min(1, max(0, try GeometryCheck.finite($1, "opacity"))) })
                c.property("masksToBounds", get: { $0.masksToBounds }, set: { $0.masksToBounds = $1 })
                c.property("position") { (layer: Layer) in layer.geometry.position }
                c.property("bounds") { (layer: Layer) in layer.geometry.bounds }
                c.property("frame") { (layer: Layer) in layer.geometry.frame }
                c.property("backgroundColor") { (layer: Layer) in layer.geometry.backgroundColor }
                c.property("delegate") { (layer: Layer) in layer.view }
                c.method("presentationLayer") { (layer: Layer) -> Layer? in
                    guard layer.shown == nil, let view = layer.view else { return layer.shown == nil ? nil : layer }
                    return Layer(presenting: view)
                }
                c.method("modelLayer") { (layer: Layer) in layer.shown == nil ? layer : nil }
                c.method("removeAllAnimations") { (layer: Layer) in layer.view?.removeAnimations(of: nil) }
            }
        }
    }
}
