import Foundation
import ObjectBridge

/// `UISearchController`: a search bar and what shows while it searches. It becomes active when
/// its bar's field starts editing (or `active` is set): in a navigation item, the navigation bar
/// gives way to the search bar (with `hidesNavigationBarDuringPresentation`); the Cancel button
/// and the scope bar show (`automaticallyShowsCancelButton`, `automaticallyShowsScopeBar`);
/// over the content, the controller's view holds a dimming layer (`obscuresBackgroundDuringPresentation`, black at 20%, which a tap dismisses)
/// and the results controller's view while there is text. The results updater is asked at the
/// start, on every change of text or scope, and at the end. Cancel ends the search: the text is
/// cleared and the keyboard goes. Presenting and dismissing are immediate.
public final class SearchController: ViewController {
    public let searchBar: SearchBar
    public private(set) var searchResultsController: ViewController?
    @WeakObjectReference public var searchResultsUpdater: BridgeObject? = nil
    @WeakObjectReference public var delegate: BridgeObject? = nil
    public private(set) var isActive = false
    /// Off by default since iOS 15.
    public var obscuresBackgroundDuringPresentation = false { didSet { updateShownViews() } }
    public var hidesNavigationBarDuringPresentation = true
    public var automaticallyShowsCancelButton = true
    public var automaticallyShowsSearchResultsController = true
    /// Whether the scope bar shows while the search is active (and only then).
    public var automaticallyShowsScopeBar = true
    public private(set) var showsSearchResultsController = false
    /// The navigation item that shows the bar in a navigation bar.
    @WeakObjectReference var holdingItem: NavigationItem? = nil
    private let dimming: Control

    static let delegateProtocol = "UISearchControllerDelegate"
    static let updaterProtocol = "UISearchResultsUpdating"
    /// UIKit does not document its dimming: Rebound dims with black at 20%.
    static let dimmingAlpha = 0.2

    override init(environment: UIEnvironment) {
        searchBar = SearchBar(environment: environment)
        dimming = Control(touches: environment.touches)
        super.init(environment: environment)
        adopt(searchBar)
        searchBar.searchController = self
        dimming.backgroundColor = Color(white: 0, alpha: Self.dimmingAlpha)
        dimming.nativeHandlers.append((.touchUpInside, { [weak self] in try self?.setActive(false) }))
    }

    /// `initWithSearchResultsController`: the results controller becomes a child.
    func setResultsController(_ controller: ViewController?) throws {
        if let old = searchResultsController {
            try old.containment("willMoveToParentViewController", nil)
            try old.removeFromParent()
        }
        searchResultsController = controller
        if let controller {
            try addChild(controller)
            try controller.containment("didMoveToParentViewController", self)
        }
    }

    /// A clear view over the content, holding the dimming and the results.
    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
        try view.addSubview(dimming)
    }

    // MARK: Presenting

    /// `active`: presents or dismisses the search.
    func setActive(_ active: Bool) throws {
        guard active != isActive else { return }
        if active { try present() } else { try dismiss() }
    }

    private func present() throws {
        guard try host() != nil else {
            throw ScriptValueError(
                "UISearchController active: the search bar is not on screen (put it in a navigation item, "
                    + "a table header or a view first)")
        }
        try tell("willPresentSearchController")
        isActive = true
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(true) }
        if automaticallyShowsScopeBar { searchBar.setShowsScopeBar(true) }
        barHeightDidChange()
        // Where the content starts now that the bar has made room for the search.
        let view = try self.view()
        if let place = try host() {
            view.frame = CGRect(
                x: 0, y: place.top, width: place.view.bounds.width,
                height: max(0, place.view.bounds.height - place.top))
            try place.view.insertSubview(view, at: place.index)
        }
        try lifecycle("viewWillAppear", animated: true)
        try updateResults()
        try lifecycle("viewDidAppear", animated: true)
        try tell("didPresentSearchController")
    }

    private func dismiss() throws {
        try tell("willDismissSearchController")
        try lifecycle("viewWillDisappear", animated: true)
        isActive = false
        try searchBar.searchTextField.resignFirstResponder()
        searchBar.text = ""
        if automaticallyShowsCancelButton { searchBar.setShowsCancelButton(false) }
        if automaticallyShowsScopeBar { searchBar.setShowsScopeBar(false) }
        try showResults(false)
        loadedView?.removeFromSuperview()
        barHeightDidChange()
        try askUpdater()
        try lifecycle("viewDidDisappear", animated: true)
        try tell("didDismissSearchController")
    }

    /// Where the search shows: in a navigation controller's view under its bar when a
    /// navigation item holds the controller, else over the view of the controller that shows
    /// the bar (the top of its parents), under the bar.
    private func host() throws -> (view: View, top: Double, index: Int)? {
        if let navigation = holdingItem?.controller?.navigationController, let view = navigation.loadedView {
            let bar = navigation.navigationBar
            let index = view.subviews.firstIndex { $0 === bar } ?? view.subviews.count
            return (view, navigation.barBottom, index)
        }
        var owner: View? = searchBar
        while let view = owner, view.viewController == nil { owner = view.superview }
        guard let controller = owner?.viewController?.presentationContext, let view = controller.loadedView,
            searchBar.window != nil
        else { return nil }
        let barFrame = try searchBar.convert(searchBar.bounds, to: view)
        return (view, Double(barFrame.maxY), view.subviews.count)
    }

    // MARK: Results

    /// Asks the updater, after showing the results controller when there is text to search.
    func updateResults() throws {
        guard isActive else { return }
        if automaticallyShowsSearchResultsController { showsSearchResultsController = !searchBar.text.isEmpty }
        try showResults(showsSearchResultsController)
        try askUpdater()
    }

    func setShowsSearchResultsController(_ shows: Bool) throws {
        showsSearchResultsController = shows
        try showResults(shows && isActive)
    }

    private func askUpdater() throws {
        _ = try searchResultsUpdater?.ask(
            "updateSearchResultsForSearchController", of: Self.updaterProtocol, self, returning: AnyScriptValue.self)
    }

    /// Whether the results controller's view is on screen (it had its appearance calls).
    private var resultsShown: Bool {
        guard let view = loadedView else { return false }
        return searchResultsController?.loadedView?.superview === view
    }

    /// The dimming covers the content while it obscures it and no results show.
    private func updateShownViews() {
        guard let view = loadedView else { return }
        dimming.frame = view.bounds
        dimming.isHidden = !obscuresBackgroundDuringPresentation || resultsShown
    }

    /// Puts the results controller's view on screen or takes it off, with its appearance calls,
    /// and shows the dimming as they leave it.
    private func showResults(_ shows: Bool) throws {
        defer { updateShownViews() }
        guard let results = searchResultsController, let view = loadedView, shows != resultsShown else { return }
        if shows {
            let resultsView = try results.view()
            try results.lifecycle("viewWillAppear", animated: false)
            resultsView.frame = view.bounds
            try view.addSubview(resultsView)
            try results.lifecycle("viewDidAppear", animated: false)
        } else {
            try results.lifecycle("viewWillDisappear", animated: false)
            results.loadedView?.removeFromSuperview()
            try results.lifecycle("viewDidDisappear", animated: false)
        }
    }

    /// The bar's height changed (searching, or a scope bar): a navigation bar showing it lays
    /// out again.
    func barHeightDidChange() {
        holdingItem?.changed()
    }

    private func tell(_ method: String) throws {
        _ = try delegate?.ask(method, of: Self.delegateProtocol, self, returning: AnyScriptValue.self)
    }
}
