import Foundation
import ObjectBridge

/// An animation a layer runs: the copy it was given, its key, and when it began.
final class RunningAnimation {
    let key: String?
    let animation: LayerAnimation
    let begin: Double
    unowned let clock: VirtualClock
    var isRemoved = false

    init(key: String?, animation: LayerAnimation, begin: Double, clock: VirtualClock) {
        (self.key, self.animation, self.begin, self.clock) = (key, animation, begin, clock)
    }

    /// Time into its cycle now, if it shows anything now.
    var cycleTime: Double? { isRemoved ? nil : animation.cycleTime(at: clock.now - begin) }
}

/// A layer's animations: added (as copies), run on the virtual clock, and removed when they end
/// unless told otherwise; and what they make of the layer's properties now.
extension Layer {
    // MARK: Values

    /// The model value of `property` as components; nil for a property this layer lacks.
    func modelComponents(of property: LayerKeyPath.Property) -> [Double]? {
        switch property {
        case .position: [position.x, position.y]
        case .bounds: [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height]
        case .opacity: [opacity]
        case .cornerRadius: [cornerRadius]
        case .borderWidth: [borderWidth]
        case .zPosition: [zPosition]
        case .shadowOpacity: [shadowOpacity]
        case .shadowRadius: [shadowRadius]
        case .shadowOffset: [shadowOffset.width, shadowOffset.height]
        case .backgroundColor: Self.components(of: backgroundColor)
        case .borderColor: Self.components(of: borderColor)
        case .shadowColor: Self.components(of: shadowColor)
        case .transform: LayerKeyPath.components(of: storedTransform)
        default: ownComponents(of: property)
        }
    }

    /// A colour's components; no colour is transparent black, as Core Animation takes it.
    static func components(of color: Color?) -> [Double] {
        guard let color else { return [0, 0, 0, 0] }
        return [color.red, color.green, color.blue, color.alpha]
    }

    /// The value of `property` the screen shows now: the model's, changed by each animation of
    /// it running now, in the order they were added.
    public func presentedComponents(of property: LayerKeyPath.Property) -> [Double] {
        guard !animations.isEmpty else {
            return modelComponents(of: property) ?? Array(repeating: 0, count: property.componentCount)
        }
        var value = modelComponents(of: property) ?? Array(repeating: 0, count: property.componentCount)
        for running in animations where running.animation.animates(property) {
            guard let time = running.cycleTime else { continue }
            running.animation.apply(at: time, to: &value, of: property, layer: self)
        }
        return value
    }

    /// Whether an animation of `property` shows now.
    public func isAnimating(_ property: LayerKeyPath.Property) -> Bool {
        animations.contains { $0.animation.animates(property) && $0.cycleTime != nil }
    }

    /// A number as shown. The renderer asks every view for several each frame: with nothing
    /// animating, the common ones are read without making an array.
    public func presentedNumber(_ property: LayerKeyPath.Property) -> Double {
        if animations.isEmpty {
            switch property {
            case .opacity: return opacity
            case .cornerRadius: return cornerRadius
            case .borderWidth: return borderWidth
            case .zPosition: return zPosition
            default: break
            }
        }
        return presentedComponents(of: property).first ?? 0
    }

    /// A colour as shown: the model's (nil when unset) unless an animation changes it.
    public func presentedColor(_ property: LayerKeyPath.Property) -> Color? {
        guard isAnimating(property) else { return modelColor(property) }
        return Color(components: presentedComponents(of: property))
    }

    private func modelColor(_ property: LayerKeyPath.Property) -> Color? {
        switch property {
        case .backgroundColor: backgroundColor
        case .borderColor: borderColor
        case .shadowColor: shadowColor
        default: ownColor(of: property)
        }
    }

    public var presentedPosition: CGPoint {
        guard isAnimating(.position) else { return position }
        let c = presentedComponents(of: .position)
        return CGPoint(x: c[0], y: c[1])
    }

    public var presentedBounds: CGRect {
        guard isAnimating(.bounds) else { return bounds }
        let c = presentedComponents(of: .bounds)
        return CGRect(x: c[0], y: c[1], width: c[2], height: c[3])
    }

    /// The transform shown: the model's, with its 3D part, unless an animation changes it.
    public var presentedTransform: CATransform3D {
        isAnimating(.transform) ? LayerKeyPath.transform(of: presentedComponents(of: .transform)) : storedTransform
    }

    // MARK: Adding and removing

    /// `addAnimation_forKey`: runs a copy of `animation`, replacing the one of the same key.
    func add(_ animation: LayerAnimation, forKey key: String?, environment: UIEnvironment) throws {
        let clock = environment.clock
        let copy = animation.copy()
        try copy.prepare(for: self)
        // The old look is what shows before this transition replaces any of the same key.
        (copy as? LayerTransition)?.before = environment.services.takeLook?(
            self, environment.text, environment.screen.profile.scale)
        if let key { removeAnimation(forKey: key) }
        let begin = copy.beginTime > 0 ? copy.beginTime : clock.now
        let running = RunningAnimation(key: key, animation: copy, begin: begin, clock: clock)
        animations.append(running)
        adopt(copy)
        hostView?.window?.application.displayPending = true
        clock.schedule(after: max(0, begin - clock.now)) { [weak self] in
            guard let self, !running.isRemoved else { return }
            self.tellDelegate(of: running, "animationDidStart")
        }
        let end = begin + copy.activeDuration / max(copy.speed, 1e-9)
        if end.isFinite {
            clock.schedule(after: max(0, end - clock.now)) { [weak self] in
                guard let self, !running.isRemoved else { return }
                if copy.isRemovedOnCompletion { self.drop(running) }
                self.tellDelegate(of: running, "animationDidStop_finished", finished: true)
            }
        } else {
            keepFramesComing(for: running, clock: clock)
        }
        environment.transactions.noteAnimation(ending: end)
    }

    /// An animation that never ends still changes the screen each frame: the clock is kept
    /// ticking at 60 frames a second while it runs, so that what shows keeps up.
    private func keepFramesComing(for running: RunningAnimation, clock: VirtualClock) {
        clock.schedule(after: 1.0 / 60) { [weak self] in
            guard let self, !running.isRemoved else { return }
            self.hostView?.window?.application.displayPending = true
            self.keepFramesComing(for: running, clock: clock)
        }
    }

    func removeAnimation(forKey key: String) {
        for running in animations where running.key == key { stop(running) }
    }

    func removeAllAnimations() {
        for running in animations { stop(running) }
    }

    /// A copy of the running animation of `key`: what runs cannot be changed, as in Core
    /// Animation, and a script holding the copy keeps nothing running alive.
    func animation(forKey key: String) -> LayerAnimation? {
        animations.last { $0.key == key && !$0.isRemoved }?.animation.copy()
    }

    var animationKeys: [String] { animations.compactMap(\.key) }

    /// Removes an animation before it ended: its delegate hears it did not finish.
    private func stop(_ running: RunningAnimation) {
        let wasRunning = !running.isRemoved
        drop(running)
        if wasRunning { tellDelegate(of: running, "animationDidStop_finished", finished: false) }
    }

    private func drop(_ running: RunningAnimation) {
        running.isRemoved = true
        animations.removeAll { $0 === running }
        abandon(running.animation)
        hostView?.window?.application.displayPending = true
    }

    private func tellDelegate(of running: RunningAnimation, _ method: String, finished: Bool? = nil) {
        let animation = running.animation
        guard let delegate = animation.delegate else { return }
        do {
            if let finished {
                _ = try delegate.ask(
                    method, of: LayerAnimation.delegateProtocol, animation, finished, returning: AnyScriptValue.self)
            } else {
                _ = try delegate.ask(
                    method, of: LayerAnimation.delegateProtocol, animation, returning: AnyScriptValue.self)
            }
        } catch {
            bridge?.report(error, during: "CAAnimationDelegate's \(method)")
        }
    }

    // MARK: Implicit animations

    /// A standalone layer in a layer tree animates a change of an animatable property, as Core
    /// Animation's actions do: from what showed before to the new model value, for the
    /// transaction's duration (a quarter second) on its timing function, unless the
    /// transaction disables actions. View layers do not, as UIKit turns their actions off.
    func animateChange(of property: LayerKeyPath.Property, from shown: [Double], environment: UIEnvironment) throws {
        let transaction = environment.transactions
        guard view == nil, superlayer != nil, !transaction.disablesActions,
            let model = modelComponents(of: property), model != shown
        else { return }
        let implicit = BasicAnimation()
        implicit.keyPathName = property.rawValue
        implicit.fromValue = .components(shown)
        implicit.duration = transaction.animationDuration
        implicit.timingFunction = transaction.timingFunction ?? MediaTimingFunction.standard
        try add(implicit, forKey: property.rawValue, environment: environment)
    }
}

extension Color {
    /// A colour from red, green, blue and alpha components, each kept from 0 to 1.
    convenience init(components c: [Double]) {
        func unit(_ index: Int) -> Double { index < c.count ? min(1, max(0, c[index])) : 0 }
        self.init(red: unit(0), green: unit(1), blue: unit(2), alpha: unit(3))
    }
}
