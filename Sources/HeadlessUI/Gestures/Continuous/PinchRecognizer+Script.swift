import Foundation
import ObjectBridge

extension PinchRecognizer {
    /// Scripts' view of `PinchRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UIPinchGestureRecognizer", superclass: "UIGestureRecognizer", type: PinchRecognizer.self,
                allocate: { PinchRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "scale", get: { $0.currentValue },
                    set: { pinch, scale in
                        let scale = try GeometryCheck.finite(scale, "scale")
                        guard scale > 0 else { throw ScriptValueError("scale must be above 0, got \(scale)") }
                        if let line = pinch.line { pinch.startLine = (line.distance / scale, line.angle) }
                    })
                c.property("velocity") { (pinch: PinchRecognizer) in pinch.velocity }
            }
        }
    }
}

extension PinchRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
