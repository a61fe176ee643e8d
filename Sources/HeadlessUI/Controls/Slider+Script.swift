import Foundation
import ObjectBridge

extension Slider {
    /// Scripts' view of `Slider`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UISlider", superclass: "UIControl", type: Slider.self,
                allocate: { Slider(touches: environment.touches) }
            ) { c in
                c.property("value", get: { $0.value }, set: { $0.setValue(try GeometryCheck.finite($1, "value")) })
                c.method("setValue_animated") { (slider: Slider, value: Double, _: Bool) in
                    slider.setValue(try GeometryCheck.finite(value, "value"))
                }
                c.property(
                    "minimumValue", get: { $0.minimumValue },
                    set: { slider, minimum in
                        slider.setRange(
                            minimum: try GeometryCheck.finite(minimum, "minimumValue"), maximum: slider.maximumValue)
                    })
                c.property(
                    "maximumValue", get: { $0.maximumValue },
                    set: { slider, maximum in
                        let maximum = try GeometryCheck.finite(maximum, "maximumValue")
                        guard maximum >= slider.minimumValue else {
                            throw ScriptValueError(
                                "maximumValue \(maximum) is below minimumValue \(slider.minimumValue)")
                        }
                        slider.setRange(minimum: slider.minimumValue, maximum: maximum)
                    })
                c.property("continuous", get: { $0.isContinuous }, set: { $0.isContinuous = $1 })
                c.property(
                    "minimumTrackTintColor", get: { $0.minimumTrackTintColor }, set: { $0.minimumTrackTintColor = $1 })
                c.property(
                    "maximumTrackTintColor", get: { $0.maximumTrackTintColor }, set: { $0.maximumTrackTintColor = $1 })
                c.property("thumbTintColor", get: { $0.thumbTintColor }, set: { $0.thumbTintColor = $1 })
            }
        }
    }
}

extension Slider.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
