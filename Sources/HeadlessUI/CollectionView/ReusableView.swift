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

    /// Puts the view where `attributes` say, then lets the script see them. The view's own
    /// transform is the plane part of the attributes' 3D one, as hit testing goes by it.
    func apply(_ attributes: LayoutAttributes) throws {
        frame = attributes.frame
        setTransform(attributes.transform3D.affine)
        alpha = attributes.alpha
        isHidden = attributes.isHidden
        layer.zPosition = Double(attributes.zIndex)
        layer.transform = attributes.transform3D
        layoutAttributes = attributes
        _ = try runOverride("applyLayoutAttributes", attributes)
    }

}
