import Foundation
import ObjectBridge

extension ScreenEdgePanRecognizer {
    /// Scripts' view of `ScreenEdgePanRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UIScreenEdgePanGestureRecognizer", superclass: "UIPanGestureRecognizer",
                type: ScreenEdgePanRecognizer.self, allocate: { ScreenEdgePanRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "edges", get: { $0.edges },
                    set: { $0.edges = try SwipeRecognizer.Script.mask($1, below: 16, "edges") })
            }
        }
    }
}

extension ScreenEdgePanRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
