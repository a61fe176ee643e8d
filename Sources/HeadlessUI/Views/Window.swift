import Foundation
import ObjectBridge

/// `UIWindow`: the root of a view tree, showing its root view controller's view. A window is
/// hidden until shown (`makeKeyAndVisible`); the application lists it while it lives.
public final class Window: View {
    public private(set) var rootViewController: ViewController?
    /// The root's view waits for the window to show: the main storyboard's initial controller,
    /// whose view UIKit loads after the app delegate's launch methods (which may extend its
    /// class or hand it what `viewDidLoad` reads).
    private var rootAwaitsShowing = false
    /// The scale of the screen the window shows on (layouts round to it).
    public internal(set) var screenScale = 1.0
    /// `UIWindowLevel`: windows of a higher level are in front.
    public var windowLevel = 0.0
    unowned let application: Application
    /// The window's Auto Layout engine, made when a constraint first needs one.
    private var layoutEngine: LayoutEngine?
    /// Constraints in the window whose constants changed since the engine's last pass, in the
    /// order they changed.
    private var changedConstants: [LayoutConstraint] = []
    private var changedConstantKeys: Set<ObjectIdentifier> = []

    func noteConstantChanged(_ constraint: LayoutConstraint) {
        if changedConstantKeys.insert(ObjectIdentifier(constraint)).inserted { changedConstants.append(constraint) }
        setNeedsLayout()
    }

    /// The constraints whose constants changed, for the engine's pass, forgotten here.
    func takeChangedConstants() -> [LayoutConstraint] {
        defer {
            changedConstants = []
            changedConstantKeys = []
        }
        return changedConstants
    }

    init(application: Application) {
        self.application = application
        super.init()
        isHidden = true
        screenScale = application.screen.profile.scale
        application.register(self)
    }

    public var isKeyWindow: Bool { application.keyWindow === self }

    /// The window's engine, if constraints have needed one.
    var activeLayoutEngine: LayoutEngine? { layoutEngine }

    /// Within a layout pass: the views laid out so far may have added constraints or changed
    /// constants (a table's new cells), which the engine takes before the pass goes down to them.
    func updateAutoLayoutIfChanged() throws {
        guard application.usesAutoLayout,
            !changedConstants.isEmpty || layoutEngine?.isCurrent(generation: application.autoLayoutGeneration) != true
        else { return }
        try updateAutoLayout()
    }

    /// The engine's part of a layout pass, once scripts use constraints (see `LayoutEngine`).
    func updateAutoLayout() throws {
        guard application.usesAutoLayout else { return }
        let engine = layoutEngine ?? LayoutEngine(root: self, screenScale: screenScale)
        layoutEngine = engine
        try engine.update()
    }

    public override var nextResponder: Responder? { viewController ?? application }

    /// Makes `controller` the root: its view loads and fills the window, and the appearance
    /// calls go out in UIKit's order (the old root's `viewWillDisappear`, the new one's
    /// `viewWillAppear`, the old one's `viewDidDisappear`, the new one's `viewDidAppear`).
    /// The window owns the new root from the start, as UIKit retains it: scripts run while its
    /// view loads, and its userdata (with its script fields) must not be collected meanwhile.
    public func setRootViewController(_ controller: ViewController?) throws {
        let old = rootViewController
        if old === controller { return }
        rootAwaitsShowing = false
        replaceOwned(nil, with: controller)
        defer { replaceOwned(controller, with: nil) }
        let view = try controller?.view()  // the new view loads first, as in a segue
        if let old, old.loadedView != nil { try old.lifecycle("viewWillDisappear", animated: false) }
        if let controller, let view {
            view.frame = bounds
            view.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
            try controller.lifecycle("viewWillAppear", animated: false)
            replaceOwned(old, with: controller)
            rootViewController = controller
            old?.loadedView?.removeFromSuperview()
            try addSubview(view)
        } else {
            replaceOwned(old, with: nil)
            rootViewController = nil
            old?.loadedView?.removeFromSuperview()
        }
        if let old, old.loadedView != nil { try old.lifecycle("viewDidDisappear", animated: false) }
        if isKeyWindow { try application.updateStatusBarAppearance() }
        try layoutIfNeeded()
        if let controller { try controller.lifecycle("viewDidAppear", animated: false) }
    }

    /// Makes `controller` the root without loading its view, which loads when the window shows.
    func setRootViewControllerAwaitingShowing(_ controller: ViewController) throws {
        try setRootViewController(nil)
        replaceOwned(nil, with: controller)
        rootViewController = controller
        rootAwaitsShowing = true
    }

    /// `makeKeyAndVisible`: the window shows, with its root's view if that awaited it.
    public func makeKeyAndVisible() throws {
        application.makeKeyAndVisible(self)
        if rootAwaitsShowing, let controller = rootViewController {
            rootAwaitsShowing = false
            rootViewController = nil
            defer { replaceOwned(controller, with: nil) }  // setRootViewController owns it now
            try setRootViewController(controller)
        }
        try layoutIfNeeded()
    }
}
