import Foundation
import ObjectBridge

extension CollectionNode {
    /// Scripts' view of `ASCollectionNode`, `ASBatchContext` and `ASViewController`.
    enum Script {
        static func nodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASCollectionNode", superclass: "ASDisplayNode", type: CollectionNode.self,
                allocate: { environment.liveNodes.track(CollectionNode(environment: environment)) }
            ) { c in
                c.method("initWithCollectionViewLayout", overridable: true) {
                    (node: CollectionNode, layout: CollectionViewLayout) -> CollectionNode in
                    node.setLayout(layout)
                    return node
                }
                c.method("initWithFrame_collectionViewLayout", overridable: true) {
                    (node: CollectionNode, frame: CGRect, layout: CollectionViewLayout) -> CollectionNode in
                    node.setLayout(layout)
                    node.frame = try GeometryCheck.rect(frame, "frame")
                    return node
                }
                ListNode.Script.listMembers(
                    c, names: .collection, list: { try $0.collectionView() },
                    visiblePaths: { ($0.loadedView as? CollectionView).map { Array($0.visibleCells.keys) } ?? [] })
                CollectionView.Script.updateMethods(c) { try $0.collectionView() }
                c.property(
                    "layoutInspector", get: { $0.layoutInspector },
                    set: {
                        $0.layoutInspector = $1
                        $0.itemsNeedLayout()
                    })
                c.property("collectionViewLayout") { (node: CollectionNode) in node.collectionLayout }
                c.method("registerSupplementaryNodeOfKind") { (node: CollectionNode, kind: String) in
                    node.registerSupplementaryNode(ofKind: kind)
                }
                c.method("supplementaryNodeForElementKind_atIndexPath") {
                    (node: CollectionNode, kind: String, path: IndexPathValue) in
                    node.supplementaryNodes[SupplementaryKey(kind: kind, path: path)]
                }
            }
        }

        static func batchContextClass() -> NativeClass {
            NativeClass("ASBatchContext", superclass: "NSObject", type: BatchContext.self, allocate: nil) { c in
                c.method("completeBatchFetching") { (context: BatchContext, didComplete: Bool) in
                    context.completeBatchFetching(didComplete)
                }
                c.method("cancelBatchFetching") { (context: BatchContext) in context.cancelBatchFetching() }
                c.method("isFetching") { (context: BatchContext) in context.isFetching }
            }
        }

        static func viewControllerClasses(_ environment: UIEnvironment) -> [NativeClass] {
            ["ASViewController", "ASDKViewController"].map { name in
                NativeClass(
                    name, superclass: "UIViewController", type: NodeViewController.self,
                    allocate: { NodeViewController(environment: environment) }
                ) { c in
                    c.method("initWithNode", overridable: true) {
                        (controller: NodeViewController, node: DisplayNode) -> NodeViewController in
                        controller.setNode(node)
                        return controller
                    }
                    c.property("node") { (controller: NodeViewController) in controller.node }
                }
            }
        }
    }
}

extension CollectionNode.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [nodeClass(environment), batchContextClass()] + viewControllerClasses(environment)
    }

    static var worldProtocols: [ProtocolDescription] {
        [
            ProtocolDescription(
                ListNode.Names.collection.dataSourceProtocol,
                optional: [
                    "numberOfSectionsInCollectionNode", "collectionNode_numberOfItemsInSection",
                    "collectionNode_nodeForItemAtIndexPath", "collectionNode_nodeBlockForItemAtIndexPath",
                    "collectionNode_nodeForSupplementaryElementOfKind_atIndexPath",
                ]),
            ProtocolDescription(
                ListNode.Names.collection.delegateProtocol,
                optional: [
                    "collectionNode_constrainedSizeForItemAtIndexPath", "collectionNode_didSelectItemAtIndexPath",
                    "collectionNode_didDeselectItemAtIndexPath", "shouldBatchFetchForCollectionNode",
                    "collectionNode_willBeginBatchFetchWithContext",
                ]),
            ProtocolDescription(
                CollectionNode.inspectorProtocol,
                optional: [
                    "collectionView_constrainedSizeForNodeAtIndexPath",
                    "collectionView_constrainedSizeForSupplementaryNodeOfKind_atIndexPath", "scrollableDirections",
                ]),
        ]
    }
}
