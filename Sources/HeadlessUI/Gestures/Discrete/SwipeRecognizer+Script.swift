import Foundation
import ObjectBridge

extension SwipeRecognizer {
    /// Scripts' view of `SwipeRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UISwipeGestureRecognizer", superclass: "UIGestureRecognizer", type: SwipeRecognizer.self,
                allocate: { SwipeRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.property(
                    "direction", get: { $0.direction },
                    set: { $0.direction = try Script.mask($1, below: 16, "direction") })
                c.property(
                    "numberOfTouchesRequired", get: { $0.numberOfTouchesRequired },
                    set: { $0.numberOfTouchesRequired = max(1, $1) })
                c.enumeration(
                    "Direction", module: "UIKit.UISwipeGestureRecognizer",
                    [("Right", 1), ("Left", 2), ("Up", 4), ("Down", 8)])
            }
        }

        /// A bit mask whose bits are all below `limit`.
        static func mask(_ value: Int, below limit: Int, _ what: String) throws -> Int {
            guard value >= 0, value < limit else {
                throw ScriptValueError("\(what) must be a mask of the bits below \(limit), got \(value)")
            }
            return value
        }
    }
}

extension SwipeRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
