import Foundation
import ObjectBridge

/// Texture's `ASTableNode`: a table view whose rows are cell nodes, each measured at the
/// table's width (the delegate's `tableNode_constrainedSizeForRowAtIndexPath` may say
/// otherwise) and shown in a cell of the table view it owns, at its calculated height.
public final class TableNode: ListNode {
    public override class var textureName: String { "ASTableNode" }

    private static let cellIdentifier = "ASCellNodeHost"
    /// `UITableViewStyle`: plain 0, grouped 1.
    var tableStyle = 0 { didSet { (loadedView as? TableView)?.setStyle(tableStyle) } }

    init(environment: UIEnvironment) {
        super.init(environment: environment, names: .table)
    }

    public override func makeView() -> View {
        let view = TableView(style: tableStyle, touches: environment.touches, engine: environment.text)
        view.nativeContent = self
        view.registerPrototype(forCellReuseIdentifier: Self.cellIdentifier) { [environment] in
            TableViewCell(style: 0, reuseIdentifier: nil, engine: environment.text, touches: environment.touches)
        }
        return view
    }

    /// The table view, made with the node's view.
    public func tableView() throws -> TableView {
        guard let view = try view() as? TableView else {
            throw ScriptValueError("\(asciiArtName)'s view is not a table view")
        }
        return view
    }

    public override func reloadData() throws {
        try super.reloadData()
        try (loadedView as? TableView)?.reloadData()
    }

    /// Every row node measures again, and the rows take their new heights at the next pass.
    override func itemsNeedLayout() {
        super.itemsNeedLayout()
        (loadedView as? TableView)?.reloadGeometry()
    }

    /// As Texture's table: exactly the table's width, any height.
    override func defaultConstrainedSize(at path: IndexPathValue) throws -> SizeRange {
        let width = try tableView().bounds.width
        return SizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }
}

extension TableNode: TableViewContent {
    func sectionCounts(in view: TableView) throws -> [Int] { try sectionCounts() }

    func cell(in view: TableView, at path: IndexPathValue) throws -> TableViewCell {
        let node = try measuredNode(at: path)
        let cell = try view.dequeueCell(Self.cellIdentifier, for: path)
        try host(node, in: cell.contentView, size: cell.bounds.size)
        return cell
    }

    var providesRowHeights: Bool { true }

    func rowHeight(in view: TableView, at path: IndexPathValue) throws -> Double {
        Double(try measuredNode(at: path).calculatedSize.height)
    }

    func tableView(_ view: TableView, didSelectRowAt path: IndexPathValue) throws { try didSelect(path) }

    func tableView(_ view: TableView, didDeselectRowAt path: IndexPathValue) throws { try didDeselect(path) }

    func tableView(_ view: TableView, willApply updates: PendingUpdates) { remapItemNodes(updates) }

    func tableViewDidLayOut(_ view: TableView) throws {
        for (path, cell) in view.visibleCells {
            guard let node = itemNodes[path], node.needsLayout else { continue }
            try host(try measuredNode(at: path), in: cell.contentView, size: cell.bounds.size)
        }
        let geometry = try view.currentGeometry()
        let width = Double(view.bounds.width)
        try interfaceStates.update(
            visible: view.bounds, vertical: true,
            frames: { rect in
                geometry.rows(from: rect.minY, to: rect.maxY).compactMap { path in
                    geometry.rowRect(path, width: width).map { (path, $0) }
                }
            },
            nodes: { [weak self] path in self?.itemNodes[path] })
        try fetchBatchIfNeeded(view)
    }

    func tableViewDidScroll(_ view: TableView) throws { try fetchBatchIfNeeded(view) }

    /// Measured against the rows' geometry, which a scroll may come before.
    private func fetchBatchIfNeeded(_ view: TableView) throws {
        _ = try view.currentGeometry()
        try fetchBatchIfNeeded(
            contentEnd: view.contentSize.height, visibleEnd: view.bounds.maxY, screen: view.bounds.height)
    }
}
