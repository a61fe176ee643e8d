import Foundation
import ObjectBridge

/// `UICollectionViewLayoutAttributes`: where a layout puts one element (a cell, a supplementary
/// view or a decoration view) and how it looks there.
public final class LayoutAttributes: BridgeObject {
    /// `UICollectionElementCategory`.
    public enum Category: Int, Sendable {
        case cell = 0, supplementaryView, decorationView
        static let members: [(String, Int)] = [("Cell", 0), ("SupplementaryView", 1), ("DecorationView", 2)]
    }

    public var indexPath: IndexPathValue
    public let category: Category
    /// The kind of a supplementary or decoration view (`UICollectionElementKindSectionHeader`).
    public let kind: String?
    public var center = CGPoint.zero
    public var size = CGSize.zero
    public var transform3D = CATransform3D.identity
    public var alpha = 1.0
    public var zIndex = 0
    public var isHidden = false

    public init(indexPath: IndexPathValue, category: Category, kind: String? = nil) {
        self.indexPath = indexPath
        self.category = category
        self.kind = kind
    }

    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// A copy, as layouts hand to their callers so that changes do not reach their cache.
    public func copy() -> LayoutAttributes {
        let copy = LayoutAttributes(indexPath: indexPath, category: category, kind: kind)
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }

    func isEqual(to other: LayoutAttributes) -> Bool {
        indexPath == other.indexPath && category == other.category && kind == other.kind && center == other.center
            && size == other.size && transform3D == other.transform3D && alpha == other.alpha && zIndex == other.zIndex
            && isHidden == other.isHidden
    }

    static func describe() -> NativeClass {
        NativeClass("UICollectionViewLayoutAttributes", superclass: "NSObject", type: LayoutAttributes.self, allocate: nil) { c in
            c.classMethod("layoutAttributesForCellWithIndexPath") { (path: IndexPathValue) in
                LayoutAttributes(indexPath: path, category: .cell)
            }
            c.classMethod("layoutAttributesForSupplementaryViewOfKind_withIndexPath") { (kind: String, path: IndexPathValue) in
                LayoutAttributes(indexPath: path, category: .supplementaryView, kind: kind)
            }
            c.classMethod("layoutAttributesForDecorationViewOfKind_withIndexPath") { (kind: String, path: IndexPathValue) in
                LayoutAttributes(indexPath: path, category: .decorationView, kind: kind)
            }
            c.property("frame", get: { $0.frame }, set: { $0.frame = try GeometryCheck.rect($1, "frame") })
            c.property("center", get: { $0.center }, set: { $0.center = try GeometryCheck.point($1, "center") })
            c.property("size", get: { $0.size }, set: { $0.size = try GeometryCheck.size($1, "size") })
            c.property("bounds", get: { CGRect(origin: .zero, size: $0.size) }, set: { $0.size = try GeometryCheck.size($1.size, "bounds.size") })
            c.property("transform3D", get: { $0.transform3D }, set: { $0.transform3D = try GeometryCheck.fields($1, "transform3D") })
            c.property("transform", get: { $0.transform3D.affine }, set: {
                $0.transform3D = CATransform3D(affine: try GeometryCheck.fields($1, "transform"))
            })
            c.property("alpha", get: { $0.alpha }, set: { $0.alpha = min(1, max(0, try GeometryCheck.finite($1, "alpha"))) })
            c.property("zIndex", get: { $0.zIndex }, set: { $0.zIndex = $1 })
            c.property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
            c.property("indexPath", get: { $0.indexPath }, set: { $0.indexPath = $1 })
            c.property("representedElementCategory") { (attributes: LayoutAttributes) in attributes.category.rawValue }
            c.property("representedElementKind") { (attributes: LayoutAttributes) in attributes.kind }
            c.method("copy") { (attributes: LayoutAttributes) in attributes.copy() }
            c.method("isEqual") { (attributes: LayoutAttributes, other: BridgeObject?) in
                (other as? LayoutAttributes).map(attributes.isEqual(to:)) ?? false
            }
            c.enumeration("Category", module: "UIKit.UICollectionViewLayout", Category.members)
        }
    }
}
