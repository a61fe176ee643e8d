import Foundation
import ObjectBridge

/// `UIStepper`: a value changed by steps, 94 x 32 points (since iOS 13). A tap on its right
/// half adds `stepValue`, on its left half takes it away, within the range (or round it, when
/// it `wraps`), sending ValueChanged; a half that cannot step further is drawn dimmed.
public final class Stepper: Control {
    public private(set) var value = 0.0
    public private(set) var minimumValue = 0.0
    public private(set) var maximumValue = 100.0
    public private(set) var stepValue = 1.0
    public var wraps = false
    public var isContinuous = true
    public var autorepeat = true

    static let size = CGSize(width: 94, height: 32)

    override init(touches: TouchDispatcher) {
        super.init(touches: touches)
        frame = CGRect(origin: .zero, size: Self.size)
    }

    public override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.size) }
    }

    public override var intrinsicContentSize: CGSize { Self.size }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    override var primaryActionEvent: ControlEvents { .valueChanged }

    func setValue(_ new: Double) { value = min(max(new, minimumValue), maximumValue) }

    /// Sets the range: a minimum above the maximum is refused, as UIKit raises for it.
    func setRange(minimum: Double, maximum: Double) throws {
        guard minimum < maximum else {
            throw ScriptValueError(
                "UIStepper's minimumValue must be below its maximumValue, got \(minimum) and \(maximum)")
        }
        (minimumValue, maximumValue) = (minimum, maximum)
        setValue(value)
    }

    func setStepValue(_ step: Double) throws {
        guard step.isFinite, step > 0 else {
            throw ScriptValueError("UIStepper's stepValue must be a finite number above 0, got \(step)")
        }
        stepValue = step
    }

    var canDecrement: Bool { wraps || value > minimumValue }
    var canIncrement: Bool { wraps || value < maximumValue }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside else { return }
        let increments = point.x >= bounds.midX
        guard increments ? canIncrement : canDecrement else { return }
        var next = value + (increments ? stepValue : -stepValue)
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        setValue(next)
        try sendActions(for: .valueChanged)
    }

    /// UIKit's rounded grey track, split in two, with a minus and a plus.
    public override var backdrop: Drawing? {
        let size = Self.size
        return Drawing(size: size) { drawing in
            var track = DrawingPath()
            track.addRoundedRect(CGRect(origin: .zero, size: size), radius: 8)
            drawing.fill(track, Color.tertiarySystemFill)
            drawing.fill(CGRect(x: size.width / 2 - 0.5, y: 8, width: 1, height: size.height - 16), Color.separator)
            let arm = 7.0
            let enabled = isEnabled ? 1.0 : 0.3
            func color(_ allowed: Bool) -> Color { Color.label.withAlpha(allowed ? enabled : 0.25) }
            var minus = DrawingPath()
            minus.move(to: CGPoint(x: size.width / 4 - arm, y: size.height / 2))
            minus.line(to: CGPoint(x: size.width / 4 + arm, y: size.height / 2))
            drawing.stroke(minus, color(canDecrement), width: 2)
            var plus = DrawingPath()
            plus.move(to: CGPoint(x: size.width * 3 / 4 - arm, y: size.height / 2))
            plus.line(to: CGPoint(x: size.width * 3 / 4 + arm, y: size.height / 2))
            plus.move(to: CGPoint(x: size.width * 3 / 4, y: size.height / 2 - arm))
            plus.line(to: CGPoint(x: size.width * 3 / 4, y: size.height / 2 + arm))
            drawing.stroke(plus, color(canIncrement), width: 2)
        }
    }
}
