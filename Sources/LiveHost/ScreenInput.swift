import Foundation
import HeadlessUI

/// What a person did on a screen of the preview page, handed to the host's thread: touches,
/// the wheel, keys, turning the device. Points are the device's, in screen points.
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
        /// Switches the device to light or dark appearance.
        case appearance(UserInterfaceStyle)
        /// Changes the user's text size.
        case contentSize(ContentSizeCategory)
    }

    /// The device's profile name; nil for the first device.
    public var device: String?
    public var actions: [Action]

    public init(device: String?, actions: [Action]) {
        (self.device, self.actions) = (device, actions)
    }
}

extension ScreenInput.Action {
    /// Hands the action to a device's live input, which makes the touches, scrolls, keystrokes
    /// and turns of the device.
    func deliver(to input: LiveInput) throws {
        switch self {
        case .down(let finger, let x, let y): try input.fingerDown(finger, at: CGPoint(x: x, y: y))
        case .move(let finger, let x, let y): try input.fingersMoved([(finger, CGPoint(x: x, y: y))])
        case .up(let finger, let x, let y): try input.fingerUp(finger, at: CGPoint(x: x, y: y))
        case .cancel: try input.liftAll()
        case .wheel(let x, let y, let dx, let dy): try input.scroll(at: CGPoint(x: x, y: y), by: CGPoint(x: dx, y: dy))
        case .text(let text): try input.type(text)
        case .key(let name): try input.press(name)
        case .paste(let text): try input.paste(text)
        case .rotate: try input.turnDevice()
        case .appearance(let style): try input.setAppearance(style)
        case .contentSize(let category): try input.setContentSizeCategory(category)
        }
    }
}

/// What the page asks of the host itself rather than of a screen.
public enum HostCommand: Sendable, Equatable {
    /// A knob moved: `rebound.param`'s name and the value's text.
    case setKnob(name: String, value: String)
    /// The page's record button: starts recording, or writes the spec and stops.
    case record(Bool)
}

/// What the preview page hands the host, in the order it came: a screen's input, which the
/// device's `LiveInput` takes, or a command for the host.
public enum PageInput: Sendable, Equatable {
    case screen(ScreenInput)
    case command(HostCommand)
}
