import Foundation
import ObjectBridge

/// `CAAnimation` and its subclasses: how an animation's time runs (duration, begin time,
/// repeats, autoreverse, fill mode, timing function) and, in the subclasses, what it does to a
/// property at each moment. A layer runs a copy made when it is added, as Core Animation does.
public class LayerAnimation: BridgeObject {
    public var duration = 0.0
    public var beginTime = 0.0
    public var repeatCount = 0.0
    public var repeatDuration = 0.0
    public var autoreverses = false
    public var speed = 1.0
    public var fillMode = FillMode.removed
    public var isRemovedOnCompletion = true
    var timingFunction: MediaTimingFunction? { didSet { replaceOwned(oldValue, with: timingFunction) } }
    /// Kept strongly, as Core Animation keeps an animation's delegate.
    var delegate: BridgeObject? { didSet { replaceOwned(oldValue, with: delegate) } }

    static let defaultDuration = 0.25
    static let delegateProtocol = "CAAnimationDelegate"

    /// `fillMode`: what shows before the animation begins and after it ends.
    public enum FillMode: String, CaseIterable {
        case removed, forwards, backwards, both
    }

    public required override init() {}

    /// A copy to run, as `addAnimation_forKey` copies the animation it is given.
    func copy() -> Self {
        let copy = Self()
        (copy.duration, copy.beginTime, copy.repeatCount) = (duration, beginTime, repeatCount)
        (copy.repeatDuration, copy.autoreverses, copy.speed) = (repeatDuration, autoreverses, speed)
        (copy.fillMode, copy.isRemovedOnCompletion) = (fillMode, isRemovedOnCompletion)
        (copy.timingFunction, copy.delegate) = (timingFunction, delegate)
        copyDetails(to: copy)
        return copy
    }

    /// What a subclass copies of its own.
    func copyDetails(to copy: LayerAnimation) {}

    /// One cycle's length (`duration`, or Core Animation's quarter second when it is 0).
    var cycleDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// How long it runs in all: its repeats (or `repeatDuration`), each twice when it
    /// autoreverses; infinite for a `repeatCount` of HUGE_VALF.
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration * max(1, repeatCount) * (autoreverses ? 2 : 1)
    }

    /// Time into the current cycle at `time` since it began (eased by the timing function),
    /// in seconds; nil when it shows nothing then (before it begins or after it ends, unless
    /// its fill mode holds it).
    func cycleTime(at time: Double) -> Double? {
        let cycle = cycleDuration
        let active = activeDuration
        var time = time * speed
        var ended = false
        if time < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            time = 0
        } else if time >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            time = active
            ended = true
        }
        let span = autoreverses ? 2 * cycle : cycle
        var within = time.truncatingRemainder(dividingBy: span)
        if ended && time > 0 && within == 0 { within = span }
        let fraction = within <= cycle ? within / cycle : (span - within) / cycle
        let eased = (timingFunction?.curve ?? .linear).progress(at: fraction, duration: cycle)
        return eased * cycle
    }

    /// Checks the animation can run on `layer` (its key paths and values), resolving what it
    /// takes from the layer as it is now.
    func prepare(for layer: Layer) throws {}

    /// Writes what the animation shows `time` seconds into its cycle into `components`, the
    /// presented components of `property`.
    func apply(at time: Double, to components: inout [Double], of property: LayerKeyPath.Property, layer: Layer) {}

    /// Whether it changes `property`.
    func animates(_ property: LayerKeyPath.Property) -> Bool { false }
}

/// `CAPropertyAnimation`: an animation of one key path.
public class PropertyAnimation: LayerAnimation {
    var keyPathName: String?
    var keyPath: LayerKeyPath? { keyPathName.flatMap(LayerKeyPath.init) }
    public var isAdditive = false

    override func copyDetails(to copy: LayerAnimation) {
        guard let copy = copy as? PropertyAnimation else { return }
        (copy.keyPathName, copy.isAdditive) = (keyPathName, isAdditive)
        copyValues(to: copy)
    }

    func copyValues(to copy: PropertyAnimation) {}

    override func animates(_ property: LayerKeyPath.Property) -> Bool { keyPath?.base == property }

    /// Core Animation's name for the class, for errors (a copy being prepared has no userdata
    /// to ask the bridge with).
    var className: String {
        switch self {
        case is SpringAnimation: "CASpringAnimation"
        case is BasicAnimation: "CABasicAnimation"
        case is KeyframeAnimation: "CAKeyframeAnimation"
        default: "CAPropertyAnimation"
        }
    }

    /// The key path, checked against what `layer` has.
    func checkedKeyPath(for layer: Layer) throws -> LayerKeyPath {
        guard let name = keyPathName else { throw ScriptValueError("\(className) has no keyPath") }
        guard let keyPath = LayerKeyPath(name), layer.modelComponents(of: keyPath.base) != nil else {
            let layerName = (try? layer.bridge?.classObject(for: layer).name) ?? "CALayer"
            throw ScriptValueError("\(className): '\(name)' is not an animatable property of \(layerName)")
        }
        return keyPath
    }

    /// Writes `values` for the key path: added to the model's with `additive`.
    func write(_ values: [Double], to components: inout [Double], keyPath: LayerKeyPath, layer: Layer) {
        guard isAdditive, let model = layer.modelComponents(of: keyPath.base) else {
            return keyPath.write(values, into: &components)
        }
        keyPath.write(zip(keyPath.read(model), values).map { $0 + $1 }, into: &components)
    }
}

/// `CABasicAnimation`: from one value to another (each given, or taken from the layer).
public class BasicAnimation: PropertyAnimation {
    var fromValue: LayerValue? { didSet { replaceOwned(oldValue?.object, with: fromValue?.object) } }
    var toValue: LayerValue? { didSet { replaceOwned(oldValue?.object, with: toValue?.object) } }
    var byValue: LayerValue? { didSet { replaceOwned(oldValue?.object, with: byValue?.object) } }
    /// Where it goes from, resolved when added: the presented value then, unless given.
    private var start: [Double]?
    private var end: [Double]?

    override func copyValues(to copy: PropertyAnimation) {
        guard let copy = copy as? BasicAnimation else { return }
        (copy.fromValue, copy.toValue, copy.byValue) = (fromValue, toValue, byValue)
        copySpring(to: copy)
    }

    func copySpring(to copy: BasicAnimation) {}

    override func prepare(for layer: Layer) throws {
        let keyPath = try checkedKeyPath(for: layer)
        let from = try fromValue?.components(for: keyPath)
        let to = try toValue?.components(for: keyPath)
        let by = try byValue?.components(for: keyPath)
        let presented = keyPath.read(layer.presentedComponents(of: keyPath.base))
        func plus(_ a: [Double], _ b: [Double], _ sign: Double) -> [Double] { zip(a, b).map { $0 + sign * $1 } }
        start = from ?? (to != nil && by != nil ? plus(to ?? [], by ?? [], -1) : presented)
        end = to ?? by.map { plus(start ?? presented, $0, 1) }
    }

    /// How far from `start` to `end` it is `time` seconds into its cycle (1 at the end).
    func progress(at time: Double) -> Double { time / cycleDuration }

    override func apply(
        at time: Double, to components: inout [Double], of property: LayerKeyPath.Property, layer: Layer
    ) {
        guard let keyPath, keyPath.base == property, let start else { return }
        let end = self.end ?? keyPath.read(layer.modelComponents(of: property) ?? components)
        let t = progress(at: time)
        write(zip(start, end).map { $0 + ($1 - $0) * t }, to: &components, keyPath: keyPath, layer: layer)
    }
}

/// `CASpringAnimation`: a basic animation that moves as a damped spring does, from its start
/// to its end (and past it, when it bounces).
public final class SpringAnimation: BasicAnimation {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    public var initialVelocity = 0.0

    override func copySpring(to copy: BasicAnimation) {
        guard let copy = copy as? SpringAnimation else { return }
        (copy.mass, copy.stiffness, copy.damping, copy.initialVelocity) = (mass, stiffness, damping, initialVelocity)
    }

    /// The spring's offset from its end, as a share of the whole way, `time` seconds in.
    func remaining(at time: Double) -> Double {
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let v0 = initialVelocity
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * time) * (cos(omegaD * time) + (zeta * omega - v0) / omegaD * sin(omegaD * time))
        }
        if zeta == 1 { return exp(-omega * time) * (1 + (omega - v0) * time) }
        let root = (zeta * zeta - 1).squareRoot()
        let (r1, r2) = (-omega * (zeta - root), -omega * (zeta + root))
        let a = (-v0 - r2) / (r1 - r2)
        return a * exp(r1 * time) + (1 - a) * exp(r2 * time)
    }

    override func progress(at time: Double) -> Double { 1 - remaining(at: time) }

    /// How long the spring takes to come to rest: until it stays within a thousandth of the
    /// way from its end (at most a minute).
    var settlingDuration: Double {
        let step = 1.0 / 60
        var time = 0.0
        var settledSince: Double?
        while time < 60 {
            if abs(remaining(at: time)) < 0.001 {
                if let since = settledSince, time - since >= 0.1 { return since }
                settledSince = settledSince ?? time
            } else {
                settledSince = nil
            }
            time += step
        }
        return 60
    }

    /// The checks a spring's numbers need: a mass and stiffness above zero, a damping from zero.
    static func checked(_ value: Double, _ name: String, allowsZero: Bool) throws -> Double {
        guard value.isFinite, allowsZero ? value >= 0 : value > 0 else {
            throw ScriptValueError(
                "CASpringAnimation's \(name) must be a finite number \(allowsZero ? "from" : "above") 0, got \(value)")
        }
        return value
    }
}

/// `CAKeyframeAnimation`: through values at key times (or along a path, for a position). The
/// calculation mode says how: `linear` straight between values, `discrete` holding each,
/// `paced` at an even speed (key times set by the distances between values), `cubic` along a
/// Catmull-Rom spline through them, `cubicPaced` both. `timingFunctions` ease each segment.
public final class KeyframeAnimation: PropertyAnimation {
    var values: [LayerValue] = [] {
        didSet {
            for old in oldValue { if let object = old.object { abandon(object) } }
            for new in values { if let object = new.object { adopt(object) } }
        }
    }
    var keyTimes: [Double]?
    var path: DrawingPath?
    public var calculationMode = "linear"
    /// One per segment between values (the last one serves the segments past the list).
    var timingFunctions: [MediaTimingFunction] = [] {
        didSet {
            for old in oldValue { abandon(old) }
            for new in timingFunctions { adopt(new) }
        }
    }
    private var frames: [[Double]] = []
    private var times: [Double] = []
    private var track: PathTrack?

    override func copyValues(to copy: PropertyAnimation) {
        guard let copy = copy as? KeyframeAnimation else { return }
        (copy.values, copy.keyTimes, copy.path, copy.calculationMode) = (values, keyTimes, path, calculationMode)
        copy.timingFunctions = timingFunctions
    }

    override func prepare(for layer: Layer) throws {
        let keyPath = try checkedKeyPath(for: layer)
        if let path {
            guard keyPath.componentCount == 2 else {
                throw ScriptValueError("CAKeyframeAnimation: a path animates a point, not '\(keyPath.name)'")
            }
            guard let made = PathTrack(path) else {
                throw ScriptValueError("CAKeyframeAnimation: the path has no points to follow")
            }
            track = made
            return
        }
        guard !values.isEmpty else { throw ScriptValueError("CAKeyframeAnimation: values is empty") }
        frames = try values.map { try $0.components(for: keyPath) }
        if calculationMode == "paced" || calculationMode == "cubicPaced" {
            times = Self.pacedTimes(frames)
        } else if let keyTimes {
            guard keyTimes.count == values.count else {
                throw ScriptValueError(
                    "CAKeyframeAnimation: keyTimes has \(keyTimes.count) times for \(values.count) values")
            }
            guard zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }),
                keyTimes.allSatisfy({ (0...1).contains($0) })
            else {
                throw ScriptValueError("CAKeyframeAnimation: keyTimes must rise from 0 to 1, got \(keyTimes)")
            }
            times = keyTimes
        } else {
            times = values.count == 1 ? [0] : (0..<values.count).map { Double($0) / Double(values.count - 1) }
        }
    }

    override func apply(
        at time: Double, to components: inout [Double], of property: LayerKeyPath.Property, layer: Layer
    ) {
        guard let keyPath, keyPath.base == property else { return }
        let fraction = min(1, max(0, time / cycleDuration))
        if let track {
            let point = track.point(at: fraction)
            return write([point.x, point.y], to: &components, keyPath: keyPath, layer: layer)
        }
        guard let first = frames.first, let firstTime = times.first else { return }
        guard fraction > firstTime else { return write(first, to: &components, keyPath: keyPath, layer: layer) }
        for index in 1..<max(1, frames.count) where fraction <= times[index] {
            let (a, b) = (frames[index - 1], frames[index])
            if calculationMode == "discrete" { return write(a, to: &components, keyPath: keyPath, layer: layer) }
            let span = times[index] - times[index - 1]
            var t = span > 0 ? (fraction - times[index - 1]) / span : 1
            if let function = timingFunctions.isEmpty ? nil : timingFunctions[min(index - 1, timingFunctions.count - 1)]
            {
                t = function.curve.progress(at: t, duration: span * cycleDuration)
            }
            let value =
                calculationMode.hasPrefix("cubic")
                ? Self.catmullRom(frames[max(index - 2, 0)], a, b, frames[min(index + 1, frames.count - 1)], t)
                : zip(a, b).map { $0 + ($1 - $0) * t }
            return write(value, to: &components, keyPath: keyPath, layer: layer)
        }
        write(frames[frames.count - 1], to: &components, keyPath: keyPath, layer: layer)
    }

    /// Key times that give an even speed: each value's share of the way is its distance from
    /// the one before over the whole length. With no length, evenly spaced.
    static func pacedTimes(_ frames: [[Double]]) -> [Double] {
        guard frames.count > 1 else { return [0] }
        let steps = zip(frames, frames.dropFirst()).map { a, b in
            zip(a, b).reduce(0.0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        }
        let total = steps.reduce(0, +)
        guard total > 0 else { return (0..<frames.count).map { Double($0) / Double(frames.count - 1) } }
        var covered = 0.0
        return [0]
            + steps.map { step in
                covered += step
                return covered / total
            }
    }

    /// The Catmull-Rom spline from `p1` to `p2` at `t`, with `p0` and `p3` the values either
    /// side (the ends repeat themselves): Core Animation's cubic mode with its tension,
    /// continuity and bias left at 0.
    static func catmullRom(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double], _ t: Double) -> [Double] {
        p1.indices.map { i in
            let (a, b, c, d) = (p0[i], p1[i], p2[i], p3[i])
            return 0.5
                * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t * t * t)
        }
    }
}

/// `CAAnimationGroup`: animations run together on the group's clock; one with no duration of
/// its own lasts as long as the group.
public final class LayerAnimationGroup: LayerAnimation {
    var animations: [LayerAnimation] = [] {
        didSet {
            for old in oldValue { abandon(old) }
            for new in animations { adopt(new) }
        }
    }

    override func copyDetails(to copy: LayerAnimation) {
        guard let copy = copy as? LayerAnimationGroup else { return }
        copy.animations = animations.map { child in
            let running = child.copy()
            if running.duration == 0 { running.duration = cycleDuration }
            return running
        }
    }

    override func prepare(for layer: Layer) throws {
        for child in animations { try child.prepare(for: layer) }
    }

    override func animates(_ property: LayerKeyPath.Property) -> Bool {
        animations.contains { $0.animates(property) }
    }

    override func apply(
        at time: Double, to components: inout [Double], of property: LayerKeyPath.Property, layer: Layer
    ) {
        for child in animations where child.animates(property) {
            if let childTime = child.cycleTime(at: min(time, cycleDuration) - child.beginTime) {
                child.apply(at: childTime, to: &components, of: property, layer: layer)
            }
        }
    }
}
