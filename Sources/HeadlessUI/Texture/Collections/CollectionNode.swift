import Foundation
import ObjectBridge

/// Texture's `ASCollectionNode`: a collection view whose items are cell nodes. It asks its
/// script data source for nodes (or blocks that make them; blocks run on the host's thread),
/// measures each in the size range its delegate or layout inspector gives, and shows each
/// node's view in a cell of the collection view it owns.
public final class CollectionNode: DisplayNode {
    public override class var textureName: String { "ASCollectionNode" }

    static let dataSourceProtocol = "ASCollectionDataSource"
    static let delegateProtocol = "ASCollectionDelegate"
    static let inspectorProtocol = "ASCollectionViewLayoutInspecting"
    private static let cellIdentifier = "ASCellNodeHost"

    let environment: UIEnvironment
    public private(set) var collectionLayout: CollectionViewLayout
    @WeakObjectReference public var dataSource: BridgeObject? = nil
    @WeakObjectReference public var delegate: BridgeObject? = nil
    @WeakObjectReference public var layoutInspector: BridgeObject? = nil
    /// The supplementary kinds registered with `registerSupplementaryNodeOfKind`.
    public private(set) var supplementaryKinds: Set<String> = []
    /// How many screens ahead of the end of the content a batch fetch starts.
    public var leadingScreensForBatching = 2.0

    /// The item nodes made so far, by index path, and the supplementary nodes by kind and path.
    private(set) var itemNodes: [IndexPathValue: CellNode] = [:]
    private(set) var supplementaryNodes: [SupplementaryKey: CellNode] = [:]
    /// The batch fetch under way, until its context completes.
    private(set) var batchContext: BatchContext?
    let interfaceStates = InterfaceStateTracker()

    init(environment: UIEnvironment, layout: CollectionViewLayout = FlowLayout()) {
        self.environment = environment
        collectionLayout = layout
        super.init()
        adopt(layout)
    }

    func setLayout(_ layout: CollectionViewLayout) {
        replaceOwned(collectionLayout, with: layout)
        collectionLayout = layout
        (loadedView as? CollectionView)?.setLayout(layout)
    }

    public override func makeView() -> View {
        let view = CollectionView(layout: collectionLayout, touches: environment.touches)
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
    public func reloadData() throws {
        for node in itemNodes.values { abandon(node) }
        for node in supplementaryNodes.values { abandon(node) }
        itemNodes = [:]
        supplementaryNodes = [:]
        interfaceStates.reset()
        try (loadedView as? CollectionView)?.reloadData()
    }

    /// Every item and supplementary node measures again, and the layout places them anew;
    /// the visible cells show their nodes' new layouts at the next pass.
    func itemsNeedLayout() {
        for node in itemNodes.values { node.setNeedsLayout() }
        for node in supplementaryNodes.values { node.setNeedsLayout() }
        collectionLayout.invalidate()
        loadedView?.setNeedsLayout()
    }

    // MARK: Nodes

    /// The item node at `path`: made by the data source once, then kept.
    public func node(at path: IndexPathValue) throws -> CellNode {
        if let node = itemNodes[path] { return node }
        let node = try makeNode(at: path)
        itemNodes[path] = node
        adopt(node)
        return node
    }

    private func makeNode(at path: IndexPathValue) throws -> CellNode {
        let name = dataSource.map { ($0.scriptClass?.name ?? "the data source") } ?? "the data source"
        if let node = try ask("collectionNode_nodeForItemAtIndexPath", path, returning: CellNode?.self) ?? nil {
            return node
        }
        if let block = try ask("collectionNode_nodeBlockForItemAtIndexPath", path, returning: ScriptBlock?.self) ?? nil,
            let bridge
        {
            // The block is called with the collection node, which a block of Texture's ignores.
            guard
                let node = try bridge.call(
                    block.function, on: self, method: "nodeBlock", returning: BridgeObject?.self) as? CellNode
            else {
                throw ScriptValueError(
                    "the node block \(name) gave for item \(path.item) of section \(path.section) did not return an "
                        + "ASCellNode")
            }
            return node
        }
        throw ScriptValueError(
            "\(name) gave no node for item \(path.item) of section \(path.section): implement "
                + "collectionNode_nodeForItemAtIndexPath or collectionNode_nodeBlockForItemAtIndexPath")
    }

    /// The node measured in the range its delegate or the layout inspector gives.
    func measuredNode(at path: IndexPathValue) throws -> CellNode {
        let node = try node(at: path)
        let range = try constrainedSize(forItemAt: path)
        if node.needsLayout || node.constrainedSize != range { _ = try node.layoutThatFits(range, in: pass) }
        return node
    }

    var pass: LayoutPass { LayoutPass(scale: environment.screen.profile.scale) }

    /// The delegate's `collectionNode_constrainedSizeForItemAtIndexPath`, else the inspector's
    /// `collectionView_constrainedSizeForNodeAtIndexPath`, else the flow inspector's default.
    func constrainedSize(forItemAt path: IndexPathValue) throws -> SizeRange {
        if let range = try delegate?.ask(
            "collectionNode_constrainedSizeForItemAtIndexPath", of: Self.delegateProtocol, self, path,
            returning: SizeRange.self)
        {
            return try LayoutSpec.Script.checked(range)
        }
        if let range = try layoutInspector?.ask(
            "collectionView_constrainedSizeForNodeAtIndexPath", of: Self.inspectorProtocol, try collectionView(), path,
            returning: SizeRange.self)
        {
            return try LayoutSpec.Script.checked(range)
        }
        return try defaultConstrainedSize()
    }

    /// As Texture's flow layout inspector: the collection's width less its insets, any
    /// height (its height, any width, when the layout scrolls sideways).
    private func defaultConstrainedSize() throws -> SizeRange {
        let view = try collectionView()
        let inset = view.contentInset
        if let flow = collectionLayout as? FlowLayout, flow.scrollDirection == .horizontal {
            let height = max(0, view.bounds.height - inset.top - inset.bottom)
            return SizeRange(min: .zero, max: CGSize(width: .infinity, height: height))
        }
        let width = max(0, view.bounds.width - inset.left - inset.right)
        return SizeRange(min: .zero, max: CGSize(width: width, height: .infinity))
    }

    /// The data source's answer to `method`, asked with the node first.
    func ask<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try dataSource?.ask(method, of: Self.dataSourceProtocol, self, repeat each arguments, returning: R.self)
    }

    /// The delegate's answer to `method`, asked with the node first.
    func tell<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws {
        _ = try delegate?.ask(
            method, of: Self.delegateProtocol, self, repeat each arguments, returning: AnyScriptValue.self)
    }

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
        return try defaultConstrainedSize()
    }

    // MARK: Batch fetching

    /// Starts a batch fetch when the content's end is within `leadingScreensForBatching`
    /// screens of the visible rect, no fetch is under way, and the delegate wants one.
    func fetchBatchIfNeeded(_ view: CollectionView) throws {
        guard batchContext == nil, let delegate, let bridge,
            bridge.delegateMethod(
                "collectionNode_willBeginBatchFetchWithContext", of: delegate, protocol: Self.delegateProtocol) != nil
        else { return }
        let vertical = (collectionLayout as? FlowLayout)?.scrollDirection != .horizontal
        let contentEnd = vertical ? view.contentSize.height : view.contentSize.width
        let visibleEnd = vertical ? view.bounds.maxY : view.bounds.maxX
        let screen = vertical ? view.bounds.height : view.bounds.width
        guard screen > 0, contentEnd - visibleEnd <= leadingScreensForBatching * screen else { return }
        if let should = try delegate.ask(
            "shouldBatchFetchForCollectionNode", of: Self.delegateProtocol, self, returning: Bool.self), !should
        {
            return
        }
        let context = BatchContext()
        batchContext = context
        context.onCompletion = { [weak self] in self?.batchContext = nil }
        try tell("collectionNode_willBeginBatchFetchWithContext", context)
    }
}

extension CollectionNode: CollectionViewContent, FlowLayoutSizing {
    func sectionCounts(in view: CollectionView) throws -> [Int] {
        guard dataSource != nil else { return [] }
        return try readSectionCounts(
            sectionsMethod: "numberOfSectionsInCollectionNode", itemsMethod: "collectionNode_numberOfItemsInSection",
            elements: "items", limit: CollectionView.maximumItems,
            sections: { try ask("numberOfSectionsInCollectionNode", returning: Int.self) },
            items: { try ask("collectionNode_numberOfItemsInSection", $0, returning: Int.self) })
    }

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

    /// Puts `node`'s view alone in `container`, at `size`, laid out.
    private func host(_ node: CellNode, in container: View, size: CGSize) throws {
        let nodeView = try node.view()
        for subview in container.subviews where subview !== nodeView { subview.removeFromSuperview() }
        if nodeView.superview !== container { try container.addSubview(nodeView) }
        node.frame = CGRect(origin: .zero, size: size)
        try node.layoutIfNeeded(in: pass)
    }

    public func flowLayout(_ layout: FlowLayout, sizeForItem item: Int, inSection section: Int) throws -> CGSize? {
        try measuredNode(at: IndexPathValue(item: item, section: section)).calculatedSize
    }

    func collectionView(_ view: CollectionView, didSelectItemAt path: IndexPathValue) throws {
        itemNodes[path]?.isSelected = true
        try tell("collectionNode_didSelectItemAtIndexPath", path)
    }

    func collectionView(_ view: CollectionView, didDeselectItemAt path: IndexPathValue) throws {
        itemNodes[path]?.isSelected = false
        try tell("collectionNode_didDeselectItemAtIndexPath", path)
    }

    func collectionViewDidLayOut(_ view: CollectionView) throws {
        for (path, cell) in view.visibleCells {
            guard let node = itemNodes[path], node.needsLayout else { continue }
            try host(try measuredNode(at: path), in: cell.contentView, size: cell.bounds.size)
        }
        try interfaceStates.update(in: view, nodes: { [weak self] path in self?.itemNodes[path] })
        try fetchBatchIfNeeded(view)
    }

    func collectionViewDidScroll(_ view: CollectionView) throws {
        try fetchBatchIfNeeded(view)
    }
}
