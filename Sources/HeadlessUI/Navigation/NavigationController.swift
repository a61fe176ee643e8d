import Foundation
import ObjectBridge

/// `UINavigationController`: a stack of view controllers (its children), the top one's view
/// under a navigation bar. Pushing and popping send UIKit's appearance calls in UIKit's order
/// (push: the new controller's `viewDidLoad`, the old one's `viewWillDisappear`, the new one's
/// `viewWillAppear`, the transition, `viewDidDisappear`, `viewDidAppear`, then
/// `didMoveToParentViewController`), and animated they slide on the virtual clock for 0.35 s.
/// A controller whose view runs under the bar (`edgesForExtendedLayout` with the top edge) and
/// is a scroll view gets the bar's height as its top content inset.
public final class NavigationController: ViewController {
    public private(set) var navigationBar: NavigationBar
    public private(set) var isNavigationBarHidden = false
    /// The transition under way, finished at once if another begins.
    private var finishTransition: (() throws -> Void)?

    /// How long a push or pop slides (UIKit's, read from its transition).
    static let transitionDuration = 0.35

    override init(environment: UIEnvironment) {
        navigationBar = NavigationBar(touches: environment.touches, engine: environment.text)
        super.init(environment: environment)
        attach(navigationBar)
    }

    /// Makes `bar` the controller's: it owns it, and the bar's back button and translucency
    /// reach it.
    private func attach(_ bar: NavigationBar) {
        adopt(bar)
        bar.onBack = { [weak self] in _ = try self?.pop(animated: true) }
        bar.onTranslucencyChange = { [weak self] in
            if let self, let top = self.topViewController, let view = top.loadedView { self.arrange(top, view) }
        }
        bar.onStyleChange = { [weak self] in self?.environment.application.statusBarAppearanceStale = true }
        bar.onHeightChange = { [weak self] in self?.barHeightDidChange() }
        bar.onLargeTitlesChange = { [weak self] in try? self?.showBar() }  // cannot fail: the bar is in the view
    }

    public var viewControllers: [ViewController] { children }
    public var topViewController: ViewController? { children.last }

    /// A plain view holding the top controller's view (loaded now) under the bar.
    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
        guard let top = topViewController else { return }
        do {
            let topView = try top.view()
            arrange(top, topView)
            try view.addSubview(topView)
            try showBar()
        } catch {
            bridge?.report(error, during: "loading the view of the navigation controller's top view controller")
        }
    }

    /// Whether the controller's view is on screen, so its children get appearance calls.
    private var isShown: Bool { loadedView?.window != nil }

    // MARK: Geometry

    /// The bottom of the bar: the status bar plus the bar's 44 points and its search bar (0
    /// with the bar hidden).
    var barBottom: Double {
        isNavigationBarHidden ? 0 : environment.application.statusBarFrame.height + navigationBar.contentHeight
    }

    /// Where a child's view goes: under a translucent bar when it extends to the top edge, else
    /// below the bar (an opaque bar covers nothing unless `extendedLayoutIncludesOpaqueBars`).
    private func frame(for child: ViewController) -> CGRect {
        let bounds = loadedView?.bounds ?? environment.screen.bounds
        if extendsUnderBar(child) { return bounds }
        return CGRect(x: 0, y: barBottom, width: bounds.width, height: max(0, bounds.height - barBottom))
    }

    private func extendsUnderBar(_ child: ViewController) -> Bool {
        child.edgesForExtendedLayout & 1 != 0
            && (navigationBar.isTranslucent || child.extendedLayoutIncludesOpaqueBars || isNavigationBarHidden)
    }

    /// Lays out the top view; a scroll view under the bar takes the bar into its insets when
    /// it is laid out next (`ScrollView.adjustToSafeArea`), as UIKit's safe area reaches it.
    private func arrange(_ child: ViewController, _ view: View) {
        view.frame = frame(for: child)
        if view is ScrollView { view.setNeedsLayout() }
        // Watched once: the top view is arranged on every layout pass.
        if let scrollView = child.contentScrollView, scrollView.contentObservers[ObjectIdentifier(self)] == nil {
            scrollView.contentObservers[ObjectIdentifier(self)] = { [weak self, weak child] in
                if let self, let child { self.contentDidScroll(of: child) }
            }
            scrollView.restObservers[ObjectIdentifier(self)] = { [weak self, weak child] in
                if let self, let child { try self.contentDidRest(of: child) }
            }
        }
    }

    /// The top controller's content came to rest with the bar's expansions part way gone: it
    /// scrolls on until they are all there or all gone.
    private func contentDidRest(of child: ViewController) throws {
        guard child === topViewController, finishTransition == nil, extendsUnderBar(child),
            let scrollView = child.contentScrollView
        else { return }
        let away = child.navigationItem.scrolledAway
        guard let resting = navigationBar.restingScrolledAway(away) else { return }
        var offset = scrollView.contentOffset
        offset.y += resting - away
        try scrollView.setContentOffset(offset, animated: true)
    }

    /// The top controller's content moved: what of the bar's expanded height the content no
    /// longer reaches down to is scrolled away, so the bar's bottom follows the content's top;
    /// and the bar is at its scroll edge while the content is at its top.
    private func contentDidScroll(of child: ViewController) {
        guard child === topViewController, finishTransition == nil, let scrollView = child.contentScrollView,
            let view = loadedView
        else { return }
        let item = child.navigationItem
        if extendsUnderBar(child) {
            let contentTop = Double((try? scrollView.convert(CGPoint(x: 0, y: 0), to: view).y) ?? 0)
            let expandedBottom = environment.application.statusBarFrame.height + navigationBar.expandedHeight
            item.scrolledAway = max(0, expandedBottom - contentTop)
            item.isContentAtTop = item.scrolledAway < 0.5
        } else {
            item.isContentAtTop = scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top + 0.5
        }
        navigationBar.setNeedsLayout()
        navigationBar.announceHeight()
    }

    /// The bar over `top` (the top controller unless a pop is on its way to another), with
    /// the back button of the controller below it.
    private func showBar(top: ViewController? = nil) throws {
        guard let view = loadedView else { return }
        let status = environment.application.statusBarFrame.height
        navigationBar.frame = CGRect(
            x: 0, y: status, width: view.bounds.width, height: navigationBar.contentHeight)
        navigationBar.isHidden = isNavigationBarHidden
        let index = top.flatMap { shown in children.firstIndex { $0 === shown } } ?? children.count - 1
        tabBarController?.showBar(
            hiddenByPush: children.prefix(index + 1).dropFirst().contains { $0.hidesBottomBarWhenPushed }, in: self)
        navigationBar.show(
            top: children.indices.contains(index) ? children[index].navigationItem : nil,
            back: index > 0 ? children[index - 1].navigationItem : nil, largeTitle: showsLargeTitle(at: index))
        if navigationBar.superview !== view {
            try view.addSubview(navigationBar)
        } else {
            try view.insertSubview(navigationBar, at: view.subviews.count)
        }
    }

    /// Whether the controller at `index` shows a large title: the bar prefers them and its item
    /// (or, automatic, the nearest item below it that decides) does not refuse.
    private func showsLargeTitle(at index: Int) -> Bool {
        guard navigationBar.prefersLargeTitles, children.indices.contains(index) else { return false }
        for controller in children[...index].reversed() {
            switch controller.navigationItem.largeTitleDisplayMode {
            case 1: return true
            case 2: return false
            default: continue
            }
        }
        return true
    }

    func setNavigationBarHidden(_ hidden: Bool) throws {
        isNavigationBarHidden = hidden
        environment.application.statusBarAppearanceStale = true  // the top controller decides it now
        try showBar()
        if let top = topViewController, let view = top.loadedView { arrange(top, view) }
    }

    // MARK: The stack

    /// `initWithRootViewController` and `setViewControllers_animated`: the new stack, its top
    /// shown (with appearance calls when the old top goes).
    func setViewControllers(_ controllers: [ViewController], animated: Bool) throws {
        for (index, controller) in controllers.enumerated()
        where controllers[..<index].contains(where: { $0 === controller }) {
            throw ScriptValueError("a view controller cannot be in a navigation stack twice")
        }
        try finishTransition?()
        environment.application.statusBarAppearanceStale = true
        let old = topViewController
        for child in children where !controllers.contains(where: { $0 === child }) {
            try child.containment("willMoveToParentViewController", nil)
            if child !== old { try child.removeFromParent() }
        }
        for controller in controllers where controller.parent !== self { try addChild(controller) }
        reorderChildren(controllers)
        guard let top = controllers.last, top !== old else {
            if let old, !controllers.contains(where: { $0 === old }) { try old.removeFromParent() }
            return try showBar()
        }
        try transition(from: old, to: top, forward: true, animated: animated) { [weak self] in
            if let old, !controllers.contains(where: { $0 === old }) { try old.removeFromParent() }
            for controller in controllers where controller !== old {
                try controller.containment("didMoveToParentViewController", self)
            }
        }
    }

    func push(_ controller: ViewController, animated: Bool) throws {
        guard !children.contains(where: { $0 === controller }) else {
            throw ScriptValueError("pushing the same view controller instance more than once is not supported")
        }
        guard controller !== self else { throw ScriptValueError("a navigation controller cannot push itself") }
        try finishTransition?()
        let old = topViewController
        try addChild(controller)
        try transition(from: old, to: controller, forward: true, animated: animated) { [weak self] in
            try controller.containment("didMoveToParentViewController", self)
        }
    }

    /// Pops the top controller; nil when only the root is left, as in UIKit.
    func pop(animated: Bool) throws -> ViewController? {
        try finishTransition?()
        guard children.count > 1, let top = topViewController else { return nil }
        return try pop(to: children[children.count - 2], animated: animated).first ?? top
    }

    /// Pops everything above `target`; returns what was popped, bottom first.
    func pop(to target: ViewController, animated: Bool) throws -> [ViewController] {
        try finishTransition?()
        guard let index = children.firstIndex(where: { $0 === target }) else {
            throw ScriptValueError("the view controller to pop to is not in the navigation stack")
        }
        let popped = Array(children[(index + 1)...])
        guard let top = popped.last else { return [] }
        for controller in popped { try controller.containment("willMoveToParentViewController", nil) }
        for controller in popped.dropLast() { try controller.removeFromParent() }
        try transition(from: top, to: target, forward: false, animated: animated) {
            try top.removeFromParent()
        }
        return popped
    }

    private func reorderChildren(_ order: [ViewController]) {
        setChildrenOrder(order.filter { $0.parent === self })
    }

    // MARK: Transitions

    /// Shows `to` in place of `from`: appearance calls in UIKit's order when shown, sliding
    /// (forward: in from the right) when animated; `done` runs at the end. The transition is
    /// kept by the controller until then, so `done` must not keep the controller.
    private func transition(
        from: ViewController?, to: ViewController, forward: Bool, animated: Bool,
        done: @escaping () throws -> Void
    ) throws {
        environment.application.statusBarAppearanceStale = true  // the top controller may decide it
        // Before the navigation controller's view loads, only the stack changes.
        guard let container = loadedView else { return try done() }
        let toView = try to.view()
        let fromView = from?.loadedView
        let shown = isShown
        if shown, let from { try from.lifecycle("viewWillDisappear", animated: animated) }
        if shown { try to.lifecycle("viewWillAppear", animated: animated) }
        arrange(to, toView)
        if forward || fromView == nil {
            try container.addSubview(toView)
        } else if let fromView, let index = container.subviews.firstIndex(where: { $0 === fromView }) {
            try container.insertSubview(toView, at: index)
        }
        try showBar(top: to)
        let finish: () throws -> Void = { [weak self] in
            guard let self else { return }
            self.finishTransition = nil
            if let fromView, fromView !== toView { fromView.removeFromSuperview() }
            if let from { from.loadedView.map { self.arrange(from, $0) } }
            if shown, let from { try from.lifecycle("viewDidDisappear", animated: animated) }
            if shown { try to.lifecycle("viewDidAppear", animated: animated) }
            try done()
        }
        guard animated, shown, let bridge else { return try finish() }
        let width = container.bounds.width
        let start = toView.frame
        AnimationScope.run(group: nil) { toView.frame = start.offsetBy(dx: forward ? width : -width * 0.3, dy: 0) }
        finishTransition = finish
        // The group reaches the transition through the controller: the views it animates hold
        // the group, and the transition holds the views.
        try ViewAnimations.animate(
            duration: Self.transitionDuration, clock: environment.clock, bridge: bridge, completion: nil,
            onFinish: { [weak self] _ in
                guard let self, let finish = self.finishTransition else { return }
                do { try finish() } catch { self.bridge?.report(error, during: "a navigation transition") }
            }
        ) {
            toView.frame = start
            if let fromView { fromView.frame = fromView.frame.offsetBy(dx: forward ? -width * 0.3 : width, dy: 0) }
        }
    }

    /// The bar and the top view follow the view's size (a rotation), unless a push or pop is
    /// sliding them.
    override func layoutContainedViews() throws {
        guard finishTransition == nil, let view = loadedView, let top = topViewController,
            let topView = top.loadedView, topView.superview === view
        else { return }
        arrange(top, topView)
        navigationBar.frame = CGRect(
            x: 0, y: environment.application.statusBarFrame.height, width: view.bounds.width,
            height: navigationBar.contentHeight)
    }

    /// The bar grew or shrank (a search bar came, or a search began): it and the top view
    /// are laid out again, the top view's safe area following.
    private func barHeightDidChange() {
        try? layoutContainedViews()  // cannot fail: the native layout throws nothing
        topViewController?.loadedView?.setNeedsLayout()
    }

    /// The top controller gets the navigation controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        try topViewController?.lifecycle(method, animated: animated)
    }

    /// Makes the navigation bar of script class `cls` (a `UINavigationBar` subclass), as
    /// `initWithNavigationBarClass_toolbarClass` and a storyboard's bar `customClass` do.
    func makeNavigationBar(of cls: ClassObject) throws {
        guard cls.isSubclass(ofClassNamed: "UINavigationBar") else {
            throw ScriptValueError("the navigation bar class \(cls.name) is not a subclass of UINavigationBar")
        }
        guard let bridge else { return }
        let bar = NavigationBar(touches: environment.touches, engine: environment.text)
        // The class is the bar's before scripts first see it: an object keeps the class it
        // was first given to Lua with.
        try bridge.adoptFactoryClass(cls, for: bar)
        let old = navigationBar
        old.removeFromSuperview()
        abandon(old)
        navigationBar = bar
        attach(bar)
        if loadedView != nil, topViewController != nil { try showBar() }
    }
}
