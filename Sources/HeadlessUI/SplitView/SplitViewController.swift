import Foundation
import ObjectBridge

/// `UISplitViewController`: a primary (master) and a secondary (detail) controller.
/// - In a regular width (a tablet), both show side by side in landscape, the primary in a
///   column at the leading edge (320 points unless a fraction is asked for) and a hairline
///   between; in portrait the secondary shows alone, as UIKit's automatic display mode has
///   it. `preferredDisplayMode` asks for another.
/// - In a compact width (a phone) it collapses, as UIKit's does: the delegate's
///   `splitViewController_collapseSecondaryViewController_ontoPrimaryViewController` may say it
///   took care of the secondary (the primary shows alone); otherwise a navigation controller
///   primary takes the secondary's controllers onto its stack, so that the detail shows with a
///   back button to the list. A compact column controller, when given, shows in its place.
public final class SplitViewController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    /// The column shown in a compact width in place of collapsing (iOS 14's compact column).
    public private(set) var compactViewController: ViewController?
    /// `UISplitViewControllerDisplayMode`: automatic 0, secondary only 1, one beside secondary
    /// 2, one over secondary 3.
    public var preferredDisplayMode = 0 { didSet { loadedView?.setNeedsLayout() } }
    /// A fraction of the width for the primary column; automatic (-1) is UIKit's 320 points.
    public var preferredPrimaryColumnWidthFraction = SplitViewController.automaticDimension {
        didSet { loadedView?.setNeedsLayout() }
    }
    public private(set) var isCollapsed = false
    /// The hairline between the columns, in UIKit's opaque separator grey.
    private let divider = View()
    @WeakObjectReference var delegate: BridgeObject? = nil

    static let automaticDimension = -1.0
    static let defaultPrimaryColumnWidth = 320.0
    static let delegateProtocol = "UISplitViewControllerDelegate"
    static let displayModes: [(String, Int)] = [
        ("Automatic", 0), ("PrimaryHidden", 1), ("AllVisible", 2), ("PrimaryOverlay", 3),
        ("SecondaryOnly", 1), ("OneBesideSecondary", 2), ("OneOverSecondary", 3),
    ]

    private var traits: TraitCollection { TraitCollection(profile: environment.screen.profile) }

    /// The display mode in effect: secondary only, one beside or one over secondary (1 to 3).
    public var displayMode: Int {
        if isCollapsed { return 2 }
        if preferredDisplayMode != 0 { return preferredDisplayMode }
        return environment.screen.profile.orientation.isLandscape ? 2 : 1
    }

    /// The primary column's width in a view `width` wide.
    public func primaryColumnWidth(in width: Double) -> Double {
        preferredPrimaryColumnWidthFraction > 0
            ? (width * preferredPrimaryColumnWidthFraction).rounded() : Self.defaultPrimaryColumnWidth
    }

    // MARK: The children

    /// `viewControllers =`: the primary and, when given, the secondary; in a compact width they
    /// collapse when the view is next laid out.
    func setViewControllers(_ controllers: [ViewController]) throws {
        guard (1...2).contains(controllers.count) else {
            throw ScriptValueError(
                "a split view controller takes one or two view controllers, got \(controllers.count)")
        }
        guard controllers.count == 1 || controllers[0] !== controllers[1] else {
            throw ScriptValueError("the primary and secondary view controllers must differ")
        }
        for child in children where !controllers.contains(where: { $0 === child }) && child !== compactViewController {
            try child.containment("willMoveToParentViewController", nil)
            child.loadedView?.removeFromSuperview()
            try child.removeFromParent()
        }
        for controller in controllers where controller.parent !== self { try addChild(controller) }
        viewControllers = controllers
        isCollapsed = false
        for controller in controllers { try controller.containment("didMoveToParentViewController", self) }
        try showColumns()
    }

    func setCompactViewController(_ controller: ViewController?) throws {
        if let old = compactViewController, old !== controller { try old.removeFromParent() }
        compactViewController = controller
        if let controller, controller.parent !== self { try addChild(controller) }
        try showColumns()
    }

    /// Collapses the secondary onto the primary in a compact width, as UIKit does once the
    /// view has its traits (the delegate set before it shows is asked).
    private func collapseIfCompact() throws {
        guard traits.horizontalSizeClass != 2 else { return }
        isCollapsed = true
        guard compactViewController == nil, viewControllers.count == 2 else { return }
        let (primary, secondary) = (viewControllers[0], viewControllers[1])
        viewControllers = [primary]
        let handled =
            try delegate?.ask(
                "splitViewController_collapseSecondaryViewController_ontoPrimaryViewController",
                of: Self.delegateProtocol, self, secondary, primary, returning: Bool.self) ?? false
        try secondary.containment("willMoveToParentViewController", nil)
        try secondary.removeFromParent()
        guard !handled, let navigation = primary as? NavigationController else { return }
        let moved: [ViewController]
        if let secondaryNavigation = secondary as? NavigationController {
            moved = secondaryNavigation.children
            try secondaryNavigation.setViewControllers([], animated: false)
        } else {
            moved = [secondary]
        }
        try navigation.setViewControllers(navigation.children + moved, animated: false)
    }

    /// `showDetailViewController_sender`: the new secondary beside the primary, or, collapsed,
    /// pushed on the primary's navigation controller (presented when it has none).
    func showDetail(_ controller: ViewController) throws {
        if isCollapsed {
            if let navigation = viewControllers.first as? NavigationController {
                return try navigation.push(controller, animated: true)
            }
            return try present(controller, animated: true)
        }
        guard let primary = viewControllers.first else { return try setViewControllers([controller]) }
        try setViewControllers([primary, controller])
    }

    // MARK: The view

    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        view.backgroundColor = Color.systemBackground
        divider.backgroundColor = Color(rgb: 198, 198, 200)
        try setView(view)
        try view.addSubview(divider)
        try showColumns()
    }

    /// The columns the display mode shows, in the view, each child's view in its column.
    private var shownColumns: [(controller: ViewController, frame: CGRect)] {
        guard let view = loadedView else { return [] }
        let bounds = view.bounds
        if isCollapsed {
            guard let shown = compactViewController ?? viewControllers.first else { return [] }
            return [(shown, bounds)]
        }
        guard let primary = viewControllers.first else { return [] }
        guard viewControllers.count == 2 else { return [(primary, bounds)] }
        let secondary = viewControllers[1]
        let width = primaryColumnWidth(in: bounds.width)
        let hairline = 1 / max(environment.screen.profile.scale, 1)
        let primaryFrame = CGRect(x: 0, y: 0, width: width, height: bounds.height)
        switch displayMode {
        case 1: return [(secondary, bounds)]
        case 3: return [(secondary, bounds), (primary, primaryFrame)]
        default:
            let rest = CGRect(
                x: width + hairline, y: 0, width: max(0, bounds.width - width - hairline), height: bounds.height)
            return [(primary, primaryFrame), (secondary, rest)]
        }
    }

    private func showColumns() throws {
        guard let view = loadedView else { return }
        if !isCollapsed { try collapseIfCompact() }
        let columns = shownColumns
        for child in children where !columns.contains(where: { $0.controller === child }) {
            child.loadedView?.removeFromSuperview()
        }
        // In column order, the overlay on top; a layout pass that changes nothing moves no view.
        var below: View?
        for (controller, frame) in columns {
            let childView = try controller.view()
            childView.frame = frame
            let inOrder =
                childView.superview === view
                && below.map { lower in
                    (view.subviews.firstIndex { $0 === lower } ?? 0)
                        < (view.subviews.firstIndex { $0 === childView } ?? 0)
                } ?? true
            if !inOrder { try view.insertSubview(childView, at: view.subviews.count) }
            below = childView
        }
        let sideBySide = columns.count == 2 && columns[0].controller === viewControllers.first
        divider.isHidden = !sideBySide
        if sideBySide {
            let edge = columns[0].frame.maxX
            divider.frame = CGRect(x: edge, y: 0, width: columns[1].frame.minX - edge, height: view.bounds.height)
        }
    }

    /// The children shown get the controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        for (controller, _) in shownColumns { try controller.lifecycle(method, animated: animated) }
    }

    override func layoutContainedViews() throws { try showColumns() }
}
