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
                        $0.collectionLayout.invalidate()
                    })
                c.property(
                    "layoutInspector", get: { $0.layoutInspector },
                    set: {
                        $0.layoutInspector = $1
                        $0.collectionLayout.invalidate()
                    })
                c.property("collectionViewLayout") { (node: CollectionNode) in node.collectionLayout }
                c.method("registerSupplementaryNodeOfKind") { (node: CollectionNode, kind: String) in
                    node.registerSupplementaryNode(ofKind: kind)
                }
                c.method("reloadData") { (node: CollectionNode) in try node.reloadData() }
                c.method("nodeForItemAtIndexPath") { (node: CollectionNode, path: IndexPathValue) in
                    node.itemNodes[path]
                }
                c.method("supplementaryNodeForElementKind_atIndexPath") {
                    (node: CollectionNode, kind: String, path: IndexPathValue) in
                    node.supplementaryNodes[SupplementaryKey(kind: kind, path: path)]
                }
                c.method("indexPathForNode") { (node: CollectionNode, cell: CellNode) in
                    node.itemNodes.first { $0.value === cell }?.key
                }
                c.property("visibleNodes") { (node: CollectionNode) in
                    ((node.loadedView as? CollectionView)?.visibleCells.keys.sorted() ?? []).compactMap {
                        node.itemNodes[$0]
                    }
                }
                c.property(
                    "leadingScreensForBatching", get: { $0.leadingScreensForBatching },
                    set: { node, screens in
                        guard screens.isFinite, screens >= 0 else {
                            throw ScriptValueError("leadingScreensForBatching must be 0 or more, got \(screens)")
                        }
                        node.leadingScreensForBatching = screens
                    })
                c.property("batchFetching") { (node: CollectionNode) in node.batchContext != nil }
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
                CollectionNode.dataSourceProtocol,
                optional: [
                    "numberOfSectionsInCollectionNode", "collectionNode_numberOfItemsInSection",
                    "collectionNode_nodeForItemAtIndexPath", "collectionNode_nodeBlockForItemAtIndexPath",
                    "collectionNode_nodeForSupplementaryElementOfKind_atIndexPath",
                ]),
            ProtocolDescription(
                CollectionNode.delegateProtocol,
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
