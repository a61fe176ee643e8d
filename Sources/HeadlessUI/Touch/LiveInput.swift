import Foundation
import ObjectBridge

/// Input from a person rather than a script (the preview page): fingers by number, in screen
/// points, each event as it comes at the clock's time now (the host keeps the clock up with real
/// time, so a flick's speed is the hand's); the wheel, which scrolls the scroll view under the
/// pointer within its content; keys and pasted text for the first responder; the device turned.
/// Events that cannot apply (a finger lifted that never came down, keys with nothing to type
/// into) are errors that say so, and change nothing.
public final class LiveInput {
    private unowned let environment: UIEnvironment
    private var fingers: [Int: Touch] = [:]

    /// The most fingers down at once.
    public static let maximumFingers = 10

    init(environment: UIEnvironment) {
        self.environment = environment
    }

    private var touches: TouchDispatcher { environment.touches }

    public func fingerDown(_ finger: Int, at point: CGPoint) throws {
        if fingers[finger] != nil { try fingerUp(finger, at: nil) }  // a lost pointer-up
        guard fingers.count < Self.maximumFingers else {
            throw ScriptValueError("at most \(Self.maximumFingers) fingers are down at once")
        }
        fingers[finger] = try touches.begin(at: try onScreen(point))
    }

    public func fingersMoved(_ moves: [(finger: Int, point: CGPoint)]) throws {
        let known = try moves.compactMap { move in
            try fingers[move.finger].map { (touch: $0, point: try onScreen(move.point, clamped: true)) }
        }
        guard !known.isEmpty else { return }
        try touches.move(known)
    }

    /// The finger lifted, at `point` when given (where it last was otherwise).
    public func fingerUp(_ finger: Int, at point: CGPoint?) throws {
        guard let touch = fingers.removeValue(forKey: finger) else { return }
        if let point { try touches.move([(touch, try onScreen(point, clamped: true))]) }
        try touches.end(touch)
    }

    /// Every finger lifted (the page lost them: a pointer cancelled, the window left).
    public func liftAll() throws {
        for finger in fingers.keys.sorted() { try fingerUp(finger, at: nil) }
    }

    /// A wheel or trackpad scroll of `delta` points over `point`: the nearest scroll view under
    /// it that scrolls that way moves its content, within its range (no bounce, as on a Mac).
    public func scroll(at point: CGPoint, by delta: CGPoint) throws {
        guard let (scrollView, offset) = try scrollTarget(at: point, by: delta) else { return }
        try scrollView.setContentOffset(offset)
    }

    /// The scroll view that `scroll(at:by:)` moves and the offset it moves it to; nil when the
    /// wheel moves nothing there.
    public func scrollTarget(at point: CGPoint, by delta: CGPoint) throws -> (ScrollView, CGPoint)? {
        guard let target = try environment.application.window(at: try onScreen(point)) else { return nil }
        var view: View? = target.view
        while let candidate = view {
            if let scrollView = candidate as? ScrollView, scrollView.isScrollEnabled {
                let range = scrollView.offsetRange
                let offset = scrollView.contentOffset
                let moved = CGPoint(
                    x: min(max(offset.x + delta.x, range.minimum.x), range.maximum.x),
                    y: min(max(offset.y + delta.y, range.minimum.y), range.maximum.y))
                if moved != offset { return (scrollView, moved) }
            }
            view = candidate.superview
        }
        return nil
    }

    /// Typed text for the first responder, a character at a time through its delegate. With
    /// nothing that takes text first responder, keys go nowhere, as a hardware keyboard's do.
    public func type(_ text: String) throws {
        guard takesText else { return }
        try KeyboardSynthesizer.type(text, in: environment)
    }

    /// A key by name (`backspace`, `return`).
    public func press(_ key: String) throws {
        guard takesText else { return }
        try KeyboardSynthesizer.press(key, in: environment)
    }

    /// Pasted text: one change, as a paste is.
    public func paste(_ text: String) throws {
        guard takesText else { return }
        try KeyboardSynthesizer.paste(text, in: environment)
    }

    private var takesText: Bool { environment.application.firstResponder?.textInput != nil }

    /// The device turned a quarter turn: portrait to landscape, landscape to portrait.
    public func turnDevice() throws {
        let orientation = environment.application.screen.profile.orientation
        try turnDevice(to: orientation.isLandscape ? .portrait : .landscapeLeft)
    }

    /// The device turned to `orientation`; the clock moves past the interface's rotation.
    public func turnDevice(to orientation: DeviceOrientation) throws {
        try environment.turnDevice(to: orientation)
        try environment.clock.advance(by: TransitionCoordinator.rotationDuration + TouchSynthesizer.frame)
    }

    /// The device's appearance switched (the preview page's toggle, `simulate.appearance`);
    /// the views that follow it lay out and draw again.
    public func setAppearance(_ appearance: UserInterfaceStyle) throws {
        try environment.setAppearance(appearance)
        try environment.clock.advance(by: TouchSynthesizer.frame)
    }

    /// The user's text size changed (the preview page's menu): text that adjusts to it, and
    /// the views that read it, lay out and draw again.
    public func setContentSizeCategory(_ category: ContentSizeCategory) throws {
        try environment.setContentSizeCategory(category)
        try environment.clock.advance(by: TouchSynthesizer.frame)
    }

    private func onScreen(_ point: CGPoint, clamped: Bool = false) throws -> CGPoint {
        guard point.x.isFinite, point.y.isFinite else { throw ScriptValueError("a touch's point must be finite") }
        guard clamped else { return point }
        let screen = environment.application.screen.bounds
        return CGPoint(
            x: min(max(point.x, 0), screen.width - 0.001), y: min(max(point.y, 0), screen.height - 0.001))
    }
}
