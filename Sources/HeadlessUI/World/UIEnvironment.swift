import ObjectBridge

/// What the headless world's native classes share: the text engine, the screen, the virtual
/// clock and touch dispatch, and a way to warn. Made before the bridge, so that class
/// descriptions can capture it.
final class UIEnvironment {
    let text: TextEngine
    let screen: Screen
    let clock = VirtualClock()
    lazy var touches = TouchDispatcher(clock: clock, application: application)
    let application: Application
    /// UIKit's default tint (0, 122, 255), one object per world.
    let defaultTint = Color(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// Where `UIImage:imageNamed` finds a file: a project-relative path to a file path, or nil
    /// when the program has no such file (set by the host; without one, no image has a name).
    var imageFiles: ((String) -> String?)?
    /// Set once the bridge exists.
    var link: BridgeLink?
    var bridge: ObjectBridge? { link?.bridge }

    /// `NSNotificationCenter.defaultCenter`.
    let notificationCenter = NotificationCenterObject()
    /// `NSUserDefaults.standardUserDefaults`, read from its file when first asked for.
    lazy var userDefaults = UserDefaultsObject(file: foundation.defaultsFile) { [unowned self] in self.warn($0) }
    /// Scheduled timers, kept (with their userdata) while they are valid, as a run loop keeps them.
    private var runningTimers: [ObjectIdentifier: ObjectAnchor] = [:]
    /// Calls waiting for `performSelector_withObject_afterDelay`'s delay.
    var pendingPerforms: [DelayedPerform.Request] = []

    func keepRunning(_ timer: TimerObject) throws {
        guard let bridge else { return }
        runningTimers[ObjectIdentifier(timer)] = try bridge.anchor(timer)
    }

    func stopKeeping(_ timer: TimerObject) {
        runningTimers[ObjectIdentifier(timer)] = nil
    }

    /// Lets go of what waits on the clock, as the world goes away.
    func dropPendingWork() {
        clock.removeAllTimers()
        runningTimers = [:]
        pendingPerforms = []
    }

    /// The world's fixed locale, time zone and epoch.
    let foundation: FoundationContext

    init(text: TextEngine, screen: Screen, foundation: FoundationContext) {
        self.text = text
        self.screen = screen
        self.foundation = foundation
        application = Application(screen: screen)
    }

    func warn(_ message: String) {
        bridge?.report(.warning, message)
    }
}
