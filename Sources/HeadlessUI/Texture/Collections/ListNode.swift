import Foundation
import ObjectBridge

/// What `ASCollectionNode` and `ASTableNode` share: item nodes asked of the script data source
/// once each (or made by the blocks it returns, run on the host's thread), kept by index path
/// through updates, measured in a size range and shown in the list view's cells; batch
/// fetching as the content scrolls; and the nodes' interface states.
public class ListNode: DisplayNode {
    /// The selectors of one kind of list, in Texture's spelling, spelled out once: they are
    /// asked for as every item is measured.
    struct Names {
        let dataSourceProtocol: String
        let delegateProtocol: String
        /// `item` or `row`, as the selectors and their messages name an element.
        let element: String
        let elementSelector: String
        let numberOfSectionsMethod: String
        let numberOfElementsMethod: String
        let nodeMethod: String
        let nodeBlockMethod: String
        let constrainedSizeMethod: String
        let didSelectMethod: String
        let didDeselectMethod: String
        let shouldBatchFetchMethod: String
        let willBeginBatchFetchMethod: String

        /// `prefix` (`collectionNode`) begins the list's data source and delegate methods;
        /// `listName` (`CollectionNode`) ends the ones that take the list alone.
        init(kind: String, prefix: String, listName: String, element: String, elementSelector: String) {
            dataSourceProtocol = "AS\(kind)DataSource"
            delegateProtocol = "AS\(kind)Delegate"
            (self.element, self.elementSelector) = (element, elementSelector)
            numberOfSectionsMethod = "numberOfSectionsIn\(listName)"
            numberOfElementsMethod = "\(prefix)_numberOf\(elementSelector)sInSection"
            nodeMethod = "\(prefix)_nodeFor\(elementSelector)AtIndexPath"
            nodeBlockMethod = "\(prefix)_nodeBlockFor\(elementSelector)AtIndexPath"
            constrainedSizeMethod = "\(prefix)_constrainedSizeFor\(elementSelector)AtIndexPath"
            didSelectMethod = "\(prefix)_didSelect\(elementSelector)AtIndexPath"
            didDeselectMethod = "\(prefix)_didDeselect\(elementSelector)AtIndexPath"
            shouldBatchFetchMethod = "shouldBatchFetchFor\(listName)"
            willBeginBatchFetchMethod = "\(prefix)_willBeginBatchFetchWithContext"
        }

        static let collection = Names(
            kind: "Collection", prefix: "collectionNode", listName: "CollectionNode", element: "item",
            elementSelector: "Item")
        static let table = Names(
            kind: "Table", prefix: "tableNode", listName: "TableNode", element: "row", elementSelector: "Row")
    }

    let names: Names
    let environment: UIEnvironment
    @WeakObjectReference public var dataSource: BridgeObject? = nil
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// How many screens ahead of the end of the content a batch fetch starts.
    public var leadingScreensForBatching = 2.0

    /// The item nodes made so far, by index path.
    private(set) var itemNodes: [IndexPathValue: CellNode] = [:]
    /// The batch fetch under way, until its context completes.
    private(set) var batchContext: BatchContext?
    let interfaceStates = InterfaceStateTracker()

    init(environment: UIEnvironment, names: Names) {
        self.environment = environment
        self.names = names
        super.init()
    }

    var pass: LayoutPass { LayoutPass(scale: environment.screen.profile.scale) }

    // MARK: Item nodes

    /// The data source's count of items in each section (one section unless it says).
    func sectionCounts() throws -> [Int] {
        guard dataSource != nil else { return [] }
        return try readSectionCounts(
            sectionsMethod: names.numberOfSectionsMethod, itemsMethod: names.numberOfElementsMethod,
            elements: names.element + "s", limit: CollectionView.maximumItems,
            sections: { try ask(names.numberOfSectionsMethod, returning: Int.self) },
            items: { try ask(names.numberOfElementsMethod, $0, returning: Int.self) })
    }

    /// The item node at `path`: made by the data source once, then kept.
    public func node(at path: IndexPathValue) throws -> CellNode {
        if let node = itemNodes[path] { return node }
        let node = try makeNode(at: path)
        itemNodes[path] = node
        adopt(node)
        return node
    }

    public func indexPath(of node: CellNode) -> IndexPathValue? {
        itemNodes.first { $0.value === node }?.key
    }

    /// The node measured in the range that `constrainedSize(at:)` gives.
    func measuredNode(at path: IndexPathValue) throws -> CellNode {
        let node = try node(at: path)
        let range = try constrainedSize(at: path)
        if node.needsLayout || node.constrainedSize != range { _ = try node.layoutThatFits(range, in: pass) }
        return node
    }

    /// The delegate's size range for the item, else the list's own.
    func constrainedSize(at path: IndexPathValue) throws -> SizeRange {
        if let range = try delegate?.ask(
            names.constrainedSizeMethod, of: names.delegateProtocol, self, path, returning: SizeRange.self)
        {
            return try LayoutSpec.Script.checked(range)
        }
        return try defaultConstrainedSize(at: path)
    }

    /// Any size up to the node's width: what a vertical list gives when its delegate does not say.
    func defaultConstrainedSize(at path: IndexPathValue) throws -> SizeRange {
        SizeRange(min: .zero, max: CGSize(width: bounds.width, height: .infinity))
    }

    private func makeNode(at path: IndexPathValue) throws -> CellNode {
        let source = dataSource?.scriptClass?.name ?? "the data source"
        let place = "\(names.element) \(path.item) of section \(path.section)"
        if let node = try ask(names.nodeMethod, path, returning: CellNode?.self) ?? nil { return node }
        if let block = try ask(names.nodeBlockMethod, path, returning: ScriptBlock?.self) ?? nil, let bridge {
            // The block is called with the list node, which a block of Texture's ignores.
            guard
                let node = try bridge.call(
                    block.function, on: self, method: "nodeBlock", returning: BridgeObject?.self) as? CellNode
            else {
                throw ScriptValueError("the node block \(source) gave for \(place) did not return an ASCellNode")
            }
            return node
        }
        throw ScriptValueError(
            "\(source) gave no node for \(place): implement \(names.nodeMethod) or \(names.nodeBlockMethod)")
    }

    /// Forgets every node and asks the data source again.
    public func reloadData() throws { forgetItemNodes() }

    /// Forgets every item node, so that the data source is asked again.
    func forgetItemNodes() {
        for node in itemNodes.values { abandon(node) }
        itemNodes = [:]
        interfaceStates.reset()
    }

    /// Moves the nodes of the items that stay to their paths after `updates`, and lets go of
    /// the nodes of deleted and reloaded items.
    func remapItemNodes(_ updates: PendingUpdates) {
        var remapped: [IndexPathValue: CellNode] = [:]
        for (path, node) in itemNodes {
            if let new = updates.newPath(for: path) {
                remapped[new] = node
            } else {
                abandon(node)
            }
        }
        itemNodes = remapped
        interfaceStates.reset()
    }

    /// Every item node measures again at its next pass.
    func itemsNeedLayout() {
        for node in itemNodes.values { node.setNeedsLayout() }
    }

    /// Puts `node`'s view alone in `container`, at `size`, laid out.
    func host(_ node: CellNode, in container: View, size: CGSize) throws {
        let nodeView = try node.view()
        for subview in container.subviews where subview !== nodeView { subview.removeFromSuperview() }
        if nodeView.superview !== container { try container.addSubview(nodeView) }
        node.frame = CGRect(origin: .zero, size: size)
        try node.layoutIfNeeded(in: pass)
    }

    // MARK: Selection

    func didSelect(_ path: IndexPathValue) throws {
        itemNodes[path]?.isSelected = true
        try tell(names.didSelectMethod, path)
    }

    func didDeselect(_ path: IndexPathValue) throws {
        itemNodes[path]?.isSelected = false
        try tell(names.didDeselectMethod, path)
    }

    // MARK: The data source and delegate

    /// The data source's answer to `method`, asked with the node first.
    func ask<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        try dataSource?.ask(method, of: names.dataSourceProtocol, self, repeat each arguments, returning: R.self)
    }

    /// Tells the delegate `method`, with the node first.
    func tell<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws {
        _ = try delegate?.ask(
            method, of: names.delegateProtocol, self, repeat each arguments, returning: AnyScriptValue.self)
    }

    // MARK: Batch fetching

    /// Starts a batch fetch when the content's end is within `leadingScreensForBatching`
    /// screens of the visible rect's, no fetch is under way, and the delegate wants one.
    func fetchBatchIfNeeded(contentEnd: Double, visibleEnd: Double, screen: Double) throws {
        guard batchContext == nil, let delegate, let bridge,
            bridge.delegateMethod(names.willBeginBatchFetchMethod, of: delegate, protocol: names.delegateProtocol)
                != nil
        else { return }
        guard screen > 0, contentEnd - visibleEnd <= leadingScreensForBatching * screen else { return }
        if let should = try delegate.ask(
            names.shouldBatchFetchMethod, of: names.delegateProtocol, self, returning: Bool.self), !should
        {
            return
        }
        let context = BatchContext()
        batchContext = context
        context.onCompletion = { [weak self] in self?.batchContext = nil }
        try tell(names.willBeginBatchFetchMethod, context)
    }
}
