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

    static func reusableViewClass() -> NativeClass {
        NativeClass("UICollectionReusableView", superclass: "UIView", type: ReusableView.self, allocate: { ReusableView() }) { c in
            c.property("reuseIdentifier") { (view: ReusableView) in view.reuseIdentifier }
            c.method("prepareForReuse", overridable: true) { (_: ReusableView) in }
            c.method("applyLayoutAttributes", overridable: true) { (_: ReusableView, _: LayoutAttributes) in }
        }
    }
}

/// `UICollectionViewCell`: a reusable view with a content view, a background view, and the
/// selected and highlighted states.
public final class CollectionViewCell: ReusableView {
    public let contentView = View()
    public private(set) var backgroundView: View?
    public var isSelected = false
    public var isHighlighted = false

    /// The content view fills the cell and follows its size.
    public override init() {
        super.init()
        contentView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? insertSubview(contentView, at: 0)  // cannot fail: a new view is nobody's ancestor
    }

    func setBackgroundView(_ view: View?) throws {
        backgroundView?.removeFromSuperview()
        backgroundView = view
        if let view {
            view.frame = CGRect(origin: .zero, size: bounds.size)
            try insertSubview(view, at: 0)
        }
    }

    static func cellClass() -> NativeClass {
        NativeClass("UICollectionViewCell", superclass: "UICollectionReusableView", type: CollectionViewCell.self,
                    allocate: { CollectionViewCell() }) { c in
            c.property("contentView") { (cell: CollectionViewCell) in cell.contentView }
            c.property("backgroundView", get: { $0.backgroundView }, set: { try $0.setBackgroundView($1) })
            c.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
            c.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
        }
    }
}
