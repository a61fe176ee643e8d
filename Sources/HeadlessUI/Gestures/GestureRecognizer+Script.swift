import Foundation
import ObjectBridge

extension GestureRecognizer {
    /// Scripts' view of `GestureRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UIGestureRecognizer", superclass: "NSObject", type: GestureRecognizer.self,
                allocate: { GestureRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.method("initWithTarget_action", overridable: true) {
                    (recognizer: GestureRecognizer, target: BridgeObject?, action: Selector?) -> GestureRecognizer in
                    if let target, let action {
                        try environment.bridge?.check(action, of: target, for: "a gesture recognizer's action")
                        recognizer.targets.append((WeakObjectReference(wrappedValue: target), action.methodName))
                    }
                    return recognizer
                }
                c.method("addTarget_action") {
                    (recognizer: GestureRecognizer, target: BridgeObject, action: Selector) in
                    try environment.bridge?.check(action, of: target, for: "a gesture recognizer's action")
                    recognizer.targets.append((WeakObjectReference(wrappedValue: target), action.methodName))
                }
                c.method("removeTarget_action") {
                    (recognizer: GestureRecognizer, target: BridgeObject?, action: Selector?) in
                    recognizer.targets.removeAll { entry in
                        (target == nil || entry.target.wrappedValue === target)
                            && (action == nil || entry.action == action?.methodName)
                    }
                }
                c.property("state") { (recognizer: GestureRecognizer) in recognizer.state.rawValue }
                c.property("view") { (recognizer: GestureRecognizer) in recognizer.view }
                c.property(
                    "enabled", get: { $0.isEnabled },
                    set: { recognizer, enabled in
                        recognizer.isEnabled = enabled
                        if !enabled { try recognizer.cancelOrFail() }
                    })
                c.property(
                    "cancelsTouchesInView", get: { $0.cancelsTouchesInView }, set: { $0.cancelsTouchesInView = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("numberOfTouches") { (recognizer: GestureRecognizer) in recognizer.touches.count }
                c.method("locationInView") { (recognizer: GestureRecognizer, view: View?) in
                    try recognizer.location(in: view)
                }
                c.method("locationOfTouch_inView") {
                    (recognizer: GestureRecognizer, index: Int, view: View?) -> CGPoint in
                    guard recognizer.touches.indices.contains(index) else {
                        throw ScriptValueError(
                            "touch index \(index) is out of range: the gesture has \(recognizer.touches.count) touches")
                    }
                    return try recognizer.windowPoint(recognizer.touches[index].location, in: view)
                }
                c.method("requireGestureRecognizerToFail") {
                    (recognizer: GestureRecognizer, other: GestureRecognizer) in
                    guard other !== recognizer else {
                        throw ScriptValueError("a gesture recognizer cannot wait for itself to fail")
                    }
                    recognizer.requiredToFail = other
                }
                c.enumeration("State", module: "UIKit.UIGestureRecognizer", GestureState.members)
            }
        }

        /// The protocol whose optional methods recognizers call on their delegate.
        static let protocols = [
            ProtocolDescription(
                "UIGestureRecognizerDelegate",
                optional: [
                    "gestureRecognizerShouldBegin",
                    "gestureRecognizer_shouldRecognizeSimultaneouslyWithGestureRecognizer",
                ])
        ]
    }
}

extension GestureRecognizer.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
