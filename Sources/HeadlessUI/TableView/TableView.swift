import Foundation
import ObjectBridge

/// `UITableView`, headless, in plain and grouped styles: asks its data source for sections,
/// rows, cells and titles, and its delegate for heights and header and footer views; keeps
/// exactly the cells of the visible rows, recycling the others by reuse identifier; pins a
/// plain table's section headers to the top while their section scrolls by; selects rows as
/// UIKit does (will, did, deselecting the previous one). Its layout pass runs in
/// `layoutSubviews`.
public final class TableView: ScrollView, ItemTouchTarget {
    /// `UITableViewStyle`: plain 0, grouped 1.
    public private(set) var style = 0
    @WeakObjectReference public var dataSource: BridgeObject? = nil
    /// Native rows in place of the data source's (a table node's), when set.
    weak var nativeContent: (any TableViewContent)?
    public var rowHeight = TableView.defaultRowHeight { didSet { reloadGeometry() } }
    public var sectionHeaderHeight = 28.0 { didSet { reloadGeometry() } }
    public var sectionFooterHeight = 28.0 { didSet { reloadGeometry() } }
    public var estimatedRowHeight = 0.0
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    public var separatorStyle = 1
    public var separatorColor: Color? { didSet { replaceOwned(oldValue, with: separatorColor) } }
    public var separatorInset = TableView.defaultSeparatorInset
    public internal(set) var tableHeaderView: View?
    public internal(set) var tableFooterView: View?
    var cellSources: [String: ReuseSource<TableViewCell>] = [:]
    /// A storyboard's static sections and cells, which answer what the data source leaves to
    /// UIKit; the table owns the cells.
    var staticContent: StaticTableContent? {
        didSet {
            for cell in oldValue?.sections.flatMap(\.cells) ?? [] { abandon(cell) }
            for cell in staticContent?.sections.flatMap(\.cells) ?? [] { adopt(cell) }
            invalidateCounts()
        }
    }

    var headerFooterClasses: [String: ClassObject] = [:]
    var cellQueues = ReuseQueues<TableViewCell>()
    var headerFooterQueues = ReuseQueues<TableHeaderFooterView>()
    /// The cells on screen, by index path.
    public internal(set) var visibleCells: [IndexPathValue: TableViewCell] = [:]
    /// Section header and footer views on screen, by section.
    var visibleHeaders: [Int: View] = [:]
    var visibleFooters: [Int: View] = [:]
    /// Where everything is, worked out once per reload or update.
    private var geometry: TableGeometry?
    private var counts: [Int]?
    /// Self-sizing rows (`UITableViewAutomaticDimension`) in the current geometry, and the
    /// heights measured from their cells since the last reload; the others keep their estimate.
    private var automaticRows: Set<IndexPathValue> = []
    private var measuredHeights: [IndexPathValue: Double] = [:]
    /// Selected rows, in the order they were selected.
    public internal(set) var selectedPaths: [IndexPathValue] = []
    var batch: PendingUpdates?
    /// How deep `beginUpdates` calls are nested, and the counts when the first began.
    var updateDepth = 0
    var countsBeforeUpdates: [Int]?
    /// Whether the update being recorded animates (a row animation of None says not).
    var animatesUpdate = true
    /// Cells of deleted rows still on screen while an update fades them out.
    var leavingCells: [ObjectIdentifier: (cell: TableViewCell, path: IndexPathValue)] = [:]
    /// During the layout pass of an animated update: the rows that were inserted, which fade in.
    var appearing: Set<IndexPathValue>?
    /// Editing mode, and the row pulled aside to show its swipe actions (`TableView+Editing`).
    public internal(set) var isEditing = false
    public var allowsSelectionDuringEditing = false
    var swipe: RowSwipe?
    unowned let engine: TextEngine
    unowned let touches: TouchDispatcher
    /// The long press that opens the delegate's context menus on rows.
    private var contextMenus: ItemContextMenus?

    static let defaultSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// UIKit's row height (also a self-sizing row's when it has no estimate), and
    /// `UITableViewAutomaticDimension`.
    static let defaultRowHeight = 44.0
    static let automaticDimension = -1.0
    /// The space above a grouped table's first section when it has no header.
    static let groupedTopPadding = 35.0
    static let dataSourceProtocol = "UITableViewDataSource"
    static let tableDelegateProtocol = "UITableViewDelegate"
    /// The reuse queue of the header and footer views the table makes for titles.
    private static let titleQueue = "\u{0}title"

    init(style: Int, touches: TouchDispatcher, engine: TextEngine) {
        self.engine = engine
        self.touches = touches
        super.init(touches: touches)
        setStyle(style)
        alwaysBounceVertical = true
        addGestureRecognizer(ItemTouchRecognizer(list: self, dispatcher: touches))
        addGestureRecognizer(RowSwipeRecognizer(table: self, dispatcher: touches))
        contextMenus = ItemContextMenus(list: self, touches: touches, text: engine)
    }

    /// The style, and the header and footer heights and the background that go with it (white,
    /// or UIKit's grouped background).
    func setStyle(_ style: Int) {
        self.style = style
        backgroundColor = style == 1 ? Color.systemGroupedBackground : Color.systemBackground
        sectionHeaderHeight = style == 1 ? 17.5 : 28
        sectionFooterHeight = style == 1 ? 17.5 : 28
    }

    // MARK: The data source

    /// The number of rows of each section, asked once per reload.
    func sectionCounts() throws -> [Int] {
        if let counts { return counts }
        if let nativeContent {
            let result = try nativeContent.sectionCounts(in: self)
            counts = result
            return result
        }
        guard dataSource != nil else { return [] }
        let result = try readSectionCounts(
            sectionsMethod: "numberOfSectionsInTableView", itemsMethod: "tableView_numberOfRowsInSection",
            elements: "rows",
            limit: CollectionView.maximumItems,
            sections: {
                try askDataSource("numberOfSectionsInTableView", returning: Int.self) ?? staticContent?.sections.count
            },
            items: {
                try askDataSource("tableView_numberOfRowsInSection", $0, returning: Int.self)
                    ?? staticContent?.numberOfRows(in: $0)
            })
        counts = result
        return result
    }

    func invalidateCounts() {
        counts = nil
        reloadGeometry()
    }

    func restoreCounts(_ old: [Int]) { counts = old }

    func reloadGeometry() {
        geometry = nil
        measuredHeights = [:]
        setNeedsLayout()
    }

    func askDataSource<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try dataSource?.ask(method, of: Self.dataSourceProtocol, self, repeat each arguments, returning: R.self)
    }

    func askDelegate<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try delegate?.ask(method, of: Self.tableDelegateProtocol, self, repeat each arguments, returning: R.self)
    }

    func delegateImplements(_ method: String) -> Bool {
        guard let bridge, let delegate else { return false }
        return bridge.delegateMethod(method, of: delegate, protocol: Self.tableDelegateProtocol) != nil
    }

    func dataSourceImplements(_ method: String) -> Bool {
        guard let bridge, let dataSource else { return false }
        return bridge.delegateMethod(method, of: dataSource, protocol: Self.dataSourceProtocol) != nil
    }

    // MARK: Geometry

    /// Where everything is: heights from the delegate (every row's, as UIKit asks) or the
    /// table's own, headers and footers as the style has them. A self-sizing row has the height
    /// measured from its cell once it has been shown, its estimate until then.
    func currentGeometry() throws -> TableGeometry {
        if let geometry { return geometry }
        let counts = try sectionCounts()
        let heights = try delegate?.repeatedCall(
            "tableView_heightForRowAtIndexPath", of: Self.tableDelegateProtocol, leading: [self])
        let estimates = try delegate?.repeatedCall(
            "tableView_estimatedHeightForRowAtIndexPath", of: Self.tableDelegateProtocol, leading: [self])
        let estimate = estimatedRowHeight > 0 ? estimatedRowHeight : Self.defaultRowHeight
        let headerViews = delegateImplements("tableView_viewForHeaderInSection")
        let footerViews = delegateImplements("tableView_viewForFooterInSection")
        var sections: [(header: Double, rows: [Double], footer: Double)] = []
        automaticRows = []
        let askEveryRow =
            heights != nil || rowHeight == Self.automaticDimension || staticContent?.hasOwnRowHeights == true
            || nativeContent?.providesRowHeights == true
        for (section, rows) in counts.enumerated() {
            var rowHeights = [Double](repeating: rowHeight, count: rows)
            if askEveryRow {
                for row in 0..<rows {
                    rowHeights[row] = try height(
                        of: IndexPathValue(item: row, section: section), heights: heights, estimates: estimates,
                        estimate: estimate)
                }
            }
            let header = try sectionHeight(section, header: true, views: headerViews)
            let footer = try sectionHeight(section, header: false, views: footerViews)
            sections.append((header, rowHeights, footer))
        }
        let made = TableGeometry(
            tableHeader: Double(tableHeaderView?.bounds.size.height ?? 0), sections: sections,
            tableFooter: Double(tableFooterView?.bounds.size.height ?? 0))
        geometry = made
        try setLaidOutContentSize(CGSize(width: bounds.size.width, height: made.contentHeight))
        return made
    }

    /// A row's height: the delegate's, else the table's; a self-sizing row's is the height
    /// measured from its cell, else its estimate (the delegate's, else `estimate`).
    private func height(
        of path: IndexPathValue, heights: RepeatedCall?, estimates: RepeatedCall?, estimate: Double
    ) throws -> Double {
        if let nativeContent, nativeContent.providesRowHeights {
            return try nativeContent.rowHeight(in: self, at: path)
        }
        let asked =
            try heights.map { try height($0.call(path, returning: Double.self), "tableView_heightForRowAtIndexPath") }
            ?? staticContent?.rowHeight(at: path) ?? rowHeight
        guard asked == Self.automaticDimension else { return asked }
        automaticRows.insert(path)
        if let measured = measuredHeights[path] { return measured }
        let estimated = try estimates.map {
            try height($0.call(path, returning: Double.self), "tableView_estimatedHeightForRowAtIndexPath")
        }
        guard let estimated, estimated != Self.automaticDimension else { return estimate }
        return estimated
    }

    /// A height from a script: finite and not negative, or automatic.
    private func height(_ value: Double, _ method: String) throws -> Double {
        if value == Self.automaticDimension { return value }
        guard value.isFinite, value >= 0 else {
            throw ScriptValueError("\(method) returned \(value) (a height from 0 expected)")
        }
        return value
    }

    /// A section header's (or footer's) height: the delegate's, else the table's when there is
    /// a title or a view for it; a grouped table keeps its spacing without one.
    private func sectionHeight(_ section: Int, header: Bool, views: Bool) throws -> Double {
        let standard = header ? sectionHeaderHeight : sectionFooterHeight
        let method = header ? "tableView_heightForHeaderInSection" : "tableView_heightForFooterInSection"
        if let asked = try askDelegate(method, section, returning: Double.self) {
            let height = try height(asked, method)
            return height == Self.automaticDimension ? standard : height
        }
        let hasContent = try views || title(section, header: header) != nil
        if style == 0 { return hasContent ? standard : 0 }
        return header && section == 0 && !hasContent ? Self.groupedTopPadding : standard
    }

    private func title(_ section: Int, header: Bool) throws -> String? {
        try askDataSource(
            header ? "tableView_titleForHeaderInSection" : "tableView_titleForFooterInSection", section,
            returning: String?.self) ?? staticContent?.title(section, header: header)
    }

    func rect(forRow path: IndexPathValue) throws -> CGRect? {
        try currentGeometry().rowRect(path, width: bounds.size.width)
    }

    func rect(forSection section: Int) throws -> CGRect? {
        let geometry = try currentGeometry()
        guard geometry.sections.indices.contains(section) else { return nil }
        let placed = geometry.sections[section]
        return CGRect(x: 0, y: placed.top, width: bounds.size.width, height: placed.bottom - placed.top)
    }

    // MARK: The visible rows

    public override func layoutSubviews() {
        do {
            try updateVisibleRows()
            try nativeContent?.tableViewDidLayOut(self)
        } catch {
            bridge?.report(error, during: "UITableView's layoutSubviews")
        }
    }

    /// Shows the rows in the visible rect. Self-sizing rows are measured as their cells come
    /// into view; when that changes their heights, the rows move and the pass runs again for the
    /// rows that then show.
    func updateVisibleRows() throws {
        for _ in 0..<Self.measuringPasses {
            try placeVisibleRows()
            guard try measureVisibleRows() else { return }
        }
    }

    /// A bound on the passes one layout makes: each measures every row that came into view.
    private static let measuringPasses = 32

    /// Measures the visible self-sizing rows not measured yet; true when a height changed.
    private func measureVisibleRows() throws -> Bool {
        guard var geometry, !automaticRows.isEmpty else { return false }
        var changed: [IndexPathValue: Double] = [:]
        for (path, cell) in visibleCells where automaticRows.contains(path) && measuredHeights[path] == nil {
            let height = try cell.selfSizedHeight(width: bounds.size.width) ?? Self.defaultRowHeight
            measuredHeights[path] = height
            if geometry.rowRect(path, width: 0).map({ Double($0.size.height) }) != height { changed[path] = height }
        }
        guard !changed.isEmpty else { return false }
        geometry.setRowHeights(changed)
        self.geometry = geometry
        try setLaidOutContentSize(CGSize(width: bounds.size.width, height: geometry.contentHeight))
        return true
    }

    /// Makes the visible cells, headers and footers match the visible rect: new ones from the
    /// data source, gone ones to the reuse queues.
    private func placeVisibleRows() throws {
        let geometry = try currentGeometry()
        let width = bounds.size.width
        let rows = geometry.rows(from: bounds.minY, to: bounds.maxY)
        let wanted = Set(rows)
        for (path, cell) in visibleCells where !wanted.contains(path) {
            visibleCells[path] = nil
            try endDisplaying(cell, at: path)
        }
        let counts = try sectionCounts()
        for path in rows {
            guard let rect = geometry.rowRect(path, width: width) else { continue }
            if let shown = visibleCells[path] {
                shown.frame = swipedRect(rect, at: path)
                shown.separators = separators(at: path, counts: counts)
                continue
            }
            let cell = try makeCell(for: path, rect: rect)
            cell.tableView = self
            cell.separators = separators(at: path, counts: counts)
            visibleCells[path] = cell
            try insertSubview(cell, at: 0)
            if let appearing, appearing.contains(path) {
                AnimationScope.run(group: nil) {
                    cell.frame = rect
                    cell.alpha = 0
                }
                cell.alpha = 1
            }
            _ = try askDelegate(
                "tableView_willDisplayCell_forRowAtIndexPath", cell, path, returning: AnyScriptValue.self)
        }
        try showSectionViews(geometry)
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: width, height: geometry.tableHeader)
        tableFooterView?.frame = CGRect(x: 0, y: geometry.sectionsBottom, width: width, height: geometry.tableFooter)
    }

    /// The separators of the row at `path`: under every row but a plain table's last; in a
    /// grouped table, across the top of a section's first row and the bottom of its last.
    private func separators(at path: IndexPathValue, counts: [Int]) -> TableViewCell.Separators {
        guard separatorStyle != 0, counts.indices.contains(path.section) else { return .init() }
        let lastInSection = path.item == counts[path.section] - 1
        if style == 1 {
            return .init(top: path.item == 0, bottom: lastInSection ? .full : .inset)
        }
        let lastSection = counts.lastIndex { $0 > 0 } ?? path.section
        return .init(bottom: lastInSection && path.section == lastSection ? .none : .inset)
    }

    /// The detail button of the cell's accessory was tapped: the delegate hears of it.
    func accessoryButtonTapped(in cell: TableViewCell) throws {
        guard let path = visibleCells.first(where: { $0.value === cell })?.key else { return }
        _ = try askDelegate("tableView_accessoryButtonTappedForRowWithIndexPath", path, returning: AnyScriptValue.self)
    }

    /// The data source's cell for `path`, made without animation and laid out at its row.
    private func makeCell(for path: IndexPathValue, rect: CGRect) throws -> TableViewCell {
        var made: TableViewCell?
        try AnimationScope.run(group: nil) {
            made =
                try nativeContent?.cell(in: self, at: path)
                ?? askDataSource("tableView_cellForRowAtIndexPath", path, returning: TableViewCell?.self)
                ?? staticContent?.cell(at: path)
            made?.frame = rect
        }
        guard let cell = made else {
            throw ScriptValueError(
                "tableView_cellForRowAtIndexPath returned no cell for row \(path.item) of section \(path.section)")
        }
        try cell.setSelected(selectedPaths.contains(path), animated: false)
        try showEditing(of: cell, at: path, animated: false)
        cell.frame = swipedRect(rect, at: path)
        cell.setNeedsLayout()
        return cell
    }

    /// Headers and footers of the sections on screen; a plain table's header stays at the
    /// top of the visible area while its section is under it.
    private func showSectionViews(_ geometry: TableGeometry) throws {
        let top = bounds.minY + adjustedContentInset.top
        var headers: [Int: CGRect] = [:]
        var footers: [Int: CGRect] = [:]
        for (section, placed) in geometry.sections.enumerated()
        where placed.bottom > bounds.minY && placed.top < bounds.maxY {
            if placed.header > 0 {
                let y = style == 0 ? min(max(placed.top, top), placed.bottom - placed.header) : placed.top
                headers[section] = CGRect(x: 0, y: y, width: bounds.size.width, height: placed.header)
            }
            if placed.footer > 0 {
                footers[section] = CGRect(x: 0, y: placed.rowsBottom, width: bounds.size.width, height: placed.footer)
            }
        }
        visibleHeaders = try show(headers, shown: visibleHeaders, header: true)
        visibleFooters = try show(footers, shown: visibleFooters, header: false)
    }

    private func show(_ wanted: [Int: CGRect], shown: [Int: View], header: Bool) throws -> [Int: View] {
        var result: [Int: View] = [:]
        for (section, view) in shown where wanted[section] == nil { recycle(view) }
        for (section, rect) in wanted.sorted(by: { $0.key < $1.key }) {
            if let view = shown[section] {
                view.frame = rect
                result[section] = view
                continue
            }
            var made: View?
            try AnimationScope.run(group: nil) { made = try sectionView(section, header: header) }
            guard let view = made else { continue }
            view.frame = rect
            try addSubview(view)  // in front of the cells, as a pinned header is
            result[section] = view
            _ = try askDelegate(
                header ? "tableView_willDisplayHeaderView_forSection" : "tableView_willDisplayFooterView_forSection",
                view, section, returning: AnyScriptValue.self)
        }
        return result
    }

    /// The delegate's view for a section's header or footer, else one made for its title.
    private func sectionView(_ section: Int, header: Bool) throws -> View? {
        let method = header ? "tableView_viewForHeaderInSection" : "tableView_viewForFooterInSection"
        if delegateImplements(method) { return try askDelegate(method, section, returning: View?.self) ?? nil }
        guard let title = try title(section, header: header) else { return nil }
        let view: TableHeaderFooterView
        if let recycled = headerFooterQueues.take(Self.titleQueue, from: self) {
            view = recycled
        } else {
            view = TableHeaderFooterView(reuseIdentifier: nil, engine: engine)
            view.reuseQueue = Self.titleQueue
            view.textLabel.font =
                style == 1 ? Font.system(13, text: engine) : Font.system(17, weight: 600, text: engine)
            // A grouped section's title is grey over the table; a plain one's sits on a light grey bar.
            if style == 1 {
                view.textLabel.textColor = Color.secondaryLabel
            } else {
                view.backgroundColor = Color(light: Color(rgb: 247, 247, 247), dark: Color(rgb: 28, 28, 30))
            }
        }
        // A grouped table shows its header titles in capitals, as UIKit does; footers as written.
        view.textLabel.text = style == 1 && header ? title.uppercased() : title
        view.setNeedsLayout()
        return view
    }

    func headerView(forSection section: Int) -> View? { visibleHeaders[section] }
    func footerView(forSection section: Int) -> View? { visibleFooters[section] }

    override func didScroll() throws { try nativeContent?.tableViewDidScroll(self) }

    /// A drag that scrolls the table closes an open row, as UIKit's does.
    override func dragBegan() throws {
        try closeSwipe()
        try super.dragBegan()
    }

    /// A new width makes new geometry (the rows' widths and the content size follow it).
    override func boundsWillChange(to newBounds: CGRect) {
        if newBounds.size.width != bounds.size.width { reloadGeometry() }
    }
}
