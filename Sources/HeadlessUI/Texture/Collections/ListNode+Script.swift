import Foundation
import ObjectBridge

extension ListNode {
    /// Scripts' view of what `ASCollectionNode` and `ASTableNode` share.
    enum Script {
        /// The data source and delegate, the nodes by index path, batch fetching, and batches
        /// of updates made on the list view that `list` gives, animated or not.
        static func listMembers<Node: ListNode>(
            _ c: NativeClassBuilder<Node>, names: Names, list: @escaping (Node) throws -> any BatchUpdating & View,
            visiblePaths: @escaping (Node) -> [IndexPathValue]
        ) {
            c.property(
                "dataSource", get: { $0.dataSource },
                set: {
                    $0.dataSource = $1
                    try $0.reloadData()
                })
            c.property(
                "delegate", get: { $0.delegate },
                set: {
                    $0.delegate = $1
                    $0.itemsNeedLayout()
                })
            c.method("reloadData") { (node: Node) in try node.reloadData() }
            c.method("nodeFor\(names.elementSelector)AtIndexPath") { (node: Node, path: IndexPathValue) in
                node.itemNodes[path]
            }
            c.method("indexPathForNode") { (node: Node, cell: CellNode) in node.indexPath(of: cell) }
            c.property("visibleNodes") { (node: Node) in visiblePaths(node).sorted().compactMap { node.itemNodes[$0] } }
            c.property(
                "leadingScreensForBatching", get: { $0.leadingScreensForBatching },
                set: { node, screens in
                    guard screens.isFinite, screens >= 0 else {
                        throw ScriptValueError("leadingScreensForBatching must be 0 or more, got \(screens)")
                    }
                    node.leadingScreensForBatching = screens
                })
            c.property("batchFetching") { (node: Node) in node.batchContext != nil }
            c.method("performBatchAnimated_updates_completion") {
                (node: Node, animated: Bool, updates: ScriptBlock?, completion: ScriptBlock?) in
                let view = try list(node)
                guard let bridge = node.bridge else { return }
                try node.environment.clock.withAnimations(enabled: animated) {
                    try view.performUpdates(completion: completion) { if let updates { try bridge.call(updates) } }
                }
            }
        }
    }
}
