import Foundation
import ObjectBridge

/// Texture's `ASCollectionNode`: a collection view whose items are cell nodes, measured in
/// the size range its delegate or layout inspector gives, each node's view shown in a cell of
/// the collection view it owns.
public final class CollectionNode: ListNode {
    public override class var textureName: String { "ASCollectionNode" }

    static let inspectorProtocol = "ASCollectionViewLayoutInspecting"
    private static let cellIdentifier = "ASCellNodeHost"

    public private(set) var collectionLayout: CollectionViewLayout
    @WeakObjectReference public var layoutInspector: BridgeObject? = nil
    /// The supplementary kinds registered with `registerSupplementaryNodeOfKind`.
    public private(set) var supplementaryKinds: Set<String> = []
    /// The supplementary nodes made so far, by kind and path.
    private(set) var supplementaryNodes: [SupplementaryKey: CellNode] = [:]

    init(environment: UIEnvironment, layout: CollectionViewLayout = FlowLayout()) {
        collectionLayout = layout
        super.init(environment: environment, names: .collection)
        adopt(layout)
    }

    func setLayout(_ layout: CollectionViewLayout) {
        replaceOwned(collectionLayout, with: layout)
        collectionLayout = layout
        (loadedView as? CollectionView)?.setLayout(layout)
    }

    public override func makeView() -> View {
        let view = CollectionView(layout: collectionLayout, touches: environment.touches, engine: environment.text)
        view.nativeContent = self
        view.registerPrototype(kind: nil, identifier: Self.cellIdentifier) { CollectionViewCell() }
        for kind in supplementaryKinds { registerHost(kind, in: view) }
        return view
    }

    /// The collection view, made with the node's view.
    public func collectionView() throws -> CollectionView {
        guard let view = try view() as? CollectionView else {
            throw ScriptValueError("\(asciiArtName)'s view is not a collection view")
        }
        return view
    }

    public func registerSupplementaryNode(ofKind kind: String) {
        supplementaryKinds.insert(kind)
        if let view = loadedView as? CollectionView { registerHost(kind, in: view) }
    }

    private func registerHost(_ kind: String, in view: CollectionView) {
        view.registerPrototype(kind: kind, identifier: Self.cellIdentifier) { ReusableView() }
    }

    /// Forgets every node and asks the data source again.
    public override func reloadData() throws {
        try super.reloadData()
        for node in supplementaryNodes.values { abandon(node) }
        supplementaryNodes = [:]
        try (loadedView as? CollectionView)?.reloadData()
    }

    /// Every item and supplementary node measures again, and the layout places them anew;
    /// the visible cells show their nodes' new layouts at the next pass.
    override func itemsNeedLayout() {
        super.itemsNeedLayout()
        for node in supplementaryNodes.values { node.setNeedsLayout() }
        collectionLayout.invalidate()
        loadedView?.setNeedsLayout()
    }

    /// The delegate's range, else the inspector's `collectionView_constrainedSizeForNodeAtIndexPath`,
    /// else the flow inspector's default.
    override func defaultConstrainedSize(at path: IndexPathValue) throws -> SizeRange {
        if let range = try layoutInspector?.ask(
            "collectionView_constrainedSizeForNodeAtIndexPath", of: Self.inspectorProtocol, try collectionView(), path,
            returning: SizeRange.self)
        {
            return try LayoutSpec.Script.checked(range)
        }
        return try flowInspectorRange()
    }

    /// As Texture's flow layout inspector: the collection's width less its insets, any
    /// height (its height, any width, when the layout scrolls sideways).
    private func flowInspectorRange() throws -> SizeRange {
        let view = try collectionView()
        let inset = view.contentInset
        if isHorizontal {
            let height = max(0, view.bounds.height - inset.top - inset.bottom)
            return SizeRange(min: .zero, max: CGSize(width: .infinity, height: height))
        }
        let width = max(0, view.bounds.width - inset.left - inset.right)
        return SizeRange(min: .zero, max: CGSize(width: width, height: .infinity))
    }

    private var isHorizontal: Bool { (collectionLayout as? FlowLayout)?.scrollDirection == .horizontal }

    // MARK: Supplementary nodes

    func supplementaryNode(ofKind kind: String, at path: IndexPathValue) throws -> CellNode? {
        let key = SupplementaryKey(kind: kind, path: path)
        if let node = supplementaryNodes[key] { return node }
        guard supplementaryKinds.contains(kind),
            let node = try ask(
                "collectionNode_nodeForSupplementaryElementOfKind_atIndexPath", kind, path, returning: CellNode?.self)
                ?? nil
        else { return nil }
        supplementaryNodes[key] = node
        adopt(node)
        return node
    }

    func constrainedSize(forSupplementaryOfKind kind: String, at path: IndexPathValue) throws -> SizeRange {
        if let range = try layoutInspector?.ask(
            "collectionView_constrainedSizeForSupplementaryNodeOfKind_atIndexPath", of: Self.inspectorProtocol,
            try collectionView(), kind, path, returning: SizeRange.self)
        {
            return try LayoutSpec.Script.checked(range)
        }
        return try flowInspectorRange()
    }

    /// Where the supplementary nodes are after `updates`: in their sections' new places, gone
    /// with deleted and reloaded sections.
    private func remapSupplementaryNodes(_ updates: PendingUpdates) {
        var remapped: [SupplementaryKey: CellNode] = [:]
        for (key, node) in supplementaryNodes {
            if let section = updates.newSection(for: key.path.section) {
                remapped[
                    SupplementaryKey(kind: key.kind, path: IndexPathValue(item: key.path.item, section: section))] =
                    node
            } else {
                abandon(node)
            }
        }
        supplementaryNodes = remapped
    }

    private func fetchBatchIfNeeded(_ view: CollectionView) throws {
        let bounds = view.bounds
        if isHorizontal {
            try fetchBatchIfNeeded(
                contentEnd: view.contentSize.width, visibleEnd: bounds.maxX, screen: bounds.width)
        } else {
            try fetchBatchIfNeeded(
                contentEnd: view.contentSize.height, visibleEnd: bounds.maxY, screen: bounds.height)
        }
    }
}

extension CollectionNode: CollectionViewContent, FlowLayoutSizing {
    func sectionCounts(in view: CollectionView) throws -> [Int] { try sectionCounts() }

    func cell(in view: CollectionView, at path: IndexPathValue) throws -> CollectionViewCell {
        let node = try measuredNode(at: path)
        let cell = try view.dequeueCell(Self.cellIdentifier, for: path)
        try host(node, in: cell.contentView, size: cell.bounds.size)
        return cell
    }

    func supplementaryView(in view: CollectionView, ofKind kind: String, at path: IndexPathValue) throws
        -> ReusableView?
    {
        guard let node = try supplementaryNode(ofKind: kind, at: path) else { return nil }
        let range = try constrainedSize(forSupplementaryOfKind: kind, at: path)
        if node.needsLayout || node.constrainedSize != range { _ = try node.layoutThatFits(range, in: pass) }
        let host = try view.dequeueSupplementaryView(ofKind: kind, Self.cellIdentifier, for: path)
        try self.host(node, in: host, size: host.bounds.size)
        return host
    }

    public func flowLayout(_ layout: FlowLayout, sizeForItem item: Int, inSection section: Int) throws -> CGSize? {
        try measuredNode(at: IndexPathValue(item: item, section: section)).calculatedSize
    }

    func collectionView(_ view: CollectionView, didSelectItemAt path: IndexPathValue) throws {
        try didSelect(path)
    }

    func collectionView(_ view: CollectionView, didDeselectItemAt path: IndexPathValue) throws {
        try didDeselect(path)
    }

    func collectionView(_ view: CollectionView, willApply updates: PendingUpdates) {
        remapItemNodes(updates)
        remapSupplementaryNodes(updates)
    }

    func collectionViewDidLayOut(_ view: CollectionView) throws {
        for (path, cell) in view.visibleCells {
            guard let node = itemNodes[path], node.needsLayout else { continue }
            try host(try measuredNode(at: path), in: cell.contentView, size: cell.bounds.size)
        }
        try interfaceStates.update(
            visible: view.bounds, vertical: !isHorizontal,
            frames: { rect in
                try view.layout.attributes(in: rect).filter { $0.category == .cell }.map { ($0.indexPath, $0.frame) }
            },
            nodes: { [weak self] path in self?.itemNodes[path] })
        try fetchBatchIfNeeded(view)
    }

    func collectionViewDidScroll(_ view: CollectionView) throws {
        try fetchBatchIfNeeded(view)
    }
}
