import Foundation
import ObjectBridge

/// `CALayer`: the drawing attributes of a view that live on its layer.
public final class Layer: BridgeObject {
    public var borderWidth = 0.0
    public var borderColor: Color? { didSet { replaceOwned(oldValue, with: borderColor) } }
    public var cornerRadius = 0.0
    public var transform = CATransform3D.identity
    public var zPosition = 0.0
    public var opacity = 1.0
    public var masksToBounds = false

    static func describe() -> NativeClass {
        NativeClass("CALayer", superclass: "NSObject", type: Layer.self, allocate: Layer.init) { c in
            c.property("borderWidth", get: { $0.borderWidth }, set: { $0.borderWidth = max(0, try GeometryCheck.finite($1, "borderWidth")) })
            c.property("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
            c.property("cornerRadius", get: { $0.cornerRadius }, set: { $0.cornerRadius = max(0, try GeometryCheck.finite($1, "cornerRadius")) })
            c.property("transform", get: { $0.transform }, set: { $0.transform = $1 })
            c.property("zPosition", get: { $0.zPosition }, set: { $0.zPosition = try GeometryCheck.finite($1, "zPosition") })
            c.property("opacity", get: { $0.opacity }, set: { $0.opacity = min(1, max(0, try GeometryCheck.finite($1, "opacity"))) })
            c.property("masksToBounds", get: { $0.masksToBounds }, set: { $0.masksToBounds = $1 })
        }
    }
}
