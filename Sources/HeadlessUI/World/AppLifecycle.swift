import ObjectBridge

/// The application's life as UIKit runs it: launch, becoming active, and the way out. Each step
/// calls the app delegate's method (when its script defines it), then posts the step's
/// notification to the default center.
extension UIWorld {
    /// UIApplication's lifecycle notifications.
    public enum ApplicationNotification: String, CaseIterable, Sendable {
        case didFinishLaunching = "UIApplicationDidFinishLaunchingNotification"
        case didBecomeActive = "UIApplicationDidBecomeActiveNotification"
        case willResignActive = "UIApplicationWillResignActiveNotification"
        case didEnterBackground = "UIApplicationDidEnterBackgroundNotification"
        case willEnterForeground = "UIApplicationWillEnterForegroundNotification"
        case willTerminate = "UIApplicationWillTerminateNotification"

        /// The app delegate's method for this step.
        var delegateMethod: String {
            switch self {
            case .didFinishLaunching: "application_didFinishLaunchingWithOptions"
            case .didBecomeActive: "applicationDidBecomeActive"
            case .willResignActive: "applicationWillResignActive"
            case .didEnterBackground: "applicationDidEnterBackground"
            case .willEnterForeground: "applicationWillEnterForeground"
            case .willTerminate: "applicationWillTerminate"
            }
        }
    }

    static let appDelegateProtocol = ProtocolDescription(
        "UIApplicationDelegate",
        optional: [
            "application_willFinishLaunchingWithOptions", "application_didFinishLaunchingWithOptions",
            "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
            "applicationWillEnterForeground", "applicationWillTerminate", "applicationDidReceiveMemoryWarning",
            "application_supportedInterfaceOrientationsForWindow",
        ])

    /// Launches the application. With `delegate` (an instance of the script's app delegate
    /// class), it becomes `UIApplication.delegate` and makes the app's window itself, as an
    /// Xcode app's delegate does; without one, the host's window shows the root controller
    /// already set. With `mainStoryboard`, its initial view controller is the root: of a window
    /// made for the delegate before it launches, or of the host's window. Either way the app
    /// then becomes active.
    public func launch(delegate: BridgeObject?, mainStoryboard: String? = nil) throws {
        let application = environment.application
        let storyboardRoot = try mainStoryboard.map(initialController(ofMainStoryboard:))
        if let delegate {
            hostWindow.isHidden = true  // the delegate makes the app's own window
            application.delegate = delegate
            // With a main storyboard, UIKit makes the window and its root before the delegate
            // launches, gives it to the delegate's `window`, and shows it (loading the root's
            // view) after.
            let storyboardWindow = try storyboardRoot.map { try windowForLaunch(root: $0, delegate: delegate) }
            let launchOptions = AnyScriptValue(nil)
            for method in ["application_willFinishLaunchingWithOptions", "application_didFinishLaunchingWithOptions"] {
                try callDelegate(method, application, launchOptions)
            }
            if let storyboardWindow, application.keyWindow == nil || application.keyWindow === hostWindow {
                try storyboardWindow.makeKeyAndVisible()
            }
            try checkWindowAfterLaunch(by: delegate)
            try application.layoutPass()  // the first screen is laid out and drawn, as the first commit does
        } else if let storyboardRoot {
            try setRoot(storyboardRoot)
        }
        try post(.didFinishLaunching, callingDelegate: false)
        try post(.didBecomeActive)
    }

    /// The application ends: it resigns active, enters the background and terminates. A failing
    /// step is reported and the next still runs, as the app is going anyway.
    public func terminate() {
        for step in [ApplicationNotification.willResignActive, .didEnterBackground, .willTerminate] {
            do { try post(step) } catch { bridge.report(error, during: step.delegateMethod) }
        }
    }

    /// Calls the delegate's method for `notification`, then posts it from the application to
    /// the default center's observers (their errors are reported, and the rest still hear it).
    public func post(_ notification: ApplicationNotification, callingDelegate: Bool = true) throws {
        if callingDelegate { try callDelegate(notification.delegateMethod, environment.application) }
        try environment.notificationCenter.post(
            NotificationObject(
                name: notification.rawValue, object: environment.application, userInfo: AnyScriptValue(nil)))
    }

    private func callDelegate<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws {
        guard let delegate = environment.application.delegate,
            let function = delegate.scriptClass?.scriptMethod(named: method)
        else { return }
        _ = try bridge.call(
            function, on: delegate, method: method, repeat each arguments, returning: AnyScriptValue.self)
    }

    /// UIKit requires a key window with a root view controller once launching ends.
    /// The main storyboard's initial view controller, with UIKit's message when it has none.
    /// Makes the main storyboard's initial controller again as the key window's root: a saved
    /// storyboard that no script handler takes shows what it now says.
    public func rebuildFromMainStoryboard(_ name: String) throws {
        let root = try initialController(ofMainStoryboard: name)
        try (environment.application.keyWindow ?? hostWindow).setRootViewController(root)
        try environment.application.layoutPass()
    }

    /// Loads again, from the nib, the views of the controllers on screen that the nib `name`
    /// gave their views (as File's Owner); each view takes its old one's place and
    /// `viewDidLoad` runs. Returns how many there were.
    public func reloadViews(fromNib name: String) throws -> Int {
        var count = 0
        var pending = environment.application.windows.compactMap(\.rootViewController)
        while let controller = pending.popLast() {
            pending += controller.children + [controller.presented].compactMap { $0 }
            guard controller.loadedView != nil, controller.storyboardScene == nil,
                try controller.effectiveNibName() == name
            else { continue }
            try controller.loadView()
            try controller.lifecycle("viewDidLoad")
            count += 1
        }
        if count > 0 { try environment.application.layoutPass() }
        return count
    }

    private func initialController(ofMainStoryboard name: String) throws -> ViewController {
        guard let root = try Storyboard.named(name, environment).instantiateInitialController() else {
            throw ScriptValueError(
                "Failed to instantiate the default view controller for UIMainStoryboardFile '\(name)' - perhaps the "
                    + "designated entry point is not set?")
        }
        return root
    }

    /// A window the size of the screen with `root`, set as the delegate's `window`.
    private func windowForLaunch(root: ViewController, delegate: BridgeObject) throws -> Window {
        let window = Window(application: environment.application)
        window.frame = environment.screen.bounds
        try window.setRootViewControllerAwaitingShowing(root)
        let setWindow = try bridge.state.load(
            "local delegate, window = ... delegate.window = window", chunkName: "=launch")
        _ = try setWindow.call([try bridge.value(for: delegate), try bridge.value(for: window)])
        return window
    }

    private func checkWindowAfterLaunch(by delegate: BridgeObject) throws {
        let name = delegate.scriptClass?.name ?? "the app delegate"
        guard let key = environment.application.keyWindow, key !== hostWindow, !key.isHidden else {
            throw BridgeError(
                "\(name):application_didFinishLaunchingWithOptions showed no window: make one "
                    + "(self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)), set its "
                    + "rootViewController and call self.window:makeKeyAndVisible()")
        }
        if key.rootViewController == nil {
            bridge.report(
                .warning,
                "\(name): the key window has no rootViewController at the end of application launch, "
                    + "as UIKit expects")
        }
    }
}
