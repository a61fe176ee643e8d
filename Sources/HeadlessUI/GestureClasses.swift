import Foundation
import ObjectBridge

extension GestureRecognizer {
    /// UIGestureRecognizer and its five subclasses as scripts see them.
    static func recognizerClasses(_ environment: UIEnvironment) -> [NativeClass] {
        let dispatcher = environment.touches
        let base = NativeClass("UIGestureRecognizer", superclass: "NSObject", type: GestureRecognizer.self,
                               allocate: { GestureRecognizer(dispatcher: dispatcher) }) { c in
            c.method("initWithTarget_action", overridable: true) { (recognizer: GestureRecognizer, target: BridgeObject?, action: String?) -> GestureRecognizer in
                if let target, let action { recognizer.targets.append((WeakObject(object: target), action)) }
                return recognizer
            }
            c.method("addTarget_action") { (recognizer: GestureRecognizer, target: BridgeObject, action: String) in
                recognizer.targets.append((WeakObject(object: target), action))
            }
            c.method("removeTarget_action") { (recognizer: GestureRecognizer, target: BridgeObject?, action: String?) in
                recognizer.targets.removeAll { entry in
                    (target == nil || entry.target.object === target) && (action == nil || entry.action == action)
                }
            }
            c.property("state") { (recognizer: GestureRecognizer) in recognizer.state.rawValue }
            c.property("view") { (recognizer: GestureRecognizer) in recognizer.view }
            c.property("enabled", get: { $0.isEnabled }, set: { recognizer, enabled in
                recognizer.isEnabled = enabled
                if !enabled { try recognizer.cancelOrFail() }
            })
            c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
            c.property("numberOfTouches") { (recognizer: GestureRecognizer) in recognizer.touches.count }
            c.method("locationInView") { (recognizer: GestureRecognizer, view: View?) in try recognizer.location(in: view) }
            c.method("locationOfTouch_inView") { (recognizer: GestureRecognizer, index: Int, view: View?) -> CGPoint in
                guard recognizer.touches.indices.contains(index) else {
                    throw ScriptValueError("touch index \(index) is out of range: the gesture has \(recognizer.touches.count) touches")
                }
                return try recognizer.windowPoint(recognizer.touches[index].location, in: view)
            }
            c.method("requireGestureRecognizerToFail") { (recognizer: GestureRecognizer, other: GestureRecognizer) in
                guard other !== recognizer else { throw ScriptValueError("a gesture recognizer cannot wait for itself to fail") }
                recognizer.requiredToFail = other
            }
            c.enumeration("State", module: "UIKit.UIGestureRecognizer", GestureState.members)
        }
        let tap = NativeClass("UITapGestureRecognizer", superclass: "UIGestureRecognizer", type: TapRecognizer.self,
                              allocate: { TapRecognizer(dispatcher: dispatcher) }) { c in
            c.property("numberOfTapsRequired", get: { $0.numberOfTapsRequired }, set: { $0.numberOfTapsRequired = max(1, $1) })
            c.property("numberOfTouchesRequired", get: { $0.numberOfTouchesRequired }, set: { $0.numberOfTouchesRequired = max(1, $1) })
        }
        let longPress = NativeClass("UILongPressGestureRecognizer", superclass: "UIGestureRecognizer",
                                    type: LongPressRecognizer.self, allocate: { LongPressRecognizer(dispatcher: dispatcher) }) { c in
            c.property("minimumPressDuration", get: { $0.minimumPressDuration }, set: {
                $0.minimumPressDuration = max(0, try GeometryCheck.finite($1, "minimumPressDuration"))
            })
            c.property("allowableMovement", get: { $0.allowableMovement }, set: {
                $0.allowableMovement = max(0, try GeometryCheck.finite($1, "allowableMovement"))
            })
        }
        let pan = NativeClass("UIPanGestureRecognizer", superclass: "UIGestureRecognizer", type: PanRecognizer.self,
                              allocate: { PanRecognizer(dispatcher: dispatcher) }) { c in
            c.method("translationInView") { (pan: PanRecognizer, view: View?) in try pan.windowVector(pan.translation, in: view) }
            c.method("setTranslation_inView") { (pan: PanRecognizer, translation: CGPoint, view: View?) in
                let inWindow = try view.map { try $0.convert(translation, to: nil) } ?? translation
                let origin = try view.map { try $0.convert(CGPoint.zero, to: nil) } ?? CGPoint.zero
                pan.start = CGPoint(x: pan.lastCentroid.x - (inWindow.x - origin.x), y: pan.lastCentroid.y - (inWindow.y - origin.y))
            }
            c.method("velocityInView") { (pan: PanRecognizer, view: View?) in try pan.windowVector(pan.velocity, in: view) }
            c.property("minimumNumberOfTouches", get: { $0.minimumNumberOfTouches }, set: { $0.minimumNumberOfTouches = max(1, $1) })
            c.property("maximumNumberOfTouches", get: { $0.maximumNumberOfTouches }, set: { $0.maximumNumberOfTouches = max(1, $1) })
        }
        let pinch = NativeClass("UIPinchGestureRecognizer", superclass: "UIGestureRecognizer", type: PinchRecognizer.self,
                                allocate: { PinchRecognizer(dispatcher: dispatcher) }) { c in
            c.property("scale", get: { $0.currentValue }, set: { pinch, scale in
                let scale = try GeometryCheck.finite(scale, "scale")
                guard scale > 0 else { throw ScriptValueError("scale must be above 0, got \(scale)") }
                if let line = pinch.line { pinch.startLine = (line.distance / scale, line.angle) }
            })
            c.property("velocity") { (pinch: PinchRecognizer) in pinch.velocity }
        }
        let rotation = NativeClass("UIRotationGestureRecognizer", superclass: "UIGestureRecognizer",
                                   type: RotationRecognizer.self, allocate: { RotationRecognizer(dispatcher: dispatcher) }) { c in
            c.property("rotation", get: { $0.currentValue }, set: { recognizer, rotation in
                let rotation = try GeometryCheck.finite(rotation, "rotation")
                if let line = recognizer.line { recognizer.startLine = (line.distance, line.angle - rotation) }
            })
            c.property("velocity") { (recognizer: RotationRecognizer) in recognizer.velocity }
        }
        return [base, tap, longPress, pan, pinch, rotation]
    }
}
