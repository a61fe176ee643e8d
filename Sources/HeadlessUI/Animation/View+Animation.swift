import Foundation
import ObjectBridge

extension View {
    /// Called after an animatable property changed from `old`: inside an animation block the
    /// change animates from there (or, beginning from the current state, from what the screen
    /// shows, replacing the property's animations). Outside one it only changes the model, as
    /// in Core Animation: running animations go on adding what is left of them.
    func animatableChanged(_ property: AnimatedProperty, from old: @autoclosure () -> AnimatedValue) {
        guard let scope = AnimationScope.current, let group = scope.group else { return }
        let new = modelValue(of: property)
        var start = old()
        if scope.beginsFromCurrentState {
            start = presented(property, model: start)
            removeAnimations(of: property)
        }
        guard start != new else { return }
        animations.append(ViewAnimation(property: property, difference: start.minus(new), group: group))
        group.added(to: self)
    }

    func modelValue(of property: AnimatedProperty) -> AnimatedValue {
        switch property {
        case .center: AnimatedValue(center)
        case .bounds: AnimatedValue(bounds)
        case .transform: AnimatedValue(transform)
        case .alpha: AnimatedValue(alpha)
        case .backgroundColor: AnimatedValue(backgroundColor)
        }
    }

    /// `model` with what the property's running animations add to it now.
    private func presented(_ property: AnimatedProperty, model: AnimatedValue) -> AnimatedValue {
        var value = model
        for animation in animations where animation.property == property {
            if let contribution = animation.contribution(at: animation.group.now) {
                value = value.plus(contribution, times: 1)
            }
        }
        return value
    }

    private func presented(_ property: AnimatedProperty) -> AnimatedValue? {
        guard animations.contains(where: { $0.property == property }) else { return nil }
        return presented(property, model: modelValue(of: property))
    }

    /// What the screen shows now, as the layer's `presentationLayer` has it.
    /// What the screen shows now: a Core Animation animation of the view's layer first (it
    /// replaces the value, as in Core Animation), else the view's animations.
    public var presentationCenter: CGPoint {
        layer.isAnimating(.position) ? layer.presentedPosition : presented(.center)?.point ?? center
    }
    public var presentationBounds: CGRect {
        layer.isAnimating(.bounds) ? layer.presentedBounds : presented(.bounds)?.rect ?? bounds
    }
    public var presentationTransform: CGAffineTransform {
        layer.isAnimating(.transform) ? layer.presentedTransform.affine : presented(.transform)?.transform ?? transform
    }
    /// The transform shown with its 3D part (a perspective, a turn out of the screen's plane):
    /// the layer's, as Core Animation animates it or the model has it, unless a UIView
    /// animation (which animates the flat part only) is moving it.
    public var presentationTransform3D: CATransform3D {
        if layer.isAnimating(.transform) { return layer.presentedTransform }
        guard let animated = presented(.transform)?.transform else { return layer.storedTransform }
        return CATransform3D(affine: animated)
    }
    public var presentationAlpha: Double {
        if layer.isAnimating(.opacity) { return min(1, max(0, layer.presentedNumber(.opacity))) }
        return presented(.alpha).map { min(1, max(0, $0.number)) } ?? alpha
    }
    public var presentationBackgroundColor: Color? {
        layer.isAnimating(.backgroundColor)
            ? layer.presentedColor(.backgroundColor) : presented(.backgroundColor)?.color ?? backgroundColor
    }
    public var presentationFrame: CGRect {
        animations.isEmpty && layer.animations.isEmpty
            ? frame
            : View.frame(center: presentationCenter, bounds: presentationBounds, transform: presentationTransform)
    }

    /// Takes the property's animations off (all of them when nil): their blocks' completions
    /// hear they did not finish.
    func removeAnimations(of property: AnimatedProperty?) {
        animations.removeAll { animation in
            guard property == nil || animation.property == property else { return false }
            animation.group.interrupted()
            return true
        }
    }

    /// Ends the group's animations on this view where they stand at `progress` (0: where they
    /// started, 1: the model value): each property they animate takes that value, without
    /// animating, and they come off.
    func settleAnimations(of group: AnimationGroup, at progress: Double) -> [SettledProperty] {
        var differences: [(AnimatedProperty, AnimatedValue)] = []
        for animation in animations where animation.group === group {
            if let index = differences.firstIndex(where: { $0.0 == animation.property }) {
                differences[index].1 = differences[index].1.plus(animation.difference, times: 1)
            } else {
                differences.append((animation.property, animation.difference))
            }
        }
        removeAnimations(of: group)
        return differences.map { property, difference in
            let end = modelValue(of: property)
            let settled = SettledProperty(
                view: WeakObjectReference(wrappedValue: self), property: property,
                start: end.plus(difference, times: 1), end: end)
            settled.apply(end.plus(difference, times: 1 - progress))
            return settled
        }
    }

    /// Sets the property's model value, animating nothing whatever block is running.
    func setModelValue(_ value: AnimatedValue, of property: AnimatedProperty) {
        AnimationScope.run(group: nil) {
            switch property {
            case .center: setCenter(value.point)
            case .bounds: setBounds(value.rect)
            case .transform: setTransform(value.transform)
            case .alpha: alpha = value.number
            case .backgroundColor: backgroundColor = value.color
            }
        }
    }

    /// Takes off the animations of `group`, which has ended.
    func removeAnimations(of group: AnimationGroup) {
        animations.removeAll { $0.group === group }
    }
}

/// A view's property that an animator's group animated, with where it went from and to, so
/// that the animator can put it at either end after it stopped.
struct SettledProperty {
    let view: WeakObjectReference<View>
    let property: AnimatedProperty
    let start: AnimatedValue
    let end: AnimatedValue

    func apply(_ value: AnimatedValue) { view.wrappedValue?.setModelValue(value, of: property) }
}
