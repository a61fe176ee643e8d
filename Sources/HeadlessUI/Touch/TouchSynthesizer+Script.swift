import Foundation
import ObjectBridge

extension TouchSynthesizer {
    /// Scripts' view of `TouchSynthesizer`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let dispatcher = environment.touches
            let clock = environment.clock
            // Each advance of the clock ends with the world's layout pass.
            func step() throws { try clock.advance(by: frame) }
            func settle() throws { try clock.advance(by: TapRecognizer.interval + frame) }
            func steps(_ count: Int) throws -> Int {
                guard count >= 1, count <= 10_000 else {
                    throw ScriptValueError("steps must be from 1 to 10000, got \(count)")
                }
                return count
            }
            /// Puts fingers down where `positions(0)` says, moves them through `positions(t)` for
            /// t = 1/count ... 1, then lifts them.
            func gesture(steps count: Int, _ positions: (Double) -> [CGPoint]) throws {
                let touches = try positions(0).map { try dispatcher.begin(at: try GeometryCheck.point($0, "point")) }
                try step()
                for index in 1...count {
                    try dispatcher.move(Array(zip(touches, positions(Double(index) / Double(count)))))
                    try step()
                }
                for touch in touches { try dispatcher.end(touch) }
                try settle()
            }
            /// Two fingers `spread` apart on a line through `center` at `angle`.
            func fingers(around center: CGPoint, spread: Double, angle: Double) -> [CGPoint] {
                let dx = cos(angle) * spread / 2
                let dy = sin(angle) * spread / 2
                return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
            }
            return NativeClass("RBTouchSynthesizer", superclass: "NSObject", type: TouchSynthesizer.self, allocate: nil)
            { c in
                c.classMethod("tapAt_taps") { (point: CGPoint, taps: Int) in
                    guard taps >= 1, taps <= 10 else {
                        throw ScriptValueError("taps must be from 1 to 10, got \(taps)")
                    }
                    for _ in 0..<taps {
                        let touch = try dispatcher.begin(at: try GeometryCheck.point(point, "at"))
                        try step()
                        try dispatcher.end(touch)
                        try step()
                    }
                    try settle()
                }
                c.classMethod("dragThrough") { (points: [CGPoint]) in
                    guard let first = points.first, points.count >= 2 else {
                        throw ScriptValueError("a drag needs at least two points")
                    }
                    let touch = try dispatcher.begin(at: try GeometryCheck.point(first, "points[1]"))
                    try step()
                    for (index, point) in points.enumerated().dropFirst() {
                        try dispatcher.move([(touch, try GeometryCheck.point(point, "points[\(index + 1)]"))])
                        try step()
                    }
                    try dispatcher.end(touch)
                    try settle()
                }
                c.classMethod("dragFrom_to_steps") { (from: CGPoint, to: CGPoint, count: Int) in
                    let to = try GeometryCheck.point(to, "to")
                    try gesture(steps: try steps(count)) { t in
                        [CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)]
                    }
                }
                // A flick: a drag that lasts `duration` and lifts at full speed, without waiting
                // for the timers of other gestures (the motion it starts goes on as time passes).
                c.classMethod("flickFrom_to_duration") { (from: CGPoint, to: CGPoint, duration: Double) in
                    let duration = try GeometryCheck.finite(duration, "duration")
                    guard duration > 0, duration <= 10 else {
                        throw ScriptValueError("duration must be above 0 and at most 10 seconds, got \(duration)")
                    }
                    let from = try GeometryCheck.point(from, "from")
                    let to = try GeometryCheck.point(to, "to")
                    let count = max(2, Int((duration / frame).rounded()))
                    let touch = try dispatcher.begin(at: from)
                    for index in 1...count {
                        try step()
                        let t = Double(index) / Double(count)
                        try dispatcher.move([
                            (touch, CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
                        ])
                    }
                    try dispatcher.end(touch)
                    try step()
                }
                c.classMethod("advance") { (seconds: Double) in
                    let seconds = try GeometryCheck.finite(seconds, "seconds")
                    guard seconds >= 0, seconds <= 3600 else {
                        throw ScriptValueError("seconds must be from 0 to 3600, got \(seconds)")
                    }
                    try clock.advance(by: seconds)
                }
                c.classMethod("frames") { (count: Int) in
                    for _ in 0..<(try steps(count)) { try step() }
                }
                c.classMethod("twoFingersAt_scale_angle_steps") {
                    (center: CGPoint, scale: Double, angle: Double, count: Int) in
                    guard scale.isFinite, scale > 0 else {
                        throw ScriptValueError("scale must be a number above 0, got \(scale)")
                    }
                    let angle = try GeometryCheck.finite(angle, "angle")
                    try gesture(steps: try steps(count)) { t in
                        fingers(around: center, spread: fingerSpread * (1 + (scale - 1) * t), angle: angle * t)
                    }
                }
                c.classMethod("turnDeviceTo") { (name: String) in
                    try environment.turnDevice(to: try DeviceOrientation(parsing: name))
                    try clock.advance(by: TransitionCoordinator.rotationDuration + frame)
                }
                c.classMethod("setAppearance") { (name: String) in
                    try environment.setAppearance(try UserInterfaceStyle(parsing: name))
                    try clock.advance(by: frame)
                }
                c.classMethod("setContentSizeCategory") { (name: String) in
                    try environment.setContentSizeCategory(try ContentSizeCategory(parsing: name))
                    try clock.advance(by: frame)
                }
                c.classMethod("longPressAt_duration") { (point: CGPoint, duration: Double) in
                    let duration = try GeometryCheck.finite(duration, "duration")
                    guard duration >= 0, duration <= 3600 else {
                        throw ScriptValueError("duration must be from 0 to 3600 seconds, got \(duration)")
                    }
                    let touch = try dispatcher.begin(at: try GeometryCheck.point(point, "at"))
                    try clock.advance(by: duration)
                    try dispatcher.end(touch)
                    try settle()
                }
            }
        }
    }
}

extension TouchSynthesizer.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
