import Foundation
import ObjectBridge

/// `UISlider`: a value between a minimum and a maximum, shown by a thumb on a track. A finger
/// that comes down on the thumb drags it: the value follows the finger's horizontal movement
/// along the track (the bounds' width less the thumb's), sending ValueChanged as it changes (or
/// once at the end when not `continuous`). A touch elsewhere on the track does nothing, as in
/// UIKit. It draws UIKit's track (4 points, rounded), filled in the tint up to the thumb, and
/// the white thumb with its soft shadow.
public final class Slider: Control {
    public private(set) var value = 0.0
    public private(set) var minimumValue = 0.0
    public private(set) var maximumValue = 1.0
    public var isContinuous = true
    public var minimumTrackTintColor: Color? { didSet { replaceOwned(oldValue, with: minimumTrackTintColor) } }
    public var maximumTrackTintColor: Color? { didSet { replaceOwned(oldValue, with: maximumTrackTintColor) } }
    public var thumbTintColor: Color? { didSet { replaceOwned(oldValue, with: thumbTintColor) } }
    /// The drag's start: the finger's x and the value then.
    private var dragStart: (x: Double, value: Double)?

    /// The slider's height and its thumb's diameter. UIKit publishes neither; 34 points is the
    /// height measured since iOS 8, 28 the thumb's.
    static let height = 34.0
    static let thumb = 28.0
    static let trackHeight = 4.0

    public override var backdrop: Drawing? {
        let size = bounds.size
        guard size.width > 0, size.height > 0 else { return nil }
        let thumb = thumbRect
        let track = CGRect(x: 0, y: size.height / 2 - Self.trackHeight / 2, width: size.width, height: Self.trackHeight)
        return Drawing(size: size) { drawing in
            var maximum = DrawingPath()
            maximum.addRoundedRect(track, radius: Self.trackHeight / 2)
            drawing.fill(maximum, maximumTrackTintColor ?? Color.systemFill)
            var minimum = DrawingPath()
            minimum.addRoundedRect(
                CGRect(x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height),
                radius: Self.trackHeight / 2, corners: 5)
            drawing.fill(minimum, minimumTrackTintColor ?? tintColor)
            Glyphs.knob(in: thumb, thumbTintColor ?? Color(white: 1, alpha: 1), &drawing)
        }
    }

    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.size.width, height: Self.height)
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }
    public override var tracksIntrinsicContentSize: Bool { true }

    override var primaryActionEvent: ControlEvents { .valueChanged }

    /// Sets the value, kept within the range.
    func setValue(_ new: Double) { value = min(max(new, minimumValue), maximumValue) }

    func setRange(minimum: Double, maximum: Double) {
        minimumValue = minimum
        maximumValue = max(minimum, maximum)
        setValue(value)
    }

    /// Where the thumb is: its rect in the bounds.
    var thumbRect: CGRect {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? (value - minimumValue) / range : 0
        return CGRect(
            x: fraction * max(0, bounds.size.width - Self.thumb), y: bounds.midY - Self.thumb / 2,
            width: Self.thumb, height: Self.thumb)
    }

    override func beginTracking(at point: CGPoint) throws -> Bool {
        guard thumbRect.insetBy(dx: -Self.thumb / 2, dy: -Self.thumb / 2).contains(point) else { return false }
        dragStart = (Double(point.x), value)
        return true
    }

    override func continueTracking(at point: CGPoint) throws {
        guard let start = dragStart else { return }
        let track = max(1, bounds.size.width - Self.thumb)
        let old = value
        setValue(start.value + (point.x - start.x) / track * (maximumValue - minimumValue))
        if isContinuous, value != old { try sendActions(for: .valueChanged) }
    }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard let start = dragStart else { return }
        dragStart = nil
        if !isContinuous, value != start.value { try sendActions(for: .valueChanged) }
    }
}
