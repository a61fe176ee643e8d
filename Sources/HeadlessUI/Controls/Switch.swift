import Foundation
import ObjectBridge

/// `UISwitch`: on or off, always 51 x 31 points (its frame keeps that size, as UIKit's does). A
/// tap toggles it and sends ValueChanged (before TouchUpInside, as UIKit ends tracking first).
public final class Switch: Control {
    public private(set) var isOn = false
    public var onTintColor: Color? { didSet { replaceOwned(oldValue, with: onTintColor) } }
    public var thumbTintColor: Color? { didSet { replaceOwned(oldValue, with: thumbTintColor) } }

    static let size = CGSize(width: 51, height: 31)

    override init(touches: TouchDispatcher) {
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
    func setOn(_ on: Bool) { isOn = on }

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside else { return }
        isOn.toggle()
        try sendActions(for: .valueChanged)
    }
}
