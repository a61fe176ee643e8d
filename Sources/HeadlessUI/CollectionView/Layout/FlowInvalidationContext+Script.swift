import Foundation
import ObjectBridge

extension FlowInvalidationContext {
    /// Scripts' view of `FlowInvalidationContext`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UICollectionViewFlowLayoutInvalidationContext",
                superclass: "UICollectionViewLayoutInvalidationContext",
                type: FlowInvalidationContext.self, allocate: { FlowInvalidationContext() }
            ) { c in
                c.declared(inHeader: "UICollectionViewFlowLayout")
                c.property(
                    "invalidateFlowLayoutDelegateMetrics", get: { $0.invalidateFlowLayoutDelegateMetrics },
                    set: { $0.invalidateFlowLayoutDelegateMetrics = $1 })
                c.property(
                    "invalidateFlowLayoutAttributes", get: { $0.invalidateFlowLayoutAttributes },
                    set: { $0.invalidateFlowLayoutAttributes = $1 })
            }
        }
    }
}

extension FlowInvalidationContext.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
