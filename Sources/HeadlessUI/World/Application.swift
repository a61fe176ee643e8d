import Foundation
import ObjectBridge

/// `UIApplication`: the app's windows and which one is key. Windows are listed back to front:
/// by `windowLevel`, then in the order they were last brought forward (`makeKeyAndVisible`).
/// The application holds them weakly, as UIKit does: a window no one keeps goes away.
public final class Application: Responder {
    let screen: Screen
    private var entries: [WeakObjectReference<Window>] = []
    @WeakObjectReference public private(set) var keyWindow: Window? = nil
    /// The app delegate, which UIKit's application keeps for the app's lifetime.
    public var delegate: BridgeObject? { didSet { replaceOwned(oldValue, with: delegate) } }
    /// `statusBarHidden` as a script sets it (UIKit's old, application-wide way).
    public var isStatusBarHidden = false {
        didSet { if isStatusBarHidden != oldValue { statusBarVisibilityChanged() } }
    }
    /// What the controllers decided last (`updateStatusBarAppearance`): whether the bar hides,
    /// and its style (`UIStatusBarStyle`).
    var controllerHidesStatusBar = false
    public internal(set) var statusBarStyle = 0
    /// Controllers came or went since the controllers were last asked: the next layout pass asks.
    var statusBarAppearanceStale = true
    /// UIKit's stack of graphics contexts.
    let graphics = GraphicsStack()
    /// Whether some view may need to draw (a view was marked, or a new one was added).
    var displayPending = true
    /// Whether a view in a window may need layout: a window's tree was marked, or a window
    /// showed again, since the last layout pass began.
    var layoutPending = true
    public var isNetworkActivityIndicatorVisible = false
    /// Whether a script has made a constraint: until then no window runs an engine.
    var usesAutoLayout = false
    /// Counts changes to constraints and what they depend on; an engine whose last look is
    /// older looks again.
    var autoLayoutGeneration = 0
    /// The responder keys go to (`UIResponder.becomeFirstResponder`).
    @WeakObjectReference public internal(set) var firstResponder: Responder? = nil
    /// The on-screen keyboard, which follows the first responder.
    var keyboard: Keyboard?

    init(screen: Screen) {
        self.screen = screen
    }

    /// The app delegate, when it is a responder: the end of the responder chain.
    public override var nextResponder: Responder? { delegate as? Responder }

    override var onScreenApplication: Application? { self }

    /// Every live window, back to front.
    public var windows: [Window] {
        // Every layout pass asks: one array, and nothing else built when nothing changed.
        var live: [Window] = []
        live.reserveCapacity(entries.count)
        var inLevelOrder = true
        for index in entries.indices {
            guard let window = entries[index].wrappedValue else { continue }
            if let last = live.last, last.windowLevel > window.windowLevel { inLevelOrder = false }
            live.append(window)
        }
        if live.count < entries.count { entries.removeAll { $0.wrappedValue == nil } }
        // Almost always already in level order (one window, or the keyboard's last): no sort.
        if inLevelOrder { return live }
        return live.enumerated()
            .sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }.map(\.element)
    }

    /// The windows that show, back to front.
    public var visibleWindows: [Window] { windows.filter { !$0.isHidden } }

    /// Whether the status bar shows: neither the application nor its controllers hide it.
    public var showsStatusBar: Bool { !isStatusBarHidden && !controllerHidesStatusBar }

    /// The status bar: above the content, as tall as the device's.
    public var statusBarFrame: CGRect {
        showsStatusBar
            ? CGRect(x: 0, y: 0, width: screen.bounds.width, height: screen.profile.statusBarHeight) : .zero
    }

    func register(_ window: Window) {
        entries.append(WeakObjectReference(wrappedValue: window))
    }

    /// `makeKeyAndVisible`: the window shows, in front of the others of its level, and is key.
    func makeKeyAndVisible(_ window: Window) {
        window.isHidden = false
        displayPending = true  // what the window's views were marked to draw while it was hidden
        entries.removeAll { $0.wrappedValue === window || $0.wrappedValue == nil }
        entries.append(WeakObjectReference(wrappedValue: window))
        keyWindow = window
    }

    func makeKey(_ window: Window) { keyWindow = window }

    /// The window a touch at `point` (screen coordinates) goes to: the frontmost that shows,
    /// takes touches and has a view under the point; with the point in its coordinates.
    public func window(at point: CGPoint) throws -> (window: Window, view: View?, point: CGPoint)? {
        for window in visibleWindows.reversed() {
            let local = CGPoint(x: point.x - window.frame.origin.x, y: point.y - window.frame.origin.y)
            if let view = try window.hitTest(local) { return (window, view, local) }
        }
        return nil
    }

    /// The status bar showed or hid: every window's safe area changed, so each is laid out again.
    func statusBarVisibilityChanged() {
        for window in windows { window.setTreeNeedsLayout() }
    }

    /// The layout pass over every window that shows.
    public func layoutPass() throws {
        if statusBarAppearanceStale { try updateStatusBarAppearance() }
        // Most turns of the run loop (a typed character's) change nothing that needs layout.
        if layoutPending || usesAutoLayout {
            layoutPending = false
            do {
                for window in windows where !window.isHidden { try window.layoutIfNeeded() }
            } catch {
                layoutPending = true
                throw error
            }
        }
        try displayPass()
    }

    /// The views that need it draw (`drawRect`), after layout, as Core Animation's commit
    /// displays layers after laying them out.
    func displayPass() throws {
        guard displayPending else { return }
        displayPending = false
        for window in visibleWindows { try window.displayIfNeeded(graphics) }
    }

    /// Every view draws again at the next pass: a reload may have changed what `drawRect` does.
    public func setNeedsDisplayEverywhere() {
        for window in windows { window.setTreeNeedsDisplay() }
        displayPending = true
    }
}
