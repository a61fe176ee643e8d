import Foundation
import ObjectBridge

/// `UITabBarController`: its children side by side behind a tab bar, one shown at a time. The
/// shown child's view fills the controller's view, under the bar (its safe area ends above
/// the bar); switching sends the appearance calls in UIKit's order (the old child's
/// `viewWillDisappear`, the new one's `viewWillAppear`, then the `…Did…` calls). A tap on a
/// tab asks the delegate (`tabBarController_shouldSelectViewController`), selects, and tells
/// it (`tabBarController_didSelectViewController`); selecting from code tells nobody, as in
/// UIKit.
public final class TabBarController: ViewController {
    public let tabBar: TabBar
    /// Every tab, as set. Past five, the bar shows the first four and the More tab, whose
    /// navigation controller lists the rest.
    public private(set) var viewControllers: [ViewController] = []
    /// Which of the bar's tabs (`children`) shows.
    private var selectedTab: Int?
    private var shownTab: ViewController? { selectedTab.flatMap { children.indices.contains($0) ? children[$0] : nil } }
    private var storedMoreNavigation: NavigationController?
    @WeakObjectReference var delegate: BridgeObject? = nil
    /// Whether the bar is hidden because the shown tab pushed a controller that hides it.
    private var barHiddenForPush = false

    static let delegateProtocol = "UITabBarControllerDelegate"
    /// The most tabs a bar shows before the More tab takes the fifth place.
    static let maximumTabs = 5

    override init(environment: UIEnvironment) {
        tabBar = TabBar(touches: environment.touches, engine: environment.text)
        super.init(environment: environment)
        adopt(tabBar)
        tabBar.onUserSelect = { [weak self] item in try self?.userSelected(item) ?? false }
    }

    /// The tabs the More tab lists: the fifth and later, when there are more than five.
    var overflowControllers: [ViewController] {
        viewControllers.count > Self.maximumTabs ? Array(viewControllers[(Self.maximumTabs - 1)...]) : []
    }

    /// `moreNavigationController`: made when first asked for, its root the list of the tabs
    /// past the fourth, its tab "More".
    public func moreNavigationController() throws -> NavigationController {
        if let storedMoreNavigation { return storedMoreNavigation }
        let navigation = NavigationController(environment: environment)
        adopt(navigation)
        storedMoreNavigation = navigation
        try navigation.setViewControllers([MoreListController(tabs: self, environment: environment)], animated: false)
        let item = TabBarItem(title: "More")
        item.image = Self.moreImage(scale: environment.screen.profile.scale)
        navigation.tabBarItem = item
        return navigation
    }

    /// The More tab's three dots, drawn as UIKit's system item shows them.
    private static func moreImage(scale: Double) -> Image {
        let size = CGSize(width: 25, height: 25)
        let drawing = Drawing(size: size) { drawing in
            for index in 0..<3 {
                var dot = DrawingPath()
                dot.addEllipse(in: CGRect(x: 2.5 + Double(index) * 8, y: 10, width: 4, height: 4))
                drawing.fill(dot, Color(white: 0, alpha: 1))
            }
        }
        return Image(drawing: drawing, scale: scale)
    }

    /// The tab showing: an overflow tab pushed on the More tab's list, or the bar's tab.
    public var selectedViewController: ViewController? {
        guard let shown = shownTab else { return nil }
        if shown === storedMoreNavigation, let top = storedMoreNavigation?.topViewController,
            !(top is MoreListController)
        {
            return top
        }
        return shown
    }

    /// The index of the selected tab in `viewControllers`; nil while the More list shows.
    public var selectedIndex: Int? {
        guard let selected = selectedViewController else { return nil }
        return viewControllers.firstIndex { $0 === selected }
    }

    /// The bar's height with the home indicator's space under it.
    var barHeight: Double { TabBar.height + environment.screen.profile.homeIndicatorHeight }

    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
        try view.addSubview(tabBar)
        arrangeBar()
        if let shownTab { try show(shownTab) }
    }

    private var isShown: Bool { loadedView?.window != nil }

    private func arrangeBar() {
        guard let view = loadedView else { return }
        tabBar.frame = CGRect(
            x: 0, y: view.bounds.height - barHeight, width: view.bounds.width, height: barHeight)
        tabBar.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleTopMargin]).rawValue
    }

    /// Puts `child`'s view in, under the bar.
    private func show(_ child: ViewController) throws {
        guard let view = loadedView else { return }
        let childView = try child.view()
        childView.frame = view.bounds
        childView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try view.insertSubview(childView, at: 0)
    }

    // MARK: The children

    /// `setViewControllers_animated`: the new tabs, on the bar (the first four and More past
    /// five); the selection stays on its controller when it is still there, else goes to the first.
    func setViewControllers(_ controllers: [ViewController]) throws {
        for (index, controller) in controllers.enumerated()
        where controllers[..<index].contains(where: { $0 === controller }) {
            throw ScriptValueError("a view controller cannot be in a tab bar controller twice")
        }
        let oldSelection = selectedViewController
        for controller in controllers { adopt(controller) }
        for controller in viewControllers { abandon(controller) }
        viewControllers = controllers
        var tabs = controllers
        if controllers.count > Self.maximumTabs {
            let more = try moreNavigationController()
            try more.setViewControllers(Array(more.children.prefix(1)), animated: false)
            tabs = Array(controllers.prefix(Self.maximumTabs - 1)) + [more]
        }
        let oldTab = shownTab
        for child in children where !tabs.contains(where: { $0 === child }) {
            try child.containment("willMoveToParentViewController", nil)
            if child !== oldTab { try child.removeFromParent() }
        }
        for controller in tabs where controller.parent !== self { try addChild(controller) }
        setChildrenOrder(tabs)
        tabBar.setItems(tabs.map(\.tabBarItem))
        try (storedMoreNavigation?.children.first as? MoreListController)?.showRows()
        let kept = oldSelection.flatMap { selected in controllers.firstIndex { $0 === selected } }
        if let kept {
            try select(index: kept, from: oldTab)
        } else {
            try select(tab: tabs.isEmpty ? nil : 0, from: oldTab)
        }
        if let oldTab, !tabs.contains(where: { $0 === oldTab }) { try oldTab.removeFromParent() }
        for controller in tabs { try controller.containment("didMoveToParentViewController", self) }
    }

    /// A navigation controller in a tab shows a new stack: the bar hides while a controller
    /// pushed with `hidesBottomBarWhenPushed` is in it, as UIKit's does, and the views' safe
    /// areas follow.
    func showBar(hiddenByPush hidden: Bool, in navigation: NavigationController) {
        guard shownTab === navigation else { return }
        hideBarForPush(hidden)
        watchShownContent()
    }

    /// The bar is at its scroll edge while the shown tab's content (its top controller's, in a
    /// navigation controller) is scrolled to its end, or there is no scroll view.
    private func watchShownContent() {
        guard let scrollView = shownContentScrollView else {
            tabBar.isAtScrollEdge = true
            return
        }
        // Watched once: the bar is arranged on every layout pass.
        if scrollView.contentObservers[ObjectIdentifier(self)] == nil {
            scrollView.contentObservers[ObjectIdentifier(self)] = { [weak self, weak scrollView] in
                if let self, let scrollView, scrollView === self.shownContentScrollView {
                    self.noteEdge(of: scrollView)
                }
            }
        }
        noteEdge(of: scrollView)
    }

    private var shownContentScrollView: ScrollView? {
        ((shownTab as? NavigationController)?.topViewController ?? shownTab)?.contentScrollView
    }

    private func noteEdge(of scrollView: ScrollView) {
        tabBar.isAtScrollEdge = scrollView.contentOffset.y >= scrollView.offsetRange.maximum.y - 0.5
    }

    /// Hides or shows the bar for a push; a bar a script hid itself stays as it is.
    private func hideBarForPush(_ hidden: Bool) {
        guard barHiddenForPush != hidden else { return }
        barHiddenForPush = hidden
        tabBar.isHidden = hidden
        loadedView?.setTreeNeedsLayout()
    }

    /// Whether the tab `tab` shows a pushed controller that hides the bar.
    private func hidesBarForPush(_ tab: ViewController?) -> Bool {
        guard let navigation = tab as? NavigationController else { return false }
        return navigation.children.dropFirst().contains { $0.hidesBottomBarWhenPushed }
    }

    /// A child was given a new `tabBarItem`: the bar shows the children's items again.
    func itemsChanged() {
        tabBar.setItems(children.map(\.tabBarItem))
        tabBar.select(shownTab?.tabBarItem)
    }

    /// `selectedIndex =` and `selectedViewController =`, from code.
    func select(index: Int) throws {
        guard viewControllers.indices.contains(index) else {
            throw ScriptValueError(
                "selectedIndex \(index) is not the index of one of the \(viewControllers.count) tabs")
        }
        let oldTab = shownTab
        try select(index: index, from: oldTab)
    }

    /// `selectedViewController =`: one of the tabs, or the More navigation controller.
    func select(_ controller: ViewController?) throws {
        if let controller, controller === storedMoreNavigation,
            let tab = children.firstIndex(where: { $0 === controller })
        {
            let oldTab = shownTab
            return try select(tab: tab, from: oldTab)
        }
        guard let controller, let index = viewControllers.firstIndex(where: { $0 === controller }) else {
            throw ScriptValueError("the view controller to select is not one of the tab bar controller's")
        }
        try select(index: index)
    }

    /// Selects `viewControllers[index]`: its own tab, or the More tab with it pushed on the list.
    private func select(index: Int, from oldTab: ViewController?) throws {
        let controller = viewControllers[index]
        if let tab = children.firstIndex(where: { $0 === controller }) { return try select(tab: tab, from: oldTab) }
        let more = try moreNavigationController()
        try more.setViewControllers(Array(more.children.prefix(1)) + [controller], animated: false)
        try select(tab: children.firstIndex { $0 === more }, from: oldTab)
    }

    /// Shows the bar's tab `tab` in place of `old`, with the appearance calls when shown.
    private func select(tab: Int?, from old: ViewController?) throws {
        selectedTab = tab
        environment.application.statusBarAppearanceStale = true
        let new = tab.flatMap { children.indices.contains($0) ? children[$0] : nil }
        tabBar.select(new?.tabBarItem)
        hideBarForPush(hidesBarForPush(new))
        guard new !== old, loadedView != nil else { return }
        let shown = isShown
        if shown, let old { try old.lifecycle("viewWillDisappear", animated: false) }
        if shown, let new { try new.lifecycle("viewWillAppear", animated: false) }
        old?.loadedView?.removeFromSuperview()
        if let new { try show(new) }
        watchShownContent()
        if shown, let old { try old.lifecycle("viewDidDisappear", animated: false) }
        if shown, let new { try new.lifecycle("viewDidAppear", animated: false) }
    }

    /// A row of the More list was tapped: its tab is pushed on the list.
    func showOverflow(_ controller: ViewController, animated: Bool) throws {
        guard overflowControllers.contains(where: { $0 === controller }) else { return }
        try moreNavigationController().push(controller, animated: animated)
    }

    /// A tap on a tab: the delegate may refuse it; a tap on the selected tab selects nothing new
    /// (on the More tab, it goes back to the list).
    private func userSelected(_ item: TabBarItem) throws -> Bool {
        guard let tab = children.firstIndex(where: { $0.tabBarItem === item }) else { return false }
        let controller = children[tab]
        if let delegate,
            try delegate.ask(
                "tabBarController_shouldSelectViewController", of: Self.delegateProtocol, self, controller,
                returning: Bool.self) == false
        {
            return false
        }
        if tab == selectedTab, controller === storedMoreNavigation, let list = controller.children.first {
            _ = try storedMoreNavigation?.pop(to: list, animated: true)
        }
        let oldTab = shownTab
        try select(tab: tab, from: oldTab)
        _ = try delegate?.ask(
            "tabBarController_didSelectViewController", of: Self.delegateProtocol, self, controller,
            returning: AnyScriptValue.self)
        return true
    }

    /// The shown tab gets the controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        try shownTab?.lifecycle(method, animated: animated)
    }

    override func layoutContainedViews() throws {
        arrangeBar()
        watchShownContent()
    }
}
