import Foundation
import LuaRuntime
import ObjectBridge

extension FlowLayout {
    /// Scripts' view of `FlowLayout`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UICollectionViewFlowLayout", superclass: "UICollectionViewLayout", type: FlowLayout.self,
                allocate: { FlowLayout() }
            ) { c in
                c.classMethod("invalidationContextClass") {
                    try registeredClass("UICollectionViewFlowLayoutInvalidationContext", environment)
                }
                c.property(
                    "itemSize", get: { $0.itemSize },
                    set: {
                        $0.itemSize = try GeometryCheck.size($1, "itemSize")
                        $0.invalidate()
                    })
                c.property(
                    "minimumLineSpacing", get: { $0.minimumLineSpacing },
                    set: {
                        $0.minimumLineSpacing = try GeometryCheck.finite($1, "minimumLineSpacing")
                        $0.invalidate()
                    })
                c.property(
                    "minimumInteritemSpacing", get: { $0.minimumInteritemSpacing },
                    set: {
                        $0.minimumInteritemSpacing = try GeometryCheck.finite($1, "minimumInteritemSpacing")
                        $0.invalidate()
                    })
                c.property(
                    "sectionInset", get: { $0.sectionInset },
                    set: {
                        $0.sectionInset = try GeometryCheck.insets($1, "sectionInset")
                        $0.invalidate()
                    })
                c.property(
                    "headerReferenceSize", get: { $0.headerReferenceSize },
                    set: {
                        $0.headerReferenceSize = try GeometryCheck.size($1, "headerReferenceSize")
                        $0.invalidate()
                    })
                c.property(
                    "footerReferenceSize", get: { $0.footerReferenceSize },
                    set: {
                        $0.footerReferenceSize = try GeometryCheck.size($1, "footerReferenceSize")
                        $0.invalidate()
                    })
                c.property(
                    "estimatedItemSize", get: { $0.estimatedItemSize },
                    set: {
                        $0.estimatedItemSize =
                            $1 == FlowLayout.automaticSize ? $1 : try GeometryCheck.size($1, "estimatedItemSize")
                        $0.invalidate()
                    })
                c.property(
                    "scrollDirection", get: { $0.scrollDirection == .vertical ? 0 : 1 },
                    set: { layout, direction in
                        guard direction == 0 || direction == 1 else {
                            throw ScriptValueError(
                                "scrollDirection must be 0 (vertical) or 1 (horizontal), got \(direction)")
                        }
                        layout.scrollDirection = direction == 0 ? .vertical : .horizontal
                        layout.invalidate()
                    })
                // Declared in UICollectionViewLayout.h since iOS 13, in the flow layout's header before.
                for module in ["UIKit.UICollectionViewFlowLayout", "UIKit.UICollectionViewLayout"] {
                    c.enumeration(
                        cType: "UICollectionViewScrollDirection", constants: "UICollectionViewScrollDirection",
                        module: module,
                        aliases: ["ScrollDirection"], directions)
                }
            }
        }

        static let directions: [(String, Int)] = [("Vertical", 0), ("Horizontal", 1)]

        /// The element kinds of headers and footers, as UIKit's string constants: in the flow
        /// layout's header (with the automatic item size), and with the layout's element
        /// categories.
        static var elementKindsModules: [BindingModule] {
            let kinds: [(String, BindingModule.Member)] = [
                ("UICollectionElementKindSectionHeader", .constant(headerKind)),
                ("UICollectionElementKindSectionFooter", .constant(footerKind)),
            ]
            return [
                BindingModule(
                    "UIKit.UICollectionViewFlowLayout",
                    kinds + [("UICollectionViewFlowLayoutAutomaticSize", .constant(automaticSize))]),
                BindingModule("UIKit.UICollectionViewLayout", kinds),
            ]
        }

        /// The protocol whose optional methods the flow layout calls on its collection view's
        /// delegate.
        static let protocols = [
            ProtocolDescription(
                "UICollectionViewDelegateFlowLayout", inherits: ["UICollectionViewDelegate"],
                optional: [
                    "collectionView_layout_sizeForItemAtIndexPath", "collectionView_layout_insetForSectionAtIndex",
                    "collectionView_layout_minimumLineSpacingForSectionAtIndex",
                    "collectionView_layout_minimumInteritemSpacingForSectionAtIndex",
                    "collectionView_layout_referenceSizeForHeaderInSection",
                    "collectionView_layout_referenceSizeForFooterInSection",
                ])
        ]
    }
}
