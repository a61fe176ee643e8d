import Foundation
import ObjectBridge

extension RotationRecognizer {
    /// Scripts' view of `RotationRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UIRotationGestureRecognizer", superclass: "UIGestureRecognizer",
                type: RotationRecognizer.self, allocate: { RotationRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "rotation", get: { $0.currentValue },
                    set: { recognizer, rotation in
                        let rotation = try GeometryCheck.finite(rotation, "rotation")
                        if let line = recognizer.line { recognizer.startLine = (line.distance, line.angle - rotation) }
                    })
                c.property("velocity") { (recognizer: RotationRecognizer) in recognizer.velocity }
            }
        }
    }
}

extension RotationRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
