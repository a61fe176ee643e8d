import Foundation
import ObjectBridge

extension TapRecognizer {
    /// Scripts' view of `TapRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UITapGestureRecognizer", superclass: "UIGestureRecognizer", type: TapRecognizer.self,
                allocate: { TapRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "numberOfTapsRequired", get: { $0.numberOfTapsRequired },
                    set: { $0.numberOfTapsRequired = max(1, $1) })
                c.property(
                    "numberOfTouchesRequired", get: { $0.numberOfTouchesRequired },
                    set: { $0.numberOfTouchesRequired = max(1, $1) })
            }
        }
    }
}

extension TapRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
