import Foundation
import ObjectBridge

/// `CAMediaTimingFunction`: a cubic Bézier from (0, 0) to (1, 1) through two control points,
/// mapping an animation's time to its progress. The named ones are Core Animation's.
public final class MediaTimingFunction: BridgeObject {
    let controlPoints: (Double, Double, Double, Double)

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        controlPoints = (x1, y1, x2, y2)
    }

    var curve: TimingCurve {
        let (x1, y1, x2, y2) = controlPoints
        return .bezier(x1, y1, x2, y2)
    }

    /// The named functions: `kCAMediaTimingFunctionDefault` is what implicit animations use.
    static let named: [(name: String, points: (Double, Double, Double, Double))] = [
        ("linear", (0, 0, 1, 1)), ("easeIn", (0.42, 0, 1, 1)), ("easeOut", (0, 0, 0.58, 1)),
        ("easeInEaseOut", (0.42, 0, 0.58, 1)), ("default", (0.25, 0.1, 0.25, 1)),
    ]

    static var standard: MediaTimingFunction {
        let (x1, y1, x2, y2) = named[4].points
        return MediaTimingFunction(x1, y1, x2, y2)
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "CAMediaTimingFunction", superclass: "NSObject", type: MediaTimingFunction.self, allocate: nil
            ) { c in
                c.classMethod("functionWithName") { (name: String) -> MediaTimingFunction in
                    guard let found = named.first(where: { $0.name == name }) else {
                        throw ScriptValueError(
                            "'\(name)' is not a timing function's name; the names are "
                                + named.map { "'\($0.name)'" }.joined(separator: ", "))
                    }
                    let (x1, y1, x2, y2) = found.points
                    return MediaTimingFunction(x1, y1, x2, y2)
                }
                c.classMethod("functionWithControlPoints") {
                    (x1: Double, y1: Double, x2: Double, y2: Double) -> MediaTimingFunction in
                    _ = try TimingCurve.bezier(checking: x1, y1, x2, y2, of: "a timing function")
                    return MediaTimingFunction(x1, y1, x2, y2)
                }
            }
        }

        /// CAMediaTimingFunction.h's names and CAAnimation.h's fill modes and calculation modes.
        static var module: BindingModule {
            BindingModule(
                "QuartzCore.CAMediaTimingFunction",
                [
                    ("kCAMediaTimingFunctionLinear", .constant("linear")),
                    ("kCAMediaTimingFunctionEaseIn", .constant("easeIn")),
                    ("kCAMediaTimingFunctionEaseOut", .constant("easeOut")),
                    ("kCAMediaTimingFunctionEaseInEaseOut", .constant("easeInEaseOut")),
                    ("kCAMediaTimingFunctionDefault", .constant("default")),
                ])
        }
    }
}

extension MediaTimingFunction.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
