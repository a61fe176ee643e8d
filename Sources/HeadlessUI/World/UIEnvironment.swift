import Foundation
import ObjectBridge

/// What the headless world's native classes share: the text engine, the screen, the virtual
/// clock and touch dispatch, and a way to warn. Made before the bridge, so that class
/// descriptions can capture it.
final class UIEnvironment {
    let text: TextEngine
    let screen: Screen
    /// `UIDevice.currentDevice`.
    let device: Device
    let clock = VirtualClock()
    lazy var touches = TouchDispatcher(clock: clock, application: application)
    let application: Application
    /// The program's files (set by the host; without them, no image has a name and the bundle
    /// is empty).
    var programFiles: ProgramFiles?
    /// The program's asset catalogs, as `colorNamed` and `imageNamed` find their sets, and the
    /// colours `colorNamed` gave, by their set's folder, which take a saved set's new looks.
    let assets = AssetCatalog()
    var catalogColors: [URL: LiveObjects<Color>] = [:]
    /// Set once the bridge exists.
    var link: BridgeLink?
    var bridge: ObjectBridge? { link?.bridge }

    /// `NSBundle.mainBundle`.
    let mainBundle = BundleObject()
    /// The program's xibs and storyboards, as last read.
    let nibDocuments = NibDocuments()
    /// Views whose document constraints vary by size class, in a window or not: a turn that
    /// changes the size classes applies their variations.
    var sizeClassHolders: [WeakObjectReference<View>] = []
    /// The Texture nodes and compositional layouts made in the world (see
    /// `UIWorld.layOutAgainAfterSave`).
    var liveNodes = LiveObjects<DisplayNode>()
    var liveLayouts = LiveObjects<CompositionalLayout>()
    var liveDataSources = LiveObjects<CollectionDiffableDataSource>()
    /// How many diffable cell or supplementary view providers are running, one inside another.
    private(set) var providerDepth = 0

    /// Runs `body` as a diffable data source's provider: registrations made meanwhile are
    /// refused when they dequeue, as UIKit refuses them.
    func providingCells<T>(_ body: () throws -> T) rethrows -> T {
        providerDepth += 1
        defer { providerDepth -= 1 }
        return try body()
    }

    /// A property list as a Lua value.
    func luaValue(_ value: PlistValue) throws -> AnyScriptValue {
        guard let state = bridge?.state else { return AnyScriptValue(nil) }
        return AnyScriptValue(try value.luaValue(in: state))
    }

    /// The program's file at `path` (absolute, or relative to the bundle), if it has one; an
    /// error for a path outside the program's files.
    func programFile(_ path: String) throws -> URL? {
        guard let files = programFiles else {
            throw ScriptValueError("this world runs no program, so it has no files to read")
        }
        return try files.checkedFile(path)
    }

    /// UIView's `beginAnimations_context` blocks still open.
    lazy var legacyAnimations = LegacyAnimations(environment: self)
    /// `CATransaction`'s nested transactions.
    lazy var transactions = TransactionStack(clock: clock)

    /// `NSNotificationCenter.defaultCenter`.
    let notificationCenter = NotificationCenterObject()
    /// UIKit's stack of graphics contexts: a view's while it draws, image contexts, pushed ones.
    var graphics: GraphicsStack { application.graphics }
    /// `NSUserDefaults.standardUserDefaults`, read from its file when first asked for.
    lazy var userDefaults = UserDefaultsObject(file: foundation.defaultsFile) { [unowned self] in self.warn($0) }
    /// What the world keeps alive with its userdata while the world lives or until let go, as
    /// UIKit's run loop and windows keep theirs: scheduled timers and display links, an animation
    /// block's delegate until the block ends, the keyboard's window. Counted: an object kept twice
    /// is let go twice.
    private var kept: [ObjectIdentifier: (anchor: ObjectAnchor, count: Int)] = [:]
    /// Calls waiting for `performSelector_withObject_afterDelay`'s delay.
    var pendingPerforms: [DelayedPerform.Request] = []

    func keep(_ object: BridgeObject) throws {
        let id = ObjectIdentifier(object)
        if let entry = kept[id] {
            kept[id] = (entry.anchor, entry.count + 1)
        } else if let bridge {
            kept[id] = (try bridge.anchor(object), 1)
        }
    }

    func stopKeeping(_ object: BridgeObject) {
        let id = ObjectIdentifier(object)
        guard let entry = kept[id] else { return }
        kept[id] = entry.count > 1 ? (entry.anchor, entry.count - 1) : nil
    }

    /// Lets go of what waits on the clock, as the world goes away.
    func dropPendingWork() {
        clock.removeAllTimers()
        kept = [:]
        pendingPerforms = []
    }

    /// The world's fixed locale, time zone and epoch.
    let foundation: FoundationContext
    /// What the layers above draw for the world.
    let services: WorldServices

    init(text: TextEngine, screen: Screen, foundation: FoundationContext, services: WorldServices) {
        self.text = text
        self.services = services
        self.screen = screen
        device = Device(screen: screen)
        self.foundation = foundation
        application = Application(screen: screen)
        application.keyboard = Keyboard(environment: self)
        // Weakly: an engine can outlive this world, drawing for another.
        text.refused = { [weak self] in self?.warn($0) }
    }

    func warn(_ message: String) {
        bridge?.report(.warning, message)
    }

    /// Notices already given, which are given once.
    private var notices: Set<String> = []

    /// Tells the user, once, of something Rebound does differently from a device that needs no
    /// change (a font drawn with a stand-in).
    func noticeOnce(_ message: String) {
        guard notices.insert(message).inserted else { return }
        bridge?.report(.notice, message)
    }
}
