import Foundation
import ObjectBridge

/// `UIPageViewController`: one page (a child view controller) at a time, its neighbours asked
/// of the data source (`pageViewController_viewControllerBeforeViewController` and
/// `…AfterViewController`). In the scroll style the pages sit side by side in a paging scroll
/// view (`interPageSpacing` apart) that a drag or flick turns; in the page curl style a drag
/// or a tap near an edge turns the page with a transition. The delegate hears
/// `pageViewController_willTransitionToViewControllers` as a turn begins and
/// `…didFinishAnimating_previousViewControllers_transitionCompleted` when it ends; the pages
/// get their appearance calls. With the data source's `presentationCountForPageViewController`
/// and `presentationIndexForPageViewController`, a scroll style controller shows a page control
/// at its bottom.
public final class PageViewController: ViewController {
    /// `UIPageViewControllerTransitionStyle`: page curl 0, scroll 1.
    public private(set) var transitionStyle = 0
    /// `UIPageViewControllerNavigationOrientation`: horizontal 0, vertical 1.
    public private(set) var navigationOrientation = 0
    public private(set) var interPageSpacing = 0.0
    @WeakObjectReference public var dataSource: BridgeObject? = nil

    /// `dataSource =`: the neighbours are asked of the new data source.
    func setDataSource(_ source: BridgeObject?) throws {
        dataSource = source
        try reloadNeighbours()
    }
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The page shown.
    public private(set) var page: ViewController?
    /// The pages either side, as the data source gave them.
    private(set) var before: ViewController?
    private(set) var after: ViewController?
    /// The scroll style's scroll view, and the page control the data source may ask for.
    private(set) var pager: PageScrollView?
    let pageControl: PageControl

    static let dataSourceProtocol = "UIPageViewControllerDataSource"
    static let delegateProtocol = "UIPageViewControllerDelegate"
    /// How long a page curl turns (Rebound's reading of UIKit's).
    static let curlDuration = 0.5

    override init(environment: UIEnvironment) {
        pageControl = PageControl(touches: environment.touches)
        super.init(environment: environment)
        pageControl.isUserInteractionEnabled = false
    }

    /// `initWithTransitionStyle_navigationOrientation_options`, before the view loads.
    func configure(transitionStyle: Int, navigationOrientation: Int, interPageSpacing: Double) throws {
        guard loadedView == nil else {
            throw ScriptValueError("UIPageViewController: the style is set by its init, before its view loads")
        }
        guard interPageSpacing.isFinite, interPageSpacing >= 0, interPageSpacing <= 1_000 else {
            throw ScriptValueError(
                "UIPageViewController: the inter-page spacing must be from 0 to 1000 points, got \(interPageSpacing)")
        }
        (self.transitionStyle, self.navigationOrientation) = (transitionStyle, navigationOrientation)
        self.interPageSpacing = interPageSpacing
    }

    var isScrollStyle: Bool { transitionStyle == 1 }
    var isVertical: Bool { navigationOrientation == 1 }

    /// A plain view holding the pages: in the scroll style, in a paging scroll view.
    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        try setView(view)
        if isScrollStyle {
            let pager = PageScrollView(controller: self, touches: environment.touches)
            self.pager = pager
            try view.addSubview(pager)
            try view.addSubview(pageControl)
        } else {
            try installCurlGestures(on: view)
        }
        try reloadNeighbours()
    }

    /// The page gets the page view controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        try page?.lifecycle(method, animated: animated)
    }

    // MARK: Pages

    /// `setViewControllers_direction_animated_completion`: one page, shown at once or turned to
    /// in `direction` (forward 0, reverse 1); the completion gets whether the turn finished.
    func setViewControllers(
        _ controllers: [ViewController], forward: Bool, animated: Bool, completion: ScriptBlock?
    ) throws {
        guard controllers.count == 1, let new = controllers.first else {
            throw ScriptValueError(
                "UIPageViewController setViewControllers: give exactly one view controller (got \(controllers.count)); "
                    + "two-page spreads are not supported")
        }
        guard animated, loadedView != nil, page != nil, new !== page else {
            try replacePage(with: new)
            return try complete(completion, finished: true)
        }
        if isScrollStyle {
            try pager?.turn(to: new, forward: forward, completion: completion)
        } else {
            try curl(to: new, forward: forward, completion: completion)
        }
    }

    /// Shows `new` as the page: it becomes a child, with the appearance calls while on screen
    /// (the old page's too), and the neighbours are asked for again; the old page stays as a
    /// child while it is one of them.
    func replacePage(with new: ViewController) throws {
        let old = page
        guard new !== old else { return try reloadNeighbours() }
        if new.parent !== self {
            try addChild(new)
            try new.containment("didMoveToParentViewController", self)
        }
        let shown = loadedView?.window != nil
        if shown { try new.lifecycle("viewWillAppear", animated: false) }
        if shown, let old { try old.lifecycle("viewWillDisappear", animated: false) }
        page = new
        try reloadNeighbours(leaving: old)
        if shown, let old { try old.lifecycle("viewDidDisappear", animated: false) }
        if shown { try new.lifecycle("viewDidAppear", animated: false) }
    }

    /// Asks the data source for the pages either side of the shown one; they become children
    /// (their views wait beside the page), and those no longer beside it leave.
    func reloadNeighbours(leaving left: ViewController? = nil) throws {
        let old = [before, after, left].compactMap { $0 }
        guard let page, loadedView != nil else {
            if let left { try leave(left) }
            return try showPages()
        }
        before = try neighbour("pageViewController_viewControllerBeforeViewController", of: page)
        after = try neighbour("pageViewController_viewControllerAfterViewController", of: page)
        for controller in [before, after].compactMap({ $0 }) where controller.parent !== self {
            try addChild(controller)
            try controller.containment("didMoveToParentViewController", self)
        }
        for controller in old where controller !== page && controller !== before && controller !== after {
            try leave(controller)
        }
        try showPages()
    }

    /// A page no longer shown or beside the shown one stops being a child.
    private func leave(_ controller: ViewController) throws {
        guard controller.parent === self else { return }
        try controller.containment("willMoveToParentViewController", nil)
        controller.loadedView?.removeFromSuperview()
        try controller.removeFromParent()
    }

    /// Calls a completion block with whether the turn finished.
    func complete(_ completion: ScriptBlock?, finished: Bool) throws {
        if let completion { try bridge?.call(completion, finished) }
    }

    private func neighbour(_ method: String, of page: ViewController) throws -> ViewController? {
        let answer = try dataSource?.ask(
            method, of: Self.dataSourceProtocol, self, page, returning: ViewController?.self)
        guard let found = answer ?? nil, found !== page else { return nil }
        return found
    }

    /// Puts the pages' views where they show now, and the page control's dots.
    func showPages() throws {
        guard let view = loadedView else { return }
        if let pager {
            try pager.arrange(before: before, page: page, after: after, in: view.bounds)
        } else if let page {
            // The page curl style shows the page alone: its neighbours wait off screen.
            for neighbour in [before, after] { neighbour?.loadedView?.removeFromSuperview() }
            let pageView = try page.view()
            pageView.frame = view.bounds
            pageView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
            if pageView.superview !== view { try view.insertSubview(pageView, at: 0) }
        }
        try showPageControl(in: view)
    }

    /// The page control, when the data source gives a count and an index (scroll style only).
    private func showPageControl(in view: View) throws {
        guard isScrollStyle, let dataSource,
            let count = try dataSource.ask(
                "presentationCountForPageViewController", of: Self.dataSourceProtocol, self, returning: Int.self),
            let index = try dataSource.ask(
                "presentationIndexForPageViewController", of: Self.dataSourceProtocol, self, returning: Int.self)
        else {
            pageControl.isHidden = true
            return
        }
        pageControl.isHidden = false
        try pageControl.setNumberOfPages(max(0, count))
        pageControl.setCurrentPage(index)
        pageControl.frame = CGRect(
            x: 0, y: view.bounds.height - PageControl.height, width: view.bounds.width, height: PageControl.height)
        try view.insertSubview(pageControl, at: view.subviews.count)
    }

    /// The views follow a change of size (a rotation).
    override func layoutContainedViews() throws { try showPages() }

    // MARK: The delegate

    func tellWillTransition(to pending: ViewController) throws {
        _ = try delegate?.ask(
            "pageViewController_willTransitionToViewControllers", of: Self.delegateProtocol, self, [pending],
            returning: AnyScriptValue.self)
    }

    func tellDidFinish(previous: ViewController, completed: Bool) throws {
        _ = try delegate?.ask(
            "pageViewController_didFinishAnimating_previousViewControllers_transitionCompleted",
            of: Self.delegateProtocol, self, true, [previous], completed, returning: AnyScriptValue.self)
    }
}
