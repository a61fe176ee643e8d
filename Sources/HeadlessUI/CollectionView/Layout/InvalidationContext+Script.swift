import Foundation
import ObjectBridge

extension InvalidationContext {
    /// Scripts' view of `InvalidationContext`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UICollectionViewLayoutInvalidationContext", superclass: "NSObject",
                type: InvalidationContext.self, allocate: { InvalidationContext() }
            ) { c in
                c.declared(inHeader: "UICollectionViewLayout")
                c.property("invalidateEverything") { (context: InvalidationContext) in context.invalidateEverything }
                c.property(
                    "invalidateDataSourceCounts", get: { $0.invalidateDataSourceCounts },
                    set: { $0.invalidateDataSourceCounts = $1 })
                c.property("invalidatedItemIndexPaths") { (context: InvalidationContext) in
                    context.invalidatedItemIndexPaths
                }
                c.property(
                    "contentOffsetAdjustment", get: { $0.contentOffsetAdjustment },
                    set: {
                        $0.contentOffsetAdjustment = try GeometryCheck.point($1, "contentOffsetAdjustment")
                    })
                c.property(
                    "contentSizeAdjustment", get: { $0.contentSizeAdjustment },
                    set: { context, adjustment in
                        context.contentSizeAdjustment = CGSize(
                            width: try GeometryCheck.finite(adjustment.width, "contentSizeAdjustment.width"),
                            height: try GeometryCheck.finite(adjustment.height, "contentSizeAdjustment.height"))
                    })
                c.method("invalidateItemsAtIndexPaths") { (context: InvalidationContext, paths: [IndexPathValue]) in
                    context.invalidateItems(paths)
                }
                c.method("invalidateSupplementaryElementsOfKind_atIndexPaths") {
                    (context: InvalidationContext, kind: String, paths: [IndexPathValue]) in
                    context.invalidateSupplementaryElements(ofKind: kind, paths)
                }
                c.method("invalidatedSupplementaryIndexPathsOfKind") { (context: InvalidationContext, kind: String) in
                    context.invalidatedSupplementaryIndexPaths[kind]
                }
            }
        }
    }
}

extension InvalidationContext.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
