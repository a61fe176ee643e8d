import Foundation
import ObjectBridge

/// `UISearchBar`, as iOS 13 and later draw it: a rounded search field (36 points tall, filled
/// with the tertiary system fill, a magnifying glass before the text and the placeholder in the
/// secondary label colour, "Search" until a
/// placeholder is given) on the bar's background; a Cancel button after it while
/// `showsCancelButton`; and under it, with `showsScopeBar`, a segmented control of the scope
/// titles. Standing alone the bar is 56 points tall (96 with the scope bar) with its field 8
/// points from the sides; in a navigation bar its row is 52 points and the field keeps to the
/// bar's margins. The numbers are in docs/uikit-metrics.md.
public final class SearchBar: View {
    public let searchTextField: TextField
    let cancelButton: Button
    private(set) var scopeBar: SegmentedControl?
    private unowned let environment: UIEnvironment

    public var placeholder: String? { didSet { searchTextField.placeholder = placeholder ?? Self.defaultPlaceholder } }
    public var text: String {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    public private(set) var showsCancelButton = false
    /// `UISearchBarStyle`: default 0 (drawn as prominent), prominent 1, minimal 2.
    public var searchBarStyle = 0
    public var barTintColor: Color? { didSet { replaceOwned(oldValue, with: barTintColor) } }
    public private(set) var scopeButtonTitles: [String] = []
    public internal(set) var selectedScopeButtonIndex = 0
    public private(set) var showsScopeBar = false
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The search controller the bar belongs to: it is told of the bar's editing.
    @WeakObjectReference var searchController: SearchController? = nil
    /// Whether a navigation bar shows it: the bar's margins, and no background of its own.
    var isInNavigationBar = false { didSet { setNeedsLayout() } }

    static let delegateProtocol = "UISearchBarDelegate"
    static let defaultPlaceholder = "Search"
    static let standaloneRowHeight = 56.0
    static let navigationRowHeight = 52.0
    static let fieldHeight = 36.0
    static let fieldCornerRadius = 10.0
    static let standaloneMargin = 8.0
    static let cancelSpacing = 8.0
    /// The scope bar's segmented control sits this far under the field, and as far above the
    /// bar's bottom as the field sits under its top.
    static let scopeSpacing = 8.0
    /// The magnifying glass: a 15-point symbol, 8 points into the field, the text 6 points after.
    static let glassPointSize = 15.0
    static let glassInset = 8.0
    static let glassGap = 6.0

    init(environment: UIEnvironment) {
        self.environment = environment
        searchTextField = TextField(environment: environment)
        cancelButton = BarButtonItem.barButton("Cancel", touches: environment.touches, engine: environment.text)
        super.init()
        configureField()
        cancelButton.isHidden = true
        cancelButton.nativeHandlers.append((.touchUpInside, { [weak self] in try self?.cancelTapped() }))
        // Cannot fail: new views are nobody's ancestors.
        try? addSubview(searchTextField)
        try? addSubview(cancelButton)
    }

    private func configureField() {
        let field = searchTextField
        field.owner = self
        field.placeholder = Self.defaultPlaceholder
        field.placeholderColor = Color.secondaryLabel
        field.clearButtonMode = 1
        field.traits.returnKeyType = 6
        field.backgroundColor = Color.tertiarySystemFill
        field.layer.cornerRadius = Self.fieldCornerRadius
        field.clipsToBounds = true
        let glass = ImageView()
        glass.ownTintColor = Color.secondaryLabel
        let configuration = try? SymbolConfiguration(pointSize: Self.glassPointSize)
        glass.image = try? Image.system(named: "magnifyingglass", configuration: configuration, environment)
        let side = glass.image?.size ?? .zero
        glass.frame = CGRect(x: Self.glassInset, y: 0, width: side.width, height: side.height)
        let holder = View()
        holder.isUserInteractionEnabled = false
        holder.frame.size = CGSize(width: Self.glassInset + side.width + Self.glassGap, height: side.height)
        try? holder.addSubview(glass)
        try? field.setLeftView(holder)
        field.leftViewMode = 3
        field.nativeHandlers += [
            (.editingDidBegin, { [weak self] in try self?.didBeginEditing() }),
            (.editingChanged, { [weak self] in try self?.textDidChange() }),
            (.editingDidEnd, { [weak self] in try self?.tell("searchBarTextDidEndEditing") }),
        ]
    }

    // MARK: Geometry

    /// The row the field sits in: 56 points alone, 52 in a navigation bar.
    var rowHeight: Double { isInNavigationBar ? Self.navigationRowHeight : Self.standaloneRowHeight }
    private var sideMargin: Double {
        isInNavigationBar ? View.systemSideMargin(forWidth: bounds.width) : Self.standaloneMargin
    }
    private var fieldTop: Double { (rowHeight - Self.fieldHeight) / 2 }
    private var showsScopeRow: Bool { showsScopeBar && !scopeButtonTitles.isEmpty }

    /// The bar's height: its row, and the scope bar under it when it shows.
    var barHeight: Double {
        guard showsScopeRow else { return rowHeight }
        return fieldTop + Self.fieldHeight + Self.scopeSpacing + SegmentedControl.height + fieldTop
    }

    public override var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: barHeight) }
    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: barHeight) }

    public override func layoutSubviews() {
        let margin = sideMargin
        var right = bounds.width - margin
        cancelButton.isHidden = !showsCancelButton
        if showsCancelButton {
            let size = cancelButton.sizeThatFits(.zero)
            cancelButton.frame = CGRect(
                x: right - size.width, y: (rowHeight - size.height) / 2, width: size.width, height: size.height)
            right = cancelButton.frame.minX - Self.cancelSpacing
        }
        searchTextField.frame = CGRect(
            x: margin, y: fieldTop, width: max(0, right - margin), height: Self.fieldHeight)
        scopeBar?.isHidden = !showsScopeRow
        scopeBar?.frame = CGRect(
            x: margin, y: searchTextField.frame.maxY + Self.scopeSpacing, width: max(0, bounds.width - 2 * margin),
            height: SegmentedControl.height)
    }

    /// The bar's background: the bars' light tint (or its `barTintColor`) for the default and
    /// prominent styles; nothing for the minimal style or in a navigation bar, whose own
    /// background shows.
    public override var backdrop: Drawing? {
        guard searchBarStyle != 2, !isInNavigationBar else { return nil }
        let color = barTintColor ?? Color.barTint(alpha: 0.8)
        let size = bounds.size
        return Drawing(size: size) { $0.fill(CGRect(origin: .zero, size: size), color) }
    }

    // MARK: Buttons and scopes

    func setShowsCancelButton(_ shows: Bool) {
        showsCancelButton = shows
        setNeedsLayout()
    }

    func setScopeButtonTitles(_ titles: [String]) {
        scopeButtonTitles = titles
        if titles.isEmpty {
            scopeBar?.removeFromSuperview()
            scopeBar = nil
        } else {
            let scopes = scopeBar ?? makeScopeBar()
            scopes.removeAllSegments()
            for (index, title) in titles.enumerated() { scopes.insert(.init(title: title), at: index) }
            selectedScopeButtonIndex = min(selectedScopeButtonIndex, titles.count - 1)
            try? scopes.select(selectedScopeButtonIndex)  // cannot fail: the index is in range
        }
        barHeightDidChange()
    }

    private func makeScopeBar() -> SegmentedControl {
        let scopes = SegmentedControl(environment: environment)
        scopes.nativeHandlers.append((.valueChanged, { [weak self] in try self?.scopeDidChange() }))
        try? addSubview(scopes)  // cannot fail: a new view is nobody's ancestor
        scopeBar = scopes
        return scopes
    }

    func setShowsScopeBar(_ shows: Bool) {
        showsScopeBar = shows
        barHeightDidChange()
    }

    /// `selectedScopeButtonIndex` set by a script: the delegate is not told, as in UIKit.
    func selectScope(_ index: Int) throws {
        guard scopeButtonTitles.isEmpty || scopeButtonTitles.indices.contains(index) else {
            throw ScriptValueError(
                "UISearchBar selectedScopeButtonIndex: \(index) is outside the \(scopeButtonTitles.count) scope titles")
        }
        selectedScopeButtonIndex = index
        try scopeBar?.select(index)
    }

    private func barHeightDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        searchController?.barHeightDidChange()
    }
}
