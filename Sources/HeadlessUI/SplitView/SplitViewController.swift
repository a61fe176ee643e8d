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
    /// `UISplitViewControllerStyle`: unspecified 0 (the classic primary and secondary),
    /// double column 1, triple column 2 (iOS 14).
    public internal(set) var style = 0
    /// The columns' controllers, as shown (in a column style, navigation controllers).
    private(set) var primary: ViewController?
    private(set) var supplementary: ViewController?
    private(set) var secondary: ViewController?
    /// In a column style, what the script gave for each column (before it was wrapped).
    var givenColumns: [Int: ViewController] = [:]
    /// The column shown in a compact width in place of collapsing (iOS 14's compact column).
    public private(set) var compactViewController: ViewController?
    /// `UISplitViewControllerDisplayMode`: automatic 0, secondary only 1, one beside secondary
    /// 2, one over secondary 3, and with three columns two beside 4, two over 5 and two
    /// displacing the secondary 6.
    public var preferredDisplayMode = 0 {
        didSet {
            shownByRequest = nil
            loadedView?.setNeedsLayout()
        }
    }
    /// The display mode `showColumn` or `hideColumn` asked for, until the preferred one changes.
    var shownByRequest: Int?
    /// A fraction of the width for the primary column; automatic (-1) is UIKit's 320 points.
    public var preferredPrimaryColumnWidthFraction = SplitViewController.automaticDimension {
        didSet { loadedView?.setNeedsLayout() }
    }
    public var preferredSupplementaryColumnWidthFraction = SplitViewController.automaticDimension {
        didSet { loadedView?.setNeedsLayout() }
    }
    public private(set) var isCollapsed = false
    /// The hairlines between the columns, in UIKit's opaque separator grey.
    private let dividers = [View(), View()]
    @WeakObjectReference var delegate: BridgeObject? = nil

    static let automaticDimension = -1.0
    static let defaultPrimaryColumnWidth = 320.0
    static let defaultSupplementaryColumnWidth = 320.0
    static let delegateProtocol = "UISplitViewControllerDelegate"
    static let displayModes: [(String, Int)] = [
        ("Automatic", 0), ("PrimaryHidden", 1), ("AllVisible", 2), ("PrimaryOverlay", 3),
        ("SecondaryOnly", 1), ("OneBesideSecondary", 2), ("OneOverSecondary", 3), ("TwoBesideSecondary", 4),
        ("TwoOverSecondary", 5), ("TwoDisplaceSecondary", 6),
    ]

    private var traits: TraitCollection { TraitCollection(profile: environment.screen.profile) }
    var isLandscape: Bool { environment.screen.profile.orientation.isLandscape }

    /// The children in column order: the primary, the supplementary and the secondary.
    public var viewControllers: [ViewController] { [primary, supplementary, secondary].compactMap { $0 } }

    /// The display mode in effect. Automatic shows the columns side by side in landscape (all
    /// three with three columns) and the secondary alone in portrait.
    public var displayMode: Int {
        if isCollapsed { return 2 }
        if let shownByRequest { return shownByRequest }
        if preferredDisplayMode != 0 { return preferredDisplayMode }
        guard isLandscape else { return 1 }
        return style == 2 && supplementary != nil ? 4 : 2
    }

    /// The primary column's width in a view `width` wide.
    public func primaryColumnWidth(in width: Double) -> Double {
        preferredPrimaryColumnWidthFraction > 0
            ? (width * preferredPrimaryColumnWidthFraction).rounded() : Self.defaultPrimaryColumnWidth
    }

    public func supplementaryColumnWidth(in width: Double) -> Double {
        preferredSupplementaryColumnWidthFraction > 0
            ? (width * preferredSupplementaryColumnWidthFraction).rounded() : Self.defaultSupplementaryColumnWidth
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
        try setColumns(primary: controllers[0], supplementary: nil, secondary: controllers.dropFirst().first)
    }

    /// Makes these the columns' controllers: new ones become children, those that left stop.
    func setColumns(primary: ViewController?, supplementary: ViewController?, secondary: ViewController?) throws {
        let new = [primary, supplementary, secondary].compactMap { $0 }
        for child in children where !new.contains(where: { $0 === child }) && child !== compactViewController {
            try child.containment("willMoveToParentViewController", nil)
            child.loadedView?.removeFromSuperview()
            try child.removeFromParent()
        }
        for controller in new where controller.parent !== self { try addChild(controller) }
        (self.primary, self.supplementary, self.secondary) = (primary, supplementary, secondary)
        isCollapsed = false
        for controller in new { try controller.containment("didMoveToParentViewController", self) }
        try showColumns()
    }

    func setCompactViewController(_ controller: ViewController?) throws {
        if let old = compactViewController, old !== controller { try old.removeFromParent() }
        compactViewController = controller
        if let controller, controller.parent !== self { try addChild(controller) }
        try showColumns()
    }

    /// Collapses the secondary (and the supplementary) onto the primary in a compact width, as
    /// UIKit does once the view has its traits (the delegate set before it shows is asked).
    private func collapseIfCompact() throws {
        guard traits.horizontalSizeClass != 2 else { return }
        isCollapsed = true
        guard compactViewController == nil, let primary, secondary != nil || supplementary != nil else { return }
        let (middle, last) = (supplementary, secondary)
        (supplementary, secondary) = (nil, nil)
        var handled = false
        if style == 0, let last {
            handled =
                try delegate?.ask(
                    "splitViewController_collapseSecondaryViewController_ontoPrimaryViewController",
                    of: Self.delegateProtocol, self, last, primary, returning: Bool.self) ?? false
        }
        for controller in [middle, last].compactMap({ $0 }) {
            try controller.containment("willMoveToParentViewController", nil)
            try controller.removeFromParent()
        }
        guard !handled, let navigation = primary as? NavigationController else { return }
        // Each folded column's stack goes onto the primary's, up to the column shown on top.
        let top = style == 0 ? 2 : try topColumnWhenCollapsing()
        var stack = navigation.children
        for (column, controller) in [(1, middle), (2, last)] {
            guard let controller else { continue }
            let moved = (controller as? NavigationController)?.children ?? [controller]
            if let folding = controller as? NavigationController { try folding.setViewControllers([], animated: false) }
            if column <= top { stack += moved }
        }
        try navigation.setViewControllers(stack, animated: false)
    }

    /// The column a column style shows on top once collapsed: the delegate's answer to
    /// `splitViewController_topColumnForCollapsingToProposedTopColumn`, the secondary proposed.
    private func topColumnWhenCollapsing() throws -> Int {
        guard
            let asked = try delegate?.ask(
                "splitViewController_topColumnForCollapsingToProposedTopColumn", of: Self.delegateProtocol, self, 2,
                returning: Int.self)
        else { return 2 }
        guard (0...2).contains(asked) else {
            throw ScriptValueError(
                "splitViewController_topColumnForCollapsingToProposedTopColumn returned \(asked), not a column (0 to 2)"
            )
        }
        return asked
    }

    /// `showDetailViewController_sender`: the new secondary beside the primary, or, collapsed,
    /// pushed on the primary's navigation controller (presented when it has none).
    func showDetail(_ controller: ViewController) throws {
        if isCollapsed {
            if let navigation = primary as? NavigationController {
                return try navigation.push(controller, animated: true)
            }
            return try present(controller, animated: true)
        }
        guard let primary else { return try setViewControllers([controller]) }
        try setColumns(primary: primary, supplementary: supplementary, secondary: controller)
    }

    // MARK: The view

    override func loadView() throws {
        let view = View()
        view.frame = environment.screen.bounds
        view.backgroundColor = Color.systemBackground
        try setView(view)
        for divider in dividers {
            divider.backgroundColor = Color(rgb: 198, 198, 200)
            try view.addSubview(divider)
        }
        try showColumns()
    }

    /// The columns beside or over the secondary in a display mode: the primary with two
    /// columns; the supplementary, or both, with three.
    private func leadingColumns(_ mode: Int) -> [(controller: ViewController, width: Double)] {
        guard let view = loadedView else { return [] }
        let width = view.bounds.width
        let primaryColumn = primary.map { ($0, primaryColumnWidth(in: width)) }
        let supplementaryColumn = supplementary.map { ($0, supplementaryColumnWidth(in: width)) }
        switch mode {
        case 1: return []
        case 4, 5,
            6 where supplementaryColumn != nil:
            return [primaryColumn, supplementaryColumn].compactMap { $0 }
        default: return [supplementaryColumn ?? primaryColumn].compactMap { $0 }
        }
    }

    /// The columns the display mode shows, each child's view in its frame, in the order they
    /// stack (an overlay last, on top).
    private var shownColumns: [(controller: ViewController, frame: CGRect)] {
        guard let view = loadedView else { return [] }
        let bounds = view.bounds
        if isCollapsed {
            guard let shown = compactViewController ?? primary else { return [] }
            return [(shown, bounds)]
        }
        guard let secondary else { return primary.map { [($0, bounds)] } ?? [] }
        let mode = displayMode
        let hairline = 1 / max(environment.screen.profile.scale, 1)
        var leading: [(controller: ViewController, frame: CGRect)] = []
        var x = 0.0
        for (controller, width) in leadingColumns(mode) {
            leading.append((controller, CGRect(x: x, y: 0, width: width, height: bounds.height)))
            x += width + hairline
        }
        switch mode {
        case 3, 5: return [(secondary, bounds)] + leading
        case 6:
            // Displaced: the secondary keeps the width it has beside one column and moves over.
            let kept = bounds.width - (leading.last.map { $0.frame.width + hairline } ?? 0)
            return leading + [(secondary, CGRect(x: x, y: 0, width: max(0, kept), height: bounds.height))]
        default:
            return leading + [(secondary, CGRect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height))]
        }
    }

    private func showColumns() throws {
        guard let view = loadedView else { return }
        if !isCollapsed { try collapseIfCompact() }
        let columns = shownColumns
        for child in children where !columns.contains(where: { $0.controller === child }) {
            child.loadedView?.removeFromSuperview()
        }
        // In stacking order, an overlay on top; a layout pass that changes nothing moves no view.
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
        // A hairline after each column that stands beside the next.
        let beside = columns.count > 1 && columns[0].controller !== secondary ? Array(columns.dropLast()) : []
        for (index, divider) in dividers.enumerated() {
            divider.isHidden = index >= beside.count
            guard index < beside.count else { continue }
            let edge = beside[index].frame.maxX
            divider.frame = CGRect(
                x: edge, y: 0, width: columns[index + 1].frame.minX - edge, height: view.bounds.height)
            let position = view.subviews.firstIndex { $0 === divider } ?? 0
            let lastColumn = columns.last?.controller.loadedView
            if position < (view.subviews.firstIndex { $0 === lastColumn } ?? 0) {
                try view.insertSubview(divider, at: view.subviews.count)
            }
        }
    }

    /// The children shown get the controller's own appearance calls.
    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        for (controller, _) in shownColumns { try controller.lifecycle(method, animated: animated) }
    }

    override func layoutContainedViews() throws { try showColumns() }
}
