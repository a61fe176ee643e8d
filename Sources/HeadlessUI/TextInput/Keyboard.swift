import Foundation
import ObjectBridge

/// The on-screen keyboard. It follows the first responder: a responder that takes text shows
/// it, and it goes when none is first. It slides up from the bottom of the screen on the
/// virtual clock, in a window of its own above the app's, and posts UIKit's notifications:
/// `WillChangeFrame` and `WillShow` (or `WillHide`) inside its animation, so that what their
/// observers change animates with it, then `DidChangeFrame` and `DidShow` (`DidHide`) when it
/// is in place. Each carries the frames (screen coordinates), the duration and the curve.
final class Keyboard {
    private unowned let environment: UIEnvironment
    /// The window that draws the keyboard, made when it first shows.
    private var window: Window?
    public private(set) var isShown = false
    /// Counts shows and hides, so that a slide that was overtaken does not finish.
    private var generation = 0
    /// Whether a finger has pulled the keyboard down from where it shows.
    private var isPulled = false

    /// UIKit's keyboard animation: a quarter second on curve 7, its private keyboard curve,
    /// which ease-out stands in for here.
    static let animationDuration = 0.25
    static let animationCurve = 7

    enum Notification: String, CaseIterable {
        case willShow = "UIKeyboardWillShowNotification"
        case didShow = "UIKeyboardDidShowNotification"
        case willHide = "UIKeyboardWillHideNotification"
        case didHide = "UIKeyboardDidHideNotification"
        case willChangeFrame = "UIKeyboardWillChangeFrameNotification"
        case didChangeFrame = "UIKeyboardDidChangeFrameNotification"
    }

    /// The user info keys, whose values in UIKit are their own names.
    static let userInfoKeys = [
        "UIKeyboardFrameBeginUserInfoKey", "UIKeyboardFrameEndUserInfoKey", "UIKeyboardAnimationDurationUserInfoKey",
        "UIKeyboardAnimationCurveUserInfoKey", "UIKeyboardIsLocalUserInfoKey",
    ]

    init(environment: UIEnvironment) {
        self.environment = environment
    }

    /// Where the keyboard is when shown, or just below the screen when not.
    func frame(shown: Bool) -> CGRect {
        let screen = environment.screen.bounds
        let height = KeyboardMetrics(profile: environment.screen.profile).height
        return CGRect(x: 0, y: screen.height - (shown ? height : 0), width: screen.width, height: height)
    }

    /// Shows the keyboard for a first responder that takes text, or hides it.
    func follow(_ responder: Responder?) throws {
        if responder is TextInput {
            try slide(shown: true)
        } else if isShown {
            try slide(shown: false)
        }
    }

    /// Slides the keyboard in or out; a responder that takes over from another while the
    /// keyboard shows is told again that it shows, with the same frames, as UIKit tells it.
    private func slide(shown: Bool) throws {
        guard let bridge = environment.bridge else { return }
        let begin = isShown ? frame(shown: true) : frame(shown: false)
        let end = frame(shown: shown)
        let window = try panel()
        if shown && !isShown {
            window.frame = begin
            window.isHidden = false
            environment.application.displayPending = true
        }
        isShown = shown
        generation += 1
        let current = generation
        let info = userInfo(begin: begin, end: end)
        try ViewAnimations.animate(
            duration: Self.animationDuration, curve: .easeOut, clock: environment.clock, bridge: bridge,
            completion: nil,
            onFinish: { [weak self, weak window] _ in
                // The window's animations hold this closure: it holds the window weakly.
                guard let self, let window, self.generation == current else { return }
                if !shown { window.isHidden = true }
                self.post(.didChangeFrame, info)
                self.post(shown ? .didShow : .didHide, info)
            }
        ) {
            window.frame = end
            post(.willChangeFrame, info)
            post(shown ? .willShow : .willHide, info)
        }
    }

    /// A scroll view's interactive dismissal: the keyboard's top follows the finger at `y`,
    /// between where it shows and the bottom of the screen.
    func track(fingerY y: Double) {
        guard isShown, let window else { return }
        let shown = frame(shown: true)
        window.frame.origin.y = min(max(shown.minY, y), shown.maxY)
        isPulled = window.frame.origin.y > shown.minY
        environment.application.displayPending = true
    }

    /// The finger let go of a keyboard it pulled down: moving down, `dismiss` ends the editing
    /// (and the keyboard slides out from where it is); otherwise it slides back up.
    func release(movingDown: Bool, dismiss: () throws -> Void) throws {
        guard isPulled, let window, let bridge = environment.bridge else { return }
        isPulled = false
        if movingDown { return try dismiss() }
        let shown = frame(shown: true)
        try ViewAnimations.animate(
            duration: Self.animationDuration, curve: .easeOut, clock: environment.clock, bridge: bridge,
            completion: nil, onFinish: nil
        ) { window.frame = shown }
    }

    /// The screen turned (inside the rotation's animation): a keyboard that shows takes the new
    /// orientation's height at the bottom of the turned screen, turning with it, and says so:
    /// `WillChangeFrame` and `WillShow` now, so what observers change turns along; the
    /// returned `DidChangeFrame` and `DidShow` are for when the rotation ends.
    func screenTurned() -> (() throws -> Void)? {
        guard isShown, let window else { return nil }
        let begin = window.frame
        let end = frame(shown: true)
        (window.subviews.first as? KeyboardPanel)?.metrics = KeyboardMetrics(profile: environment.screen.profile)
        window.frame = end
        let info = userInfo(begin: begin, end: end)
        post(.willChangeFrame, info)
        post(.willShow, info)
        let current = generation
        return { [weak self] in
            guard let self, self.isShown, self.generation == current else { return }
            self.post(.didChangeFrame, info)
            self.post(.didShow, info)
        }
    }

    private func userInfo(begin: CGRect, end: CGRect) -> AnyScriptValue {
        let values: [AnyScriptValue] = [
            AnyScriptValue(begin), AnyScriptValue(end), AnyScriptValue(Self.animationDuration),
            AnyScriptValue(Self.animationCurve), AnyScriptValue(true),
        ]
        return AnyScriptValue(Dictionary(uniqueKeysWithValues: zip(Self.userInfoKeys, values)))
    }

    /// Posts from no object, as UIKit does; observers' errors are reported by the center.
    private func post(_ notification: Notification, _ info: AnyScriptValue) {
        do {
            try environment.notificationCenter.post(
                NotificationObject(name: notification.rawValue, object: nil, userInfo: info))
        } catch {
            environment.bridge?.report(error, during: notification.rawValue)
        }
    }

    /// The keyboard's window: above every window an app makes (UIKit's text effects windows
    /// sit at level 10,000,000), drawn as a panel of keys.
    private func panel() throws -> Window {
        if let window { return window }
        let made = Window(application: environment.application)
        made.windowLevel = 10_000_000
        made.frame = frame(shown: false)
        let keys = KeyboardPanel(
            metrics: KeyboardMetrics(profile: environment.screen.profile), application: environment.application,
            engine: environment.text)
        keys.frame = CGRect(origin: .zero, size: frame(shown: true).size)
        keys.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? made.addSubview(keys)
        // The world keeps it, so that a script's fields on it last.
        try environment.keep(made)
        window = made
        return made
    }
}
