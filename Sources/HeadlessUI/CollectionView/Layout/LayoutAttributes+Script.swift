import Foundation
import ObjectBridge

extension LayoutAttributes {
    /// Scripts' view of `LayoutAttributes`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UICollectionViewLayoutAttributes", superclass: "NSObject", type: LayoutAttributes.self, allocate: nil
            ) { c in
                c.declared(inHeader: "UICollectionViewLayout")
                // Called on a script subclass, these make an instance of it.
                c.factoryMethod("layoutAttributesForCellWithIndexPath") { (path: IndexPathValue) in
                    LayoutAttributes(indexPath: path, category: .cell)
                }
                c.factoryMethod("layoutAttributesForSupplementaryViewOfKind_withIndexPath") {
                    (kind: String, path: IndexPathValue) in
                    LayoutAttributes(indexPath: path, category: .supplementaryView, kind: kind)
                }
                c.factoryMethod("layoutAttributesForDecorationViewOfKind_withIndexPath") {
                    (kind: String, path: IndexPathValue) in
                    LayoutAttributes(indexPath: path, category: .decorationView, kind: kind)
                }
                c.property("frame", get: { $0.frame }, set: { $0.frame = try GeometryCheck.rect($1, "frame") })
                c.property("center", get: { $0.center }, set: { $0.center = try GeometryCheck.point($1, "center") })
                c.property("size", get: { $0.size }, set: { $0.size = try GeometryCheck.size($1, "size") })
                c.property(
                    "bounds", get: { CGRect(origin: .zero, size: $0.size) },
                    set: { $0.size = try GeometryCheck.size($1.size, "bounds.size") })
                c.property(
                    "transform3D", get: { $0.transform3D },
                    set: { $0.transform3D = try GeometryCheck.fields($1, "transform3D") })
                c.property(
                    "transform", get: { $0.transform3D.affine },
                    set: {
                        $0.transform3D = CATransform3D(affine: try GeometryCheck.fields($1, "transform"))
                    })
                c.property(
                    "alpha", stored: \.alpha,
                    set: { $0.alpha = min(1, max(0, try GeometryCheck.finite($1, "alpha"))) })
                c.property("zIndex", stored: \.zIndex, set: { $0.zIndex = $1 })
                c.property("hidden", stored: \.isHidden, set: { $0.isHidden = $1 })
                c.property("indexPath", get: { $0.indexPath }, set: { $0.indexPath = $1 })
                c.property("representedElementCategory") { (attributes: LayoutAttributes) in
                    attributes.category.rawValue
                }
                c.property("representedElementKind") { (attributes: LayoutAttributes) in attributes.kind }
                c.method("copy") { (attributes: LayoutAttributes) in attributes.copy() }
                // A subclass with fields of its own overrides it (calling super), as in UIKit, so
                // that a change of those fields reaches the view.
                c.method("isEqual", overridable: true) { (attributes: LayoutAttributes, other: BridgeObject?) in
                    (other as? LayoutAttributes).map(attributes.isEqual(to:)) ?? false
                }
                c.enumeration(
                    cType: "UICollectionElementCategory", constants: "UICollectionElementCategory",
                    module: "UIKit.UICollectionViewLayout", aliases: ["Category"], Category.members)
            }
        }
    }
}

extension LayoutAttributes.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
