import Foundation
import ObjectBridge

/// `UINavigationBar`: 44 points tall, under the status bar, showing the top controller's
/// navigation item: its title (or title view) in the middle; on the left its left items, or a
/// back button titled after the controller below (which pops); on the right its right items.
/// Items are system buttons sized to their titles, at the margins (16 points, 20 on screens
/// wider than 375), 8 points apart; the back button (chevron and title) is 8 points from the
/// edge. Items take the tint. The bar's background reaches up under the status bar, with a
/// hairline under the bar. A bar of its own (not a navigation controller's) keeps its own stack
/// of items (`items`, push and pop) and is 44 points tall by its intrinsic size. A navigation
/// controller's bar shows the top item's search bar under that row, 52 points more; while the
/// search is active (hiding the navigation bar) only the search bar shows.
public final class NavigationBar: View, BarItemHost {
    public let titleLabel: Label
    /// The items shown: the top one and the one below it (for the back button).
    private(set) var topItem: NavigationItem?
    private(set) var backItem: NavigationItem?
    /// The back button the bar made, when it shows one.
    private(set) var backButton: Button?
    private unowned let touches: TouchDispatcher
    unowned let engine: TextEngine
    /// Pops the navigation controller (the back button's action); nil for a bar of its own.
    var onBack: (() throws -> Void)?
    /// A bar of its own: the stack of items it shows, the last on top.
    public private(set) var standaloneItems: [NavigationItem] = []
    /// Whether the item views must be made again (the items changed), not only placed.
    private var itemsChanged = true
    /// `UIBarStyle`: default 0, black 1 (white titles).
    public var barStyle = 0 {
        didSet {
            setNeedsLayout()
            onStyleChange?()
        }
    }
    /// The titles' own attributes (`titleTextAttributes`, `largeTitleTextAttributes`), under
    /// an appearance's.
    public var titleTextAttributes: TextAttributes = [:] { didSet { setNeedsLayout() } }
    public var largeTitleTextAttributes: TextAttributes = [:] { didSet { setNeedsLayout() } }
    /// The appearances given (copies); the top item's take precedence.
    public var standardAppearance: NavigationBarAppearance? {
        didSet { appearanceChanged(oldValue, standardAppearance) }
    }
    public var scrollEdgeAppearance: NavigationBarAppearance? {
        didSet { appearanceChanged(oldValue, scrollEdgeAppearance) }
    }
    public var compactAppearance: NavigationBarAppearance? { didSet { appearanceChanged(oldValue, compactAppearance) } }
    public var barTintColor: Color? { didSet { replaceOwned(oldValue, with: barTintColor) } }
    public var isTranslucent = true { didSet { onTranslucencyChange?() } }
    /// Lays the navigation controller's content out again (it goes under a translucent bar only).
    var onTranslucencyChange: (() -> Void)?
    /// Asks for the status bar's style again (a navigation controller's bar decides it).
    var onStyleChange: (() -> Void)?
    /// Lays the navigation controller out again: the bar's height changed.
    var onHeightChange: (() -> Void)?
    /// The height the navigation controller was last told of.
    var announcedHeight = NavigationBar.height
    /// The search bar the bar shows, once it was added.
    var searchBarView: SearchBar?
    /// `prefersLargeTitles`: a navigation controller's bar shows the top item's title large,
    /// under its row, where the item's `largeTitleDisplayMode` allows.
    public var prefersLargeTitles = false { didSet { onLargeTitlesChange?() } }
    /// Asks the navigation controller which item shows a large title again.
    var onLargeTitlesChange: (() -> Void)?
    /// Whether the top item shows its title large (the navigation controller decides).
    var topShowsLargeTitle = false
    /// The large title, in an area that clips it as the content scrolls it away (in the bar
    /// only while the top item shows a large title).
    let largeTitleArea = View()
    public let largeTitleLabel: Label

    static let height = 44.0
    static let spacing = 8.0
    static let backButtonMargin = 8.0

    /// UIKit blurs what lies under a translucent bar; without the blur, its light tint: white at
    /// 97% with 80% opacity (the black style, and dark appearance: 11% white at 80%), or the
    /// bar tint at 85% over half of the light tint. An opaque bar is its tint, or white (black).
    var backgroundColors: [Color] {
        func light(_ alpha: Double) -> Color {
            barStyle == 1 ? Color(white: 0.11, alpha: alpha) : .barTint(alpha: alpha)
        }
        guard isTranslucent else {
            return [
                barTintColor.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: 1) }
                    ?? (barStyle == 1 ? Color(white: 0, alpha: 1) : .systemBackground)
            ]
        }
        guard let tint = barTintColor else { return [light(0.8)] }
        return [
            light(0.5),
            Color(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * 0.85),
        ]
    }

    /// The background, from the top of the screen (under the status bar) to the bar's bottom,
    /// and the hairline under it: one pixel of black at 30%, unless the bar clips to its bounds.
    /// An appearance draws them its way; without one, a bar showing its large title at the
    /// scroll edge draws neither.
    public override var backdrop: Drawing? {
        let appearance = currentAppearance
        guard appearance != nil || !isAtScrollEdge || !topShowsLargeTitle else { return nil }
        let size = bounds.size
        let top = min(frame.minY, window?.application.statusBarFrame.height ?? 0)
        let pixel = 1 / (window?.screenScale ?? 1)
        return Drawing(size: size) { drawing in
            let area = CGRect(x: 0, y: -top, width: size.width, height: size.height + top)
            let hairline = clipsToBounds ? .zero : CGRect(x: 0, y: size.height, width: size.width, height: pixel)
            if let appearance { return appearance.draw(in: &drawing, area: area, shadow: hairline) }
            for color in backgroundColors { drawing.fill(area, color) }
            drawing.fill(hairline, .barHairline)
        }
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: Self.height) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.height) }

    init(touches: TouchDispatcher, engine: TextEngine) {
        self.touches = touches
        self.engine = engine
        titleLabel = Label(engine: engine)
        titleLabel.font = Font.system(17, weight: 600, text: engine)
        largeTitleLabel = Label(engine: engine)
        largeTitleLabel.font = Font.system(Self.largeTitleFontSize, weight: 700, text: engine)
        super.init()
        largeTitleArea.clipsToBounds = true
        largeTitleArea.isUserInteractionEnabled = false
        // Cannot fail: new views are nobody's ancestors.
        try? addSubview(titleLabel)
        try? largeTitleArea.addSubview(largeTitleLabel)
    }

    func show(top: NavigationItem?, back: NavigationItem?, largeTitle: Bool = false) {
        topItem?.bar = nil
        topItem = top
        backItem = back
        topShowsLargeTitle = largeTitle
        top?.bar = self
        itemsDidChange()
    }

    /// Sets a bar of its own's stack of items; UIKit refuses it on a navigation controller's bar.
    func setStandaloneItems(_ items: [NavigationItem]) throws {
        guard onBack == nil else {
            throw ScriptValueError(
                "the items of a navigation controller's UINavigationBar are its controllers' navigation items; "
                    + "push view controllers instead")
        }
        guard Set(items.map(ObjectIdentifier.init)).count == items.count else {
            throw ScriptValueError("a navigation item cannot be in a navigation bar's items twice")
        }
        for item in standaloneItems { abandon(item) }
        for item in items { adopt(item) }
        standaloneItems = items
        show(top: items.last, back: items.dropLast().last)
    }

    /// The back button's action: pops the navigation controller, or a bar of its own's top item.
    private func goBack() throws {
        if let onBack { return try onBack() }
        try setStandaloneItems(Array(standaloneItems.dropLast()))
    }

    func itemsDidChange() {
        itemsChanged = true
        setNeedsLayout()
        announceHeight()
    }

    /// The item views, made again when the items changed.
    private var leftViews: [View] = []
    private var rightViews: [View] = []

    private func makeItemViews() {
        for view in leftViews + rightViews { view.removeFromSuperview() }
        (leftViews, rightViews, backButton, itemsChanged) = ([], [], nil, false)
        guard let item = topItem else { return }
        if !item.leftBarButtonItems.isEmpty {
            leftViews = item.leftBarButtonItems.map { view(for: $0) }
        } else if let backItem, !item.hidesBackButton {
            let button = BarButtonItem.barButton(
                backItem.backBarButtonItem?.title ?? backItem.backButtonTitle ?? backItem.title ?? "Back",
                touches: touches, engine: engine)
            button.showsBackIndicator = true
            button.frame.size = button.sizeThatFits(.zero)
            button.nativeHandlers.append((.touchUpInside, { [weak self] in try self?.goBack() }))
            backButton = button
            leftViews = [button]
        }
        rightViews = item.rightBarButtonItems.map { view(for: $0) }
        for view in leftViews + rightViews { try? addSubview(view) }  // cannot fail: the bar is not their descendant
    }

    public override func layoutSubviews() {
        if itemsChanged { makeItemViews() }
        styleTitles()
        layoutExpansions()
        let rowHidden = searchHidesRow
        for view in leftViews + rightViews + [topItem?.titleView].compactMap({ $0 }) { view.isHidden = rowHidden }
        // The small title shows once the large one has scrolled away.
        titleLabel.isHidden = rowHidden || shownLargeTitleHeight > 0
        let margin = View.systemSideMargin(forWidth: bounds.size.width)
        guard let item = topItem else {
            titleLabel.text = nil
            return
        }
        var left = backButton != nil ? Self.backButtonMargin : margin
        for view in leftViews { left = place(view, at: left, fromLeft: true) }
        var right = bounds.size.width - margin
        for view in rightViews { right = place(view, at: right, fromLeft: false) }
        let title: View
        if let titleView = item.titleView {
            title = titleView
            if titleView.superview !== self { try? addSubview(titleView) }
            titleLabel.text = nil
        } else {
            titleLabel.text = item.title
            titleLabel.frame.size = titleLabel.sizeThatFits(.zero)
            title = titleLabel
        }
        // Centred in the bar, kept clear of the items on either side.
        let width = min(title.bounds.size.width, max(0, right - left - 2 * Self.spacing))
        let x = min(max((bounds.size.width - width) / 2, left + Self.spacing), right - Self.spacing - width)
        title.frame = CGRect(
            x: x, y: (Self.height - title.bounds.size.height) / 2, width: width, height: title.bounds.size.height)
    }

    /// The view showing `item`, which tells the bar when it changes.
    private func view(for item: BarButtonItem) -> View {
        item.bar = self
        return item.makeView(touches: touches, engine: engine)
    }

    /// Puts `view` at `edge` (its left edge, or its right one) and returns the next edge.
    private func place(_ view: View, at edge: Double, fromLeft: Bool) -> Double {
        let size = view.bounds.size
        let x = fromLeft ? edge : edge - size.width
        view.frame = CGRect(x: x, y: (Self.height - size.height) / 2, width: size.width, height: size.height)
        return fromLeft ? x + size.width + Self.spacing : x - Self.spacing
    }
}
