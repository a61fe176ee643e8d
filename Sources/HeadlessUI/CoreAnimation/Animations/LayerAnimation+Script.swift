import Foundation
import ObjectBridge

/// Scripts' view of the animation classes: CAAnimation, CAPropertyAnimation, CABasicAnimation,
/// CASpringAnimation, CAKeyframeAnimation, CAAnimationGroup and CATransition.
enum LayerAnimationScript {
    static func nativeClasses() -> [NativeClass] {
        [
            animation(), propertyAnimation(), basicAnimation(), springAnimation(), keyframeAnimation(), group(),
            transition(),
        ]
    }

    /// A time or count from a script: finite (or infinite, where `infinite` allows it) and not
    /// below 0.
    static func timing(_ value: Double, _ name: String, infinite: Bool = false) throws -> Double {
        guard !value.isNaN, value >= 0, infinite || value.isFinite else {
            throw ScriptValueError(
                "an animation's \(name) must be a \(infinite ? "" : "finite ")number from 0, got \(value)")
        }
        return value
    }

    /// `animationWithKeyPath`, for each property animation class.
    static func addKeyPathConstructor<Animation: PropertyAnimation>(to c: NativeClassBuilder<Animation>) {
        // Not a trailing closure: a leading String? would read as `locating:`'s.
        c.classMethod(
            "animationWithKeyPath",
            { (keyPath: String?) -> Animation in
                let made = Animation()
                made.keyPathName = keyPath
                return made
            })
    }

    static func animation() -> NativeClass {
        NativeClass("CAAnimation", superclass: "NSObject", type: LayerAnimation.self, allocate: LayerAnimation.init) {
            c in
            c.classMethod("animation") { () -> LayerAnimation in LayerAnimation() }
            c.property("duration", get: { $0.duration }, set: { $0.duration = try timing($1, "duration") })
            c.property("beginTime", get: { $0.beginTime }, set: { $0.beginTime = try timing($1, "beginTime") })
            c.property(
                "repeatCount", get: { $0.repeatCount },
                set: { $0.repeatCount = try timing($1, "repeatCount", infinite: true) })
            c.property(
                "repeatDuration", get: { $0.repeatDuration },
                set: { $0.repeatDuration = try timing($1, "repeatDuration", infinite: true) })
            c.property("autoreverses", get: { $0.autoreverses }, set: { $0.autoreverses = $1 })
            c.property(
                "speed", get: { $0.speed },
                set: { animation, speed in
                    guard speed.isFinite, speed > 0 else {
                        throw ScriptValueError("an animation's speed must be a finite number above 0, got \(speed)")
                    }
                    animation.speed = speed
                })
            c.property(
                "fillMode", get: { $0.fillMode.rawValue },
                set: { animation, mode in
                    guard let fill = LayerAnimation.FillMode(rawValue: mode) else {
                        throw ScriptValueError(
                            "'\(mode)' is not a fill mode; use one of "
                                + LayerAnimation.FillMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                    }
                    animation.fillMode = fill
                })
            c.property(
                "removedOnCompletion", get: { $0.isRemovedOnCompletion }, set: { $0.isRemovedOnCompletion = $1 })
            c.property("timingFunction", get: { $0.timingFunction }, set: { $0.timingFunction = $1 })
            c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
        }
    }

    static func propertyAnimation() -> NativeClass {
        NativeClass(
            "CAPropertyAnimation", superclass: "CAAnimation", type: PropertyAnimation.self,
            allocate: PropertyAnimation.init
        ) { c in
            addKeyPathConstructor(to: c)
            c.property("keyPath", get: { $0.keyPathName }, set: { $0.keyPathName = $1 })
            c.property("additive", get: { $0.isAdditive }, set: { $0.isAdditive = $1 })
        }
    }

    static func basicAnimation() -> NativeClass {
        NativeClass(
            "CABasicAnimation", superclass: "CAPropertyAnimation", type: BasicAnimation.self,
            allocate: BasicAnimation.init
        ) { c in
            addKeyPathConstructor(to: c)
            c.property("fromValue", get: { $0.fromValue }, set: { $0.fromValue = $1 })
            c.property("toValue", get: { $0.toValue }, set: { $0.toValue = $1 })
            c.property("byValue", get: { $0.byValue }, set: { $0.byValue = $1 })
        }
    }

    static func springAnimation() -> NativeClass {
        NativeClass(
            "CASpringAnimation", superclass: "CABasicAnimation", type: SpringAnimation.self,
            allocate: SpringAnimation.init
        ) { c in
            addKeyPathConstructor(to: c)
            c.property(
                "mass", get: { $0.mass }, set: { $0.mass = try SpringAnimation.checked($1, "mass", allowsZero: false) })
            c.property(
                "stiffness", get: { $0.stiffness },
                set: { $0.stiffness = try SpringAnimation.checked($1, "stiffness", allowsZero: false) })
            c.property(
                "damping", get: { $0.damping },
                set: { $0.damping = try SpringAnimation.checked($1, "damping", allowsZero: true) })
            c.property(
                "initialVelocity", get: { $0.initialVelocity },
                set: { $0.initialVelocity = try GeometryCheck.finite($1, "initialVelocity") })
            c.property("settlingDuration") { (spring: SpringAnimation) in spring.settlingDuration }
        }
    }

    static func keyframeAnimation() -> NativeClass {
        NativeClass(
            "CAKeyframeAnimation", superclass: "CAPropertyAnimation", type: KeyframeAnimation.self,
            allocate: KeyframeAnimation.init
        ) { c in
            addKeyPathConstructor(to: c)
            c.property(
                "values", get: { (animation: KeyframeAnimation) -> [LayerValue]? in animation.values },
                set: { $0.values = $1 ?? [] })
            c.property("keyTimes", get: { $0.keyTimes }, set: { $0.keyTimes = $1 })
            c.property(
                "path", get: { animation in animation.path.map(BezierPath.init(path:)) },
                set: { $0.path = $1?.path })
            c.property(
                "timingFunctions",
                get: { (animation: KeyframeAnimation) -> [MediaTimingFunction]? in animation.timingFunctions },
                set: { $0.timingFunctions = $1 ?? [] })
            c.property(
                "calculationMode", get: { $0.calculationMode },
                set: { $0.calculationMode = try Layer.Script.oneOf($1, calculationModes, "calculation mode") })
        }
    }

    static let calculationModes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]

    static func group() -> NativeClass {
        NativeClass(
            "CAAnimationGroup", superclass: "CAAnimation", type: LayerAnimationGroup.self,
            allocate: LayerAnimationGroup.init
        ) { c in
            c.classMethod("animation") { () -> LayerAnimationGroup in LayerAnimationGroup() }
            c.property(
                "animations", get: { (group: LayerAnimationGroup) -> [LayerAnimation]? in group.animations },
                set: { $0.animations = $1 ?? [] })
        }
    }

    static func transition() -> NativeClass {
        NativeClass(
            "CATransition", superclass: "CAAnimation", type: LayerTransition.self, allocate: LayerTransition.init
        ) { c in
            c.classMethod("animation") { () -> LayerTransition in LayerTransition() }
            c.property(
                "type", get: { $0.kind.rawValue },
                set: { transition, name in
                    let names = LayerTransition.Kind.scriptable.map(\.rawValue)
                    transition.kind =
                        LayerTransition.Kind(rawValue: try Layer.Script.oneOf(name, names, "transition type")) ?? .fade
                })
            c.property(
                "subtype", get: { $0.edge?.rawValue },
                set: { (transition: LayerTransition, name: String?) in
                    guard let name else {
                        transition.edge = nil
                        return
                    }
                    let names = LayerTransition.Edge.allCases.map(\.rawValue)
                    transition.edge = LayerTransition.Edge(
                        rawValue: try Layer.Script.oneOf(name, names, "transition subtype"))
                })
            c.property(
                "startProgress", get: { $0.startProgress },
                set: { $0.startProgress = try LayerTransition.checkedProgress($1, "startProgress") })
            c.property(
                "endProgress", get: { $0.endProgress },
                set: { $0.endProgress = try LayerTransition.checkedProgress($1, "endProgress") })
        }
    }

    /// CAMediaTiming.h's fill modes, CAAnimation.h's calculation modes and transitions.
    static var modules: [BindingModule] {
        [
            BindingModule(
                "QuartzCore.CAMediaTiming",
                LayerAnimation.FillMode.allCases.map {
                    (
                        "kCAFillMode" + $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst(),
                        .constant($0.rawValue)
                    )
                }),
            BindingModule(
                "QuartzCore.CAAnimation",
                calculationModes.map {
                    ("kCAAnimation" + $0.prefix(1).uppercased() + $0.dropFirst(), .constant($0))
                }
                    + (LayerTransition.Kind.scriptable.map(\.rawValue) + LayerTransition.Edge.allCases.map(\.rawValue))
                    .map {
                        ("kCATransition" + $0.prefix(1).uppercased() + $0.dropFirst(), .constant($0))
                    }),
        ]
    }

    static let protocols = [
        ProtocolDescription(
            LayerAnimation.delegateProtocol, optional: ["animationDidStart", "animationDidStop_finished"])
    ]
}

extension LayerAnimationScript: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { modules }
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { nativeClasses() }
}
