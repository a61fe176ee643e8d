import Foundation
import ObjectBridge

/// Scripts' view of the layer subclasses: CAShapeLayer, CAGradientLayer and CATextLayer.
enum LayerSubclassesScript {
    static func nativeClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [shapeLayer(environment), gradientLayer(), textLayer(environment)]
    }

    static func shapeLayer(_ environment: UIEnvironment) -> NativeClass {
        let oneOf = Layer.Script.oneOf
        return NativeClass("CAShapeLayer", superclass: "CALayer", type: ShapeLayer.self, allocate: ShapeLayer.init) {
            c in
            c.classMethod("layer") { () -> ShapeLayer in ShapeLayer() }
            c.property(
                "path", get: { layer in layer.path.map(BezierPath.init(path:)) }, set: { $0.path = $1?.path })
            Layer.Script.animated(c, "fillColor", .fillColor, environment, get: { $0.fillColor }) { $0.fillColor = $1 }
            Layer.Script.animated(c, "strokeColor", .strokeColor, environment, get: { $0.strokeColor }) {
                $0.strokeColor = $1
            }
            Layer.Script.animated(c, "lineWidth", .lineWidth, environment, get: { $0.lineWidth }) {
                $0.lineWidth = max(0, try GeometryCheck.finite($1, "lineWidth"))
            }
            Layer.Script.animated(c, "strokeStart", .strokeStart, environment, get: { $0.strokeStart }) {
                $0.strokeStart = min(1, max(0, try GeometryCheck.finite($1, "strokeStart")))
            }
            Layer.Script.animated(c, "strokeEnd", .strokeEnd, environment, get: { $0.strokeEnd }) {
                $0.strokeEnd = min(1, max(0, try GeometryCheck.finite($1, "strokeEnd")))
            }
            Layer.Script.animated(c, "lineDashPhase", .lineDashPhase, environment, get: { $0.lineDashPhase }) {
                $0.lineDashPhase = try GeometryCheck.finite($1, "lineDashPhase")
            }
            c.property(
                "lineDashPattern", get: { $0.lineDashPattern },
                set: { layer, pattern in
                    if let pattern,
                        pattern.contains(where: { !$0.isFinite || $0 < 0 }) || pattern.allSatisfy({ $0 == 0 })
                    {
                        throw ScriptValueError(
                            "lineDashPattern's lengths must be finite, from 0, and not all 0: \(pattern)")
                    }
                    layer.lineDashPattern = pattern
                })
            c.property(
                "miterLimit", get: { $0.miterLimit },
                set: { $0.miterLimit = max(0, try GeometryCheck.finite($1, "miterLimit")) })
            c.property(
                "lineCap", get: { $0.lineCap }, set: { $0.lineCap = try oneOf($1, ShapeLayer.lineCaps, "line cap") })
            c.property(
                "lineJoin", get: { $0.lineJoin },
                set: { $0.lineJoin = try oneOf($1, ShapeLayer.lineJoins, "line join") })
            c.property(
                "fillRule", get: { $0.fillRule },
                set: { $0.fillRule = try oneOf($1, ShapeLayer.fillRules, "fill rule") })
        }
    }

    static func gradientLayer() -> NativeClass {
        NativeClass(
            "CAGradientLayer", superclass: "CALayer", type: GradientLayer.self, allocate: GradientLayer.init
        ) { c in
            c.classMethod("layer") { () -> GradientLayer in GradientLayer() }
            c.property(
                "colors", get: { (layer: GradientLayer) -> [Color]? in layer.colors }, set: { $0.colors = $1 ?? [] })
            c.property(
                "locations", get: { $0.locations },
                set: { layer, locations in
                    if let locations, locations.contains(where: { !$0.isFinite }) {
                        throw ScriptValueError("a gradient's locations must be finite numbers, got \(locations)")
                    }
                    layer.locations = locations
                })
            c.property(
                "startPoint", get: { $0.startPoint }, set: { $0.startPoint = try GeometryCheck.point($1, "startPoint") }
            )
            c.property("endPoint", get: { $0.endPoint }, set: { $0.endPoint = try GeometryCheck.point($1, "endPoint") })
            c.property(
                "type", get: { $0.type },
                set: { $0.type = try Layer.Script.oneOf($1, GradientLayer.types, "gradient type") })
        }
    }

    static func textLayer(_ environment: UIEnvironment) -> NativeClass {
        /// A text layer in the system font, which stands in for Core Animation's Helvetica.
        func made() -> TextLayer {
            let layer = TextLayer()
            layer.font = Font.system(layer.fontSize, text: environment.text)
            return layer
        }
        return NativeClass("CATextLayer", superclass: "CALayer", type: TextLayer.self, allocate: made) { c in
            c.classMethod("layer") { () -> TextLayer in made() }
            c.property("string", get: { $0.string }, set: { $0.string = $1 })
            // A UIFont, or a font's name, as CATextLayer takes either.
            c.property(
                "font", get: { AnyScriptValue($0.font) },
                set: { layer, value in
                    if let font = value.value as? Font {
                        layer.font = font
                    } else if let name = value.value as? String {
                        layer.font =
                            Font.named(name, size: layer.fontSize, text: environment.text)
                            ?? Font.system(layer.fontSize, text: environment.text)
                    } else if value.value == nil {
                        layer.font = nil
                    } else {
                        throw ScriptValueError("CATextLayer's font must be a UIFont or a font's name")
                    }
                })
            c.property("fontSize", get: { $0.fontSize }, set: { $0.fontSize = try Font.size($1) })
            c.property("foregroundColor", get: { $0.foregroundColor }, set: { $0.foregroundColor = $1 })
            c.property(
                "alignmentMode", get: { $0.alignmentMode },
                set: { $0.alignmentMode = try Layer.Script.oneOf($1, TextLayer.alignmentModes, "text alignment mode") })
            c.property("wrapped", get: { $0.isWrapped }, set: { $0.isWrapped = $1 })
            c.property(
                "truncationMode", get: { $0.truncationMode },
                set: { $0.truncationMode = try Layer.Script.oneOf($1, TextLayer.truncationModes, "truncation mode") })
        }
    }

    /// The string constants of CAShapeLayer.h, CAGradientLayer.h and CATextLayer.h.
    static var modules: [BindingModule] {
        func constants(_ prefix: String, _ names: [String]) -> [(String, BindingModule.Member)] {
            names.map { name in
                let words = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                return (prefix + words.joined(), .constant(name))
            }
        }
        return [
            BindingModule(
                "QuartzCore.CAShapeLayer",
                constants("kCALineCap", ShapeLayer.lineCaps) + constants("kCALineJoin", ShapeLayer.lineJoins)
                    + constants("kCAFillRule", ShapeLayer.fillRules)),
            BindingModule("QuartzCore.CAGradientLayer", constants("kCAGradientLayer", GradientLayer.types)),
            BindingModule(
                "QuartzCore.CATextLayer",
                constants("kCAAlignment", TextLayer.alignmentModes)
                    + constants("kCATruncation", TextLayer.truncationModes)),
        ]
    }
}

extension LayerSubclassesScript: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { modules }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { nativeClasses(environment) }
}
