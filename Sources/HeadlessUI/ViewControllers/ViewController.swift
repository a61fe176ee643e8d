import Foundation
import ObjectBridge

/// `UIViewController`, headless, with UIKit's lifecycle: the view loads on first access
/// (`loadView`, then `viewDidLoad`); appearing and disappearing come from the window when the
/// controller becomes or stops being its root; children are contained with UIKit's calls.
open class ViewController: Responder {
    public private(set) var loadedView: View?

    /// The superview of the controller's view (a root controller's is its window), else the
    /// controller it is a child of.
    open override var nextResponder: Responder? { loadedView?.superview ?? parent }
    override var onScreenApplication: Application? { loadedView?.window?.application }
    public private(set) var children: [ViewController] = []
    @WeakObjectReference public private(set) var parent: ViewController? = nil
    /// Also the title of the tab bar item, as UIKit's setter sets it.
    public var title: String? {
        didSet {
            storedNavigationItem?.changed()
            storedTabBarItem?.title = title
        }
    }
    /// `UIRectEdge`: the edges the view runs under bars at (all, as UIKit's default).
    /// `overrideUserInterfaceStyle`: the appearance of the controller's view and what it holds.
    public internal(set) var overrideUserInterfaceStyle = UserInterfaceStyle.unspecified
    public var edgesForExtendedLayout = 15
    public var automaticallyAdjustsScrollViewInsets = true
    /// Pushed on a navigation controller in a tab, the tab bar hides while it is in the stack.
    public var hidesBottomBarWhenPushed = false
    /// Whether the view runs under an opaque navigation bar too (its extended edges allowing).
    public var extendedLayoutIncludesOpaqueBars = false
    /// The items a navigation controller's toolbar would show for this controller; Rebound's
    /// navigation controllers show no toolbar, so they are kept for scripts.
    public var toolbarItems: [BarButtonItem] = [] {
        didSet {
            for old in oldValue where !toolbarItems.contains(where: { $0 === old }) { abandon(old) }
            for item in toolbarItems where !oldValue.contains(where: { $0 === item }) { adopt(item) }
        }
    }
    /// Whether the root view's side margins are at least `systemMinimumLayoutMargins`.
    public var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { loadedView?.setNeedsLayout() }
    }

    /// UIKit's least side margins for a root view: 16 points, 20 on screens wider than 375
    /// (the table cells' rule).
    public var systemMinimumLayoutMargins: UIEdgeInsets {
        let width = loadedView?.bounds.width ?? environment.screen.bounds.width
        let side = View.systemSideMargin(forWidth: Double(width))
        return UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
    }
    private var storedNavigationItem: NavigationItem?
    private var storedTabBarItem: TabBarItem?
    /// Editing mode (`ViewController+Editing`), and the Edit/Done button once asked for.
    public internal(set) var isEditing = false
    var storedEditButtonItem: BarButtonItem?
    unowned let environment: UIEnvironment

    init(environment: UIEnvironment) {
        self.environment = environment
        super.init()
    }

    /// Child controllers die after their parent, one at a time (see `Teardown`).
    deinit {
        Teardown.release(children)
        children = []
    }

    /// What the controller shows in a navigation bar, made when first asked for.
    public var navigationItem: NavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = NavigationItem()
        item.controller = self
        adopt(item)
        storedNavigationItem = item
        return item
    }

    /// What the controller shows in a tab bar: made when first asked for, with its title.
    public var tabBarItem: TabBarItem {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = TabBarItem(title: title)
            adopt(item)
            storedTabBarItem = item
            return item
        }
        set {
            replaceOwned(storedTabBarItem, with: newValue)
            storedTabBarItem = newValue
            (parent as? TabBarController)?.itemsChanged()
        }
    }

    /// The navigation controller this controller is in, directly or through its parents.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The tab bar controller this controller is in, directly or through its parents.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    /// The split view controller this controller is in, directly or through its parents.
    public var splitViewController: SplitViewController? { nearestAncestor(SplitViewController.self) }

    private func nearestAncestor<Container: ViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let candidate = current {
            if let found = candidate as? Container { return found }
            current = candidate.parent
        }
        return nil
    }

    /// The scroll view whose content moves under the bars (`contentScrollViewForEdge`): the
    /// view, or its first subview, as UIKit finds it.
    var contentScrollView: ScrollView? {
        guard let view = loadedView else { return nil }
        return view as? ScrollView ?? view.subviews.first as? ScrollView
    }

    /// The view, loaded now if it is not yet: `loadView` (the script's when it overrides it),
    /// which must set a view, then `viewDidLoad`.
    public func view() throws -> View {
        if let loadedView { return loadedView }
        if try !runOverride("loadView") { try loadViewNatively() }
        guard let loaded = loadedView else {
            let name = (try? bridge?.classObject(for: self).name) ?? "UIViewController"
            throw ScriptValueError("\(name):loadView did not set self.view")
        }
        try lifecycle("viewDidLoad")
        return loaded
    }

    /// UIKit's default `loadView`: the view from the controller's nib, with the controller as
    /// File's Owner (its `view` outlet sets the view); without one, a plain view the size of the
    /// screen.
    func loadView() throws {
        if let name = try effectiveNibName() {
            _ = try Nib.named(name, environment).instantiate(owner: self, environment: environment)
            guard loadedView != nil else {
                throw ScriptValueError("loaded the \"\(name)\" nib but the view outlet was not set")
            }
            return
        }
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
    }

    /// The storyboard scene the controller came from, whose view it loads. The controller owns
    /// the storyboard, so that what a script keeps on `controller.storyboard` lasts.
    var storyboardScene: StoryboardScene? {
        didSet { replaceOwned(oldValue?.storyboard, with: storyboardScene?.storyboard) }
    }
    /// The controller this one presents, and the one that presents this one.
    var presented: ViewController?
    @WeakObjectReference var presenting: ViewController? = nil
    /// How this controller is presented, and how it is shown while it is.
    var modalPresentationStyle = ModalPresentationStyle.automatic
    var modalTransitionStyle = ModalTransitionStyle.coverVertical
    var presentedShowing: ModalShowing?
    /// `modalInPresentation`: a drag down does not dismiss the controller's sheet.
    var isModalInPresentation = false
    /// The sheet this controller is presented in, once asked for (it owns it).
    var sheet: SheetPresentationController? { didSet { replaceOwned(oldValue, with: sheet) } }
    /// The end of a presentation or dismissal this controller is animating.
    var presentationTransition: (() throws -> Void)?

    /// The view as the native class loads it: from the storyboard scene, else `loadView`.
    func loadViewNatively() throws {
        if let storyboardScene {
            try NibInstantiation(
                document: storyboardScene.storyboard.document, environment: environment, owner: self,
                storyboard: storyboardScene.storyboard
            ).loadView(of: storyboardScene, into: self)
        } else {
            try loadView()
        }
    }

    /// `performSegueWithIdentifier_sender`: the scene's segue of that name.
    func performSegue(identifier: String, sender: BridgeObject?) throws {
        guard let storyboardScene, let segue = storyboardScene.segue(identifier: identifier) else {
            let name = (try? bridge?.classObject(for: self).name) ?? "UIViewController"
            throw ScriptValueError("Receiver (\(name)) has no segue with identifier '\(identifier)'")
        }
        try StoryboardSegue.perform(segue, of: storyboardScene, from: self, sender: sender, triggered: false)
    }

    /// The nib name given to `initWithNibName_bundle`.
    var nibName: String?

    /// `nibName`: the name given, else (as UIKit looks) the program's nib named after the
    /// class without "Controller" (`DetailView` for `DetailViewController`), else after the
    /// class.
    func effectiveNibName() throws -> String? {
        if let nibName { return nibName }
        guard let className = try? bridge?.classObject(for: self).name, !className.hasPrefix("UI") else { return nil }
        var candidates = [className]
        if className.hasSuffix("Controller") {
            candidates.insert(String(className.dropLast("Controller".count)), at: 0)
        }
        return try candidates.first {
            try environment.nibDocuments.document(named: $0, type: "xib", in: environment) != nil
        }
    }

    /// Sets the controller's view. A new view set while the old one is on screen (a nib
    /// delivered again as the program runs) takes the old one's place, frame and mask.
    func setView(_ view: View?) throws {
        let old = loadedView
        if old?.viewController === self { old?.viewController = nil }
        replaceOwned(old, with: view)
        loadedView = view
        view?.viewController = self
        guard let old, let view, old !== view, view.superview == nil, let superview = old.superview,
            let index = superview.subviews.firstIndex(where: { $0 === old })
        else { return }
        view.frame = old.frame
        view.autoresizingMask = old.autoresizingMask
        old.removeFromSuperview()
        try superview.insertSubview(view, at: index)
    }

    /// Calls a lifecycle method: the script's override, or the native one (which does nothing).
    func lifecycle(_ method: String) throws {
        _ = try runOverride(method)
    }

    func lifecycle(_ method: String, animated: Bool) throws {
        if try !runOverride(method, animated) { try nativeLifecycle(method, animated: animated) }
    }

    /// A container lays out what it contains as its view lays out (a navigation controller,
    /// its bar and top view), after `viewWillLayoutSubviews`, as a container's view does in
    /// its own `layoutSubviews`.
    func layoutContainedViews() throws {}

    /// What the native class does itself on an appearance call (a table view controller
    /// clears its selection); the script's override reaches it by calling super.
    func nativeLifecycle(_ method: String, animated: Bool) throws {}

    func addChild(_ child: ViewController) throws {
        guard child !== self, !isDescendant(of: child) else {
            throw ScriptValueError("a view controller cannot contain itself or one of its parents")
        }
        if child.parent === self { return }
        try child.containment("willMoveToParentViewController", self)
        child.removeFromParentQuietly()
        adopt(child)
        children.append(child)
        child.parent = self
    }

    /// Puts the children in `order` (the same controllers), as a navigation stack is.
    func setChildrenOrder(_ order: [ViewController]) {
        guard order.count == children.count, order.allSatisfy({ child in children.contains { $0 === child } }) else {
            return
        }
        children = order
    }

    func removeFromParent() throws {
        guard parent != nil else { return }
        removeFromParentQuietly()
        try containment("didMoveToParentViewController", nil)
    }

    private func removeFromParentQuietly() {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.children.remove(at: index)
        self.parent = nil
        parent.abandon(self)
    }

    func containment(_ method: String, _ parent: ViewController?) throws {
        _ = try runOverride(method, parent)
    }

    private func isDescendant(of other: ViewController) -> Bool {
        var current = parent
        while let candidate = current {
            if candidate === other { return true }
            current = candidate.parent
        }
        return false
    }

}

// MARK: Rotation and traits

extension ViewController {
    /// `UIInterfaceOrientationMask`: the script's answer, or UIKit's default for the device.
    func supportedInterfaceOrientations() throws -> Int {
        try runOverride("supportedInterfaceOrientations", returning: Int.self)
            ?? DeviceOrientation.defaultSupportedMask(pad: environment.screen.profile.isPad)
    }

    func shouldAutorotate() throws -> Bool {
        try runOverride("shouldAutorotate", returning: Bool.self) ?? true
    }

    /// `willTransitionToTraitCollection_withTransitionCoordinator`: the script's, or the default.
    func willTransition(to traits: TraitCollection, _ coordinator: TransitionCoordinator) throws {
        if try !runOverride("willTransitionToTraitCollection_withTransitionCoordinator", traits, coordinator) {
            try defaultWillTransition(to: traits, coordinator)
        }
    }

    /// UIKit's default: the children hear of it.
    func defaultWillTransition(to traits: TraitCollection, _ coordinator: TransitionCoordinator) throws {
        for child in children { try child.willTransition(to: traits, coordinator) }
    }

    /// `viewWillTransitionToSize_withTransitionCoordinator`: the script's, or the default.
    func transition(to size: CGSize, _ coordinator: TransitionCoordinator) throws {
        if try !runOverride("viewWillTransitionToSize_withTransitionCoordinator", size, coordinator) {
            try defaultTransition(to: size, coordinator)
        }
    }

    /// UIKit's default, which a script's override reaches by calling super: in a rotation, the
    /// deprecated calls (`willRotate…` now, `willAnimateRotation…` in the animation,
    /// `didRotate…` at its end), then the children hear of it.
    func defaultTransition(to size: CGSize, _ coordinator: TransitionCoordinator) throws {
        if let turn = coordinator.turn {
            _ = try runOverride("willRotateToInterfaceOrientation_duration", turn.to.rawValue, turn.duration)
            coordinator.animateAlongside {
                _ = try self.runOverride(
                    "willAnimateRotationToInterfaceOrientation_duration", turn.to.rawValue, turn.duration)
            }
            coordinator.onCompletion {
                _ = try self.runOverride("didRotateFromInterfaceOrientation", turn.from.rawValue)
            }
        }
        for child in children { try child.transition(to: size, coordinator) }
    }
}
