/// `UIControlEvents` and `UIControlState`, as UIControl.h declares them.
public struct ControlEvents: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let touchDown = ControlEvents(rawValue: 1 << 0)
    public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
    public static let touchCancel = ControlEvents(rawValue: 1 << 8)
    public static let valueChanged = ControlEvents(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
    public static let editingChanged = ControlEvents(rawValue: 1 << 17)
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

    static let members: [(String, Int)] = [
        ("TouchDown", 1 << 0), ("TouchDownRepeat", 1 << 1), ("TouchDragInside", 1 << 2), ("TouchDragOutside", 1 << 3),
        ("TouchDragEnter", 1 << 4), ("TouchDragExit", 1 << 5), ("TouchUpInside", 1 << 6), ("TouchUpOutside", 1 << 7),
        ("TouchCancel", 1 << 8), ("ValueChanged", 1 << 12), ("PrimaryActionTriggered", 1 << 13),
        ("EditingDidBegin", 1 << 16), ("EditingChanged", 1 << 17), ("EditingDidEnd", 1 << 18),
        ("EditingDidEndOnExit", 1 << 19), ("AllTouchEvents", 0x0000_0FFF), ("AllEditingEvents", 0x000F_0000),
        ("ApplicationReserved", 0x0F00_0000), ("SystemReserved", 0xF000_0000), ("AllEvents", 0xFFFF_FFFF),
    ]

    /// `UIControlState`: normal, or any of these together.
    static let states: [(String, Int)] = [
        ("Normal", 0), ("Highlighted", 1 << 0), ("Disabled", 1 << 1), ("Selected", 1 << 2), ("Focused", 1 << 3),
        ("Application", 0x00FF_0000), ("Reserved", 0xFF00_0000),
    ]
}
