import Foundation
import ObjectBridge

extension LongPressRecognizer {
    /// Scripts' view of `LongPressRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UILongPressGestureRecognizer", superclass: "UIGestureRecognizer",
                type: LongPressRecognizer.self, allocate: { LongPressRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "minimumPressDuration", get: { $0.minimumPressDuration },
                    set: {
                        $0.minimumPressDuration = max(0, try GeometryCheck.finite($1, "minimumPressDuration"))
                    })
                c.property(
                    "allowableMovement", get: { $0.allowableMovement },
                    set: {
                        $0.allowableMovement = max(0, try GeometryCheck.finite($1, "allowableMovement"))
                    })
            }
        }
    }
}

extension LongPressRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
