import Foundation
import ObjectBridge

extension PanRecognizer {
    /// Scripts' view of `PanRecognizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            return NativeClass(
                "UIPanGestureRecognizer", superclass: "UIGestureRecognizer", type: PanRecognizer.self,
                allocate: { PanRecognizer(dispatcher: dispatcher) }
            ) { c in
                c.method("translationInView") { (pan: PanRecognizer, view: View?) in
                    try pan.windowVector(pan.translation, in: view)
                }
                c.method("setTranslation_inView") { (pan: PanRecognizer, translation: CGPoint, view: View?) in
                    let inWindow = try view.map { try $0.convert(translation, to: nil) } ?? translation
                    let origin = try view.map { try $0.convert(CGPoint.zero, to: nil) } ?? CGPoint.zero
                    pan.start = CGPoint(
                        x: pan.lastCentroid.x - (inWindow.x - origin.x), y: pan.lastCentroid.y - (inWindow.y - origin.y)
                    )
                }
                c.method("velocityInView") { (pan: PanRecognizer, view: View?) in
                    try pan.windowVector(pan.velocity, in: view)
                }
                c.property(
                    "minimumNumberOfTouches", get: { $0.minimumNumberOfTouches },
                    set: { $0.minimumNumberOfTouches = max(1, $1) })
                c.property(
                    "maximumNumberOfTouches", get: { $0.maximumNumberOfTouches },
                    set: { $0.maximumNumberOfTouches = max(1, $1) })
            }
        }
    }
}

extension PanRecognizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
