import Foundation
import ObjectBridge

/// `UICollectionViewLayoutAttributes`: where a layout puts one element (a cell, a supplementary
/// view or a decoration view) and how it looks there.
public final class LayoutAttributes: BridgeObject {
    /// `UICollectionElementCategory`.
    public enum Category: Int, Sendable {
        case cell = 0
        case supplementaryView, decorationView
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
    /// A list row's place in its section, set by a compositional layout's list sections.
    public var listPlacement: ListPlacement?

    public init(indexPath: IndexPathValue, category: Category, kind: String? = nil) {
        self.indexPath = indexPath
        self.category = category
        self.kind = kind
    }

    public var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// A copy, as layouts hand to their callers so that changes do not reach their cache. A
    /// script subclass's copy is of that subclass, with its fields.
    public func copy() -> LayoutAttributes {
        let copy = LayoutAttributes(indexPath: indexPath, category: category, kind: kind)
        if scriptClass != nil, let bridge {
            do { try bridge.copyScriptState(from: self, to: copy) } catch {
                bridge.report(error, during: "copying layout attributes")
            }
        }
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.listPlacement = listPlacement
        return copy
    }

    /// A copy with another alpha.
    func copy(alpha: Double) -> LayoutAttributes {
        let copy = copy()
        copy.alpha = alpha
        return copy
    }

    /// `isEqual`: the script subclass's, when it overrides it.
    func equals(_ other: LayoutAttributes) throws -> Bool {
        if scriptClass != nil, let scripted = try runOverride("isEqual", other as BridgeObject?, returning: Bool.self) {
            return scripted
        }
        return isEqual(to: other)
    }

    func isEqual(to other: LayoutAttributes) -> Bool {
        indexPath == other.indexPath && category == other.category && kind == other.kind && center == other.center
            && size == other.size && transform3D == other.transform3D && alpha == other.alpha && zIndex == other.zIndex
            && isHidden == other.isHidden && listPlacement == other.listPlacement
    }

}
