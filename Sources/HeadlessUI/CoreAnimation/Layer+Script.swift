import Foundation
import ObjectBridge

extension Layer {
    /// Scripts' view of `Layer`: the class the bridge registers for it.
    enum Script {
        /// A property whose changes a standalone layer in a layer tree animates implicitly.
        static func animated<Object: Layer, V: ScriptConvertible>(
            _ c: NativeClassBuilder<Object>, _ name: String, _ property: LayerKeyPath.Property,
            _ environment: UIEnvironment, get: @escaping (Object) -> V, set: @escaping (Object, V) throws -> Void
        ) {
            c.property(
                name, get: get,
                set: { layer, value in
                    let implicit = layer.view == nil && layer.superlayer != nil
                    let shown = implicit ? layer.presentedComponents(of: property) : []
                    try set(layer, value)
                    if implicit { try layer.animateChange(of: property, from: shown, environment: environment) }
                })
        }

        /// One of `names`, or an error that lists them.
        static func oneOf(_ value: String, _ names: [String], _ what: String) throws -> String {
            guard names.contains(value) else {
                throw ScriptValueError(
                    "'\(value)' is not a \(what); use one of " + names.map { "'\($0)'" }.joined(separator: ", "))
            }
            return value
        }

        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("CALayer", superclass: "NSObject", type: Layer.self, allocate: Layer.init) { c in
                c.classMethod("layer") { () -> Layer in Layer() }
                animated(c, "borderWidth", .borderWidth, environment, get: { $0.borderWidth }) {
                    $0.borderWidth = max(0, try GeometryCheck.finite($1, "borderWidth"))
                }
                animated(c, "borderColor", .borderColor, environment, get: { $0.borderColor }) { $0.borderColor = $1 }
                animated(c, "cornerRadius", .cornerRadius, environment, get: { $0.cornerRadius }) {
                    $0.cornerRadius = max(0, try GeometryCheck.finite($1, "cornerRadius"))
                }
                animated(c, "transform", .transform, environment, get: { $0.transform }) {
                    $0.transform = try GeometryCheck.fields($1, "transform")
                }
                animated(c, "zPosition", .zPosition, environment, get: { $0.zPosition }) {
                    $0.zPosition = try GeometryCheck.finite($1, "zPosition")
                }
                animated(c, "opacity", .opacity, environment, get: { $0.opacity }) {
                    $0.opacity = min(1, max(0, try GeometryCheck.finite($1, "opacity")))
                }
                animated(c, "position", .position, environment, get: { $0.position }) {
                    $0.position = try GeometryCheck.point($1, "position")
                }
                animated(c, "bounds", .bounds, environment, get: { $0.bounds }) {
                    $0.bounds = try GeometryCheck.rect($1, "bounds")
                }
                animated(c, "backgroundColor", .backgroundColor, environment, get: { $0.backgroundColor }) {
                    $0.backgroundColor = $1
                }
                animated(c, "shadowOpacity", .shadowOpacity, environment, get: { $0.shadowOpacity }) {
                    $0.shadowOpacity = min(1, max(0, try GeometryCheck.finite($1, "shadowOpacity")))
                }
                animated(c, "shadowRadius", .shadowRadius, environment, get: { $0.shadowRadius }) {
                    $0.shadowRadius = max(0, try GeometryCheck.finite($1, "shadowRadius"))
                }
                animated(c, "shadowOffset", .shadowOffset, environment, get: { $0.shadowOffset }) {
                    $0.shadowOffset = try GeometryCheck.offset($1, "shadowOffset")
                }
                animated(c, "shadowColor", .shadowColor, environment, get: { $0.shadowColor }) { $0.shadowColor = $1 }
                c.property(
                    "frame", get: { $0.frame }, set: { $0.frame = try GeometryCheck.rect($1, "frame") })
                c.property(
                    "anchorPoint", get: { $0.anchorPoint },
                    set: { $0.anchorPoint = try GeometryCheck.point($1, "anchorPoint") })
                c.property(
                    "sublayerTransform", get: { $0.sublayerTransform },
                    set: { layer, transform in
                        layer.sublayerTransform = try GeometryCheck.fields(transform, "sublayerTransform")
                        layer.hostView?.window?.application.displayPending = true
                    })
                c.property("doubleSided", get: { $0.isDoubleSided }, set: { $0.isDoubleSided = $1 })
                c.property("masksToBounds", get: { $0.masksToBounds }, set: { $0.masksToBounds = $1 })
                c.property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
                c.property(
                    "shadowPath", get: { layer in layer.shadowPath.map(BezierPath.init(path:)) },
                    set: { $0.shadowPath = $1?.path })
                c.property("contents", get: { $0.contents }, set: { $0.contents = $1 })
                c.property(
                    "contentsGravity", get: { $0.contentsGravity },
                    set: { $0.contentsGravity = try oneOf($1, Layer.gravities, "contents gravity") })
                c.property("contentsScale") { (layer: Layer) in layer.hostView?.window?.screenScale ?? 1 }
                c.property("delegate") { (layer: Layer) in layer.view }
                c.property("sublayers") { (layer: Layer) in layer.sublayers }
                c.property("superlayer") { (layer: Layer) in layer.superlayer ?? layer.view?.superview?.layer }
                c.method("addSublayer") { (layer: Layer, sublayer: Layer) in
                    try layer.insertSublayer(sublayer, at: layer.sublayers.count)
                }
                c.method("insertSublayer_atIndex") { (layer: Layer, sublayer: Layer, index: Int) in
                    try layer.insertSublayer(sublayer, at: index)
                }
                c.method("insertSublayer_below") { (layer: Layer, sublayer: Layer, sibling: Layer?) in
                    try layer.insertSublayer(sublayer, at: try layer.index(of: sibling, else: 0))
                }
                c.method("insertSublayer_above") { (layer: Layer, sublayer: Layer, sibling: Layer?) in
                    try layer.insertSublayer(
                        sublayer, at: try layer.index(of: sibling, else: layer.sublayers.count - 1) + 1)
                }
                c.method("removeFromSuperlayer") { (layer: Layer) in layer.removeFromSuperlayer() }
                c.method("setNeedsDisplay") { (layer: Layer) in layer.view?.setNeedsDisplay() }
                c.method("presentationLayer") { (layer: Layer) -> Layer? in
                    if layer.isPresentation { return layer }
                    if let view = layer.view { return Layer(presenting: view) }
                    return layer.presentationCopy()
                }
                c.method("modelLayer") { (layer: Layer) in layer.modelLayer }
                c.method("addAnimation_forKey") { (layer: Layer, animation: LayerAnimation, key: String?) in
                    try layer.add(animation, forKey: key, environment: environment)
                }
                c.method("removeAnimationForKey") { (layer: Layer, key: String) in layer.removeAnimation(forKey: key) }
                c.method("removeAllAnimations") { (layer: Layer) in
                    layer.removeAllAnimations()
                    layer.view?.removeAnimations(of: nil)
                }
                c.method("animationForKey") { (layer: Layer, key: String) in layer.animation(forKey: key) }
                c.method("animationKeys") { (layer: Layer) in layer.animationKeys }
                c.method("convertPoint_toLayer") { (layer: Layer, point: CGPoint, other: Layer?) in
                    try layer.convert(point, to: other)
                }
                c.method("convertPoint_fromLayer") { (layer: Layer, point: CGPoint, other: Layer?) in
                    try (other ?? layer).convert(point, to: other == nil ? nil : layer)
                }
            }
        }

        /// CALayer.h's gravities, fill modes and the rest of QuartzCore's string constants.
        static var module: BindingModule {
            BindingModule(
                "QuartzCore.CALayer",
                Layer.gravities.map { gravity in
                    ("kCAGravity" + gravity.prefix(1).uppercased() + gravity.dropFirst(), .constant(gravity))
                } + [("kCATransition", .constant("transition"))])
        }
    }

    /// The index of `sibling` among the sublayers (`fallback` when it is nil).
    func index(of sibling: Layer?, else fallback: Int) throws -> Int {
        guard let sibling else { return fallback }
        guard let index = sublayers.firstIndex(where: { $0 === sibling }) else {
            throw ScriptValueError("the sibling layer is not a sublayer of this layer")
        }
        return index
    }

    /// `point` in this layer's coordinates, in `other`'s (the screen's when nil), through the
    /// layers' positions and bounds (transforms aside).
    func convert(_ point: CGPoint, to other: Layer?) throws -> CGPoint {
        func toScreen(_ point: CGPoint, from layer: Layer) -> CGPoint {
            var point = point
            var current: Layer? = layer
            while let layer = current {
                if let view = layer.view {
                    return (try? view.convert(point, to: nil)) ?? point
                }
                let bounds = layer.bounds
                point.x += layer.frame.minX - bounds.minX
                point.y += layer.frame.minY - bounds.minY
                current = layer.superlayer
            }
            return point
        }
        let onScreen = toScreen(point, from: self)
        guard let other else { return onScreen }
        let origin = toScreen(.zero, from: other)
        return CGPoint(x: onScreen.x - origin.x, y: onScreen.y - origin.y)
    }
}

extension Layer.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
