import Foundation
import ObjectBridge

/// `UISwitch`: on or off, always 51 x 31 points (its frame keeps that size, as UIKit's does). A
/// tap toggles it and sends ValueChanged (before TouchUpInside, as UIKit ends tracking first).
/// It draws UIKit's track (the on tint when on, UIKit's light grey fill when off) and its white
/// thumb, which slides across on the virtual clock when the switch is toggled or set animated.
public final class Switch: Control {
    public private(set) var isOn = false
    public var onTintColor: Color? { didSet { replaceOwned(oldValue, with: onTintColor) } }
    public var thumbTintColor: Color? { didSet { replaceOwned(oldValue, with: thumbTintColor) } }
    private unowned let clock: VirtualClock
    /// The thumb's slide under way: when it started, and from where (0 off, 1 on).
    private var slide: (start: Double, from: Double)?

    static let size = CGSize(width: 51, height: 31)

    public override var intrinsicContentSize: CGSize { Self.size }
    public override var tracksIntrinsicContentSize: Bool { true }
    static let thumbDiameter = 27.0
    /// How long the thumb takes to slide across (UIKit does not publish it).
    static let slideDuration = 0.25

    override init(touches: TouchDispatcher) {
        clock = touches.clock
        super.init(touches: touches)
        frame = CGRect(origin: .zero, size: Self.size)
    }

    public override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.size) }
    }

    public override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    override var primaryActionEvent: ControlEvents { .valueChanged }

    /// `setOn_animated`: no event, as in UIKit (only the user's toggle sends ValueChanged).
    func setOn(_ on: Bool, animated: Bool = false) {
        guard on != isOn else { return }
        slide = animated ? (clock.now, thumbPosition) : nil
        isOn = on
    }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside else { return }
        setOn(!isOn, animated: true)
        try sendActions(for: .valueChanged)
    }

    /// Where the thumb is now, from 0 (off, at the left) to 1 (on, at the right).
    var thumbPosition: Double {
        let target = isOn ? 1.0 : 0.0
        guard let slide else { return target }
        let fraction = (clock.now - slide.start) / Self.slideDuration
        guard fraction < 1 else { return target }
        let eased = TimingCurve.easeInOut.progress(at: max(0, fraction), duration: Self.slideDuration)
        return slide.from + (target - slide.from) * eased
    }

    /// The track, tinted as far as the thumb has gone, and the thumb with its soft shadow.
    public override var backdrop: Drawing? {
        let position = thumbPosition
        let on = onTintColor ?? Color.systemGreen
        let off = Color.secondarySystemFill
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * position }
        let track = Color(
            red: mix(off.red, on.red), green: mix(off.green, on.green), blue: mix(off.blue, on.blue),
            alpha: mix(off.alpha, on.alpha))
        let size = Self.size
        let inset = (size.height - Self.thumbDiameter) / 2
        return Drawing(size: size) { drawing in
            var trackPath = DrawingPath()
            trackPath.addRoundedRect(CGRect(origin: .zero, size: size), radius: size.height / 2)
            drawing.fill(trackPath, track)
            let travel = size.width - Self.thumbDiameter - 2 * inset
            Glyphs.knob(
                in: CGRect(
                    x: inset + travel * position, y: inset, width: Self.thumbDiameter, height: Self.thumbDiameter),
                thumbTintColor ?? Color(white: 1, alpha: 1), &drawing)
        }
    }
}
