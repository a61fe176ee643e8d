import Foundation
import ObjectBridge

extension Stepper {
    /// Scripts' view of `Stepper`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIStepper", superclass: "UIControl", type: Stepper.self,
                allocate: { Stepper(touches: environment.touches) }
            ) { c in
                c.property("value", get: { $0.value }, set: { $0.setValue(try GeometryCheck.finite($1, "value")) })
                c.property(
                    "minimumValue", get: { $0.minimumValue },
                    set: {
                        try $0.setRange(minimum: try GeometryCheck.finite($1, "minimumValue"), maximum: $0.maximumValue)
                    })
                c.property(
                    "maximumValue", get: { $0.maximumValue },
                    set: {
                        try $0.setRange(minimum: $0.minimumValue, maximum: try GeometryCheck.finite($1, "maximumValue"))
                    })
                c.property("stepValue", get: { $0.stepValue }, set: { try $0.setStepValue($1) })
                c.property("wraps", get: { $0.wraps }, set: { $0.wraps = $1 })
                c.property("continuous", get: { $0.isContinuous }, set: { $0.isContinuous = $1 })
                c.property("autorepeat", get: { $0.autorepeat }, set: { $0.autorepeat = $1 })
            }
        }
    }
}

extension Stepper.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
