import Foundation
import ObjectBridge

/// `UICollectionReusableView`: the base of cells and supplementary views, which the collection
/// view recycles by reuse identifier.
public class ReusableView: View {
    public internal(set) var reuseIdentifier: String?
    /// The collection view's queue for it: the identifier, with the kind for supplementary views.
    var reuseQueue: String?
    /// The attributes last applied, which decide where the view is: the view's own copy,
    /// which scripts never see again (it is not owned through `adopt`, as no script fields can
    /// be found on it later).
    public internal(set) var layoutAttributes: LayoutAttributes?

    /// Called before a recycled view is handed out again: the script's `prepareForReuse` when
    /// its class has one.
    func prepareForReuse() throws {
        _ = try runOverride("prepareForReuse")
    }

    /// Puts the view where `attributes` say, then lets the script see them. The attributes'
    /// 3D transform goes to the layer, whose flat part is the view's transform, as in UIKit.
    func apply(_ attributes: LayoutAttributes) throws {
        frame = attributes.frame
        layer.transform = attributes.transform3D
        alpha = attributes.alpha
        isHidden = attributes.isHidden
        layer.zPosition = Double(attributes.zIndex)
        layoutAttributes = attributes
        _ = try runOverride("applyLayoutAttributes", attributes)
    }

    /// `preferredLayoutAttributesFittingAttributes`: the script's, else the attributes at the
    /// size the view's constraints give it when it aims at their size, as UIKit's cells fit
    /// (both axes at the fitting-size priority).
    func preferredAttributes(fitting attributes: LayoutAttributes) throws -> LayoutAttributes {
        if let scripted = try runOverride(
            "preferredLayoutAttributesFittingAttributes", attributes, returning: LayoutAttributes?.self)
        {
            return scripted ?? attributes
        }
        return try nativePreferredAttributes(fitting: attributes)
    }

    func nativePreferredAttributes(fitting attributes: LayoutAttributes) throws -> LayoutAttributes {
        // The collection view's layout says which sides the cell may choose.
        let priorities =
            (superview as? CollectionView)?.layout.fittingPriorities(for: attributes)
            ?? (horizontal: LayoutPriority.fittingSizeLevel, vertical: LayoutPriority.fittingSizeLevel)
        let size = try LayoutEngine.fittingSize(
            of: fittingRoot, aimingAt: attributes.size, horizontal: priorities.horizontal,
            vertical: priorities.vertical)
        let preferred = attributes.copy()
        preferred.size = try GeometryCheck.size(size, "the fitting size of a self-sizing cell")
        return preferred
    }

    /// The view whose constraints size it: a cell's content view.
    var fittingRoot: View { self }

}
