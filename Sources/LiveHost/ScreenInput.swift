import Foundation

/// What a person did on a screen of the preview page, handed to the host's thread: touches,
/// the wheel, keys, turning the device, a knob moved. Points are the device's, in screen points.
public struct ScreenInput: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case down(finger: Int, x: Double, y: Double)
        case move(finger: Int, x: Double, y: Double)
        case up(finger: Int, x: Double, y: Double)
        /// Every finger lifted: the page lost its pointers.
        case cancel
        case wheel(x: Double, y: Double, dx: Double, dy: Double)
        case text(String)
        /// A named key: `return`, `backspace`.
        case key(String)
        case paste(String)
        /// Turns the device a quarter turn (portrait to landscape and back).
        case rotate
        case param(name: String, value: String)
        /// The page's record button: starts recording, or writes the spec and stops.
        case record(Bool)
    }

    /// The device's profile name; nil for the first device.
    public var device: String?
    public var actions: [Action]

    public init(device: String?, actions: [Action]) {
        (self.device, self.actions) = (device, actions)
    }
}
