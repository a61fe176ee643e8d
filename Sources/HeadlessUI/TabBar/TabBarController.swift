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
    public private(set) var selectedIndex: Int?
    weak var delegate: BridgeObject?

    static let delegateProtocol = "UITabBarControllerDelegate"

    override init(environment: UIEnvironment) {
        tabBar = TabBar(touches: environment.touches, engine: environment.text)
        super.init(environment: environment)
        adopt(tabBar)
        tabBar.onUserSelect = { [weak self] item in try self?.userSelected(item) ?? false }
    }

    public var viewControllers: [ViewController] { children }
    public var selectedViewController: ViewController? {
        selectedIndex.flatMap { children.indices.contains($0) ? children[$0] : nil }
    }

    /// The bar's height with the home indicator's space under it.
    var barHeight: Double { TabBar.height + environment.screen.profile.homeIndicatorHeight }

    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
        try view.addSubview(tabBar)
        arrangeBar()
        if let selected = selectedViewController { try show(selected) }
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

    /// `setViewControllers_animated`: the new children, their items on the bar; the selection
    /// stays on its controller when it is still there, else goes to the first.
    func setViewControllers(_ controllers: [ViewController]) throws {
        for (index, controller) in controllers.enumerated()
        where controllers[..<index].contains(where: { $0 === controller }) {
            throw ScriptValueError("a view controller cannot be in a tab bar controller twice")
        }
        let old = selectedViewController
        for child in children where !controllers.contains(where: { $0 === child }) {
            try child.containment("willMoveToParentViewController", nil)
            if child !== old { try child.removeFromParent() }
        }
        for controller in controllers where controller.parent !== self { try addChild(controller) }
        setChildrenOrder(controllers)
        tabBar.setItems(controllers.map(\.tabBarItem))
        let kept = old.flatMap { selected in controllers.firstIndex { $0 === selected } }
        try select(kept ?? (controllers.isEmpty ? nil : 0), from: old)
        if let old, kept == nil { try old.removeFromParent() }
        for controller in controllers { try controller.containment("didMoveToParentViewController", self) }
    }

    /// A child was given a new `tabBarItem`: the bar shows the children's items again.
    func itemsChanged() {
        tabBar.setItems(children.map(\.tabBarItem))
        tabBar.select(selectedViewController?.tabBarItem)
    }

    /// `selectedIndex =` and `selectedViewController =`, from code.
    func select(index: Int) throws {
        guard children.indices.contains(index) else {
            throw ScriptValueError("selectedIndex \(index) is not the index of one of the \(children.count) tabs")
        }
        try select(index, from: selectedViewController)
    }

    /// Shows the child at `index` in place of `old`, with the appearance calls when shown.
    private func select(_ index: Int?, from old: ViewController?) throws {
        selectedIndex = index
        let new = selectedViewController
        tabBar.select(new?.tabBarItem)
        guard new !== old, loadedView != nil else { return }
        let shown = isShown
        if shown, let old { try old.lifecycle("viewWillDisappear", animated: false) }
        if shown, let new { try new.lifecycle("viewWillAppear", animated: false) }
        old?.loadedView?.removeFromSuperview()
        if let new { try show(new) }
        if shown, let old { try old.lifecycle("viewDidDisappear", animated: false) }
        if shown, let new { try new.lifecycle("viewDidAppear", animated: false) }
    }

    /// A tap on a tab: the delegate may refuse it; a tap on the selected tab selects nothing new.
    private func userSelected(_ item: TabBarItem) throws -> Bool {
        guard let index = children.firstIndex(where: { $0.tabBarItem === item }) else { return false }
        let controller = children[index]
        if let delegate,
            try delegate.ask(
                "tabBarController_shouldSelectViewController", of: Self.delegateProtocol, self, controller,
                returning: Bool.self) == false
        {
            return false
        }
        try select(index, from: selectedViewController)
        _ = try delegate?.ask(
            "tabBarController_didSelectViewController", of: Self.delegateProtocol, self, controller,
            returning: AnyScriptValue.self)
        return true
    }

    /// The shown child gets the controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        try selectedViewController?.lifecycle(method, animated: animated)
    }

    override func layoutContainedViews() throws { arrangeBar() }
}
