import Foundation
import ObjectBridge

/// The world's nodes, held weakly, so that a save can lay out again the nodes it may have
/// changed the classes of.
struct LiveNodes {
    private var nodes: [WeakObjectReference<DisplayNode>] = []
    /// When the list next drops the nodes that died: at twice its size after the last drop.
    private var pruneAt = 64

    mutating func track<Node: DisplayNode>(_ node: Node) -> Node {
        if nodes.count >= pruneAt {
            nodes.removeAll { $0.wrappedValue == nil }
            pruneAt = max(64, nodes.count * 2)
        }
        nodes.append(WeakObjectReference(wrappedValue: node))
        return node
    }

    var all: [DisplayNode] { nodes.compactMap(\.wrappedValue) }
}

extension UIWorld {
    /// After a save: every node of a script class lays out again at its next pass, and the
    /// collection and table nodes measure their items again where they are, keeping their scroll position.
    public func layOutNodesAgain() {
        let nodes = environment.liveNodes.all
        for node in nodes where node.scriptClass != nil { node.setNeedsLayout() }
        for case let list as ListNode in nodes { list.itemsNeedLayout() }
    }
}
