import Foundation
import ObjectBridge

/// `UICollectionViewCell`: a reusable view with a content view, a background view, and the
/// selected and highlighted states.
public final class CollectionViewCell: ReusableView {
    public let contentView = View()
    public private(set) var backgroundView: View?
    public var isSelected = false
    public var isHighlighted = false
    /// The storyboard segue the cell sets off when its item is selected.
    var selectionSegue: (() throws -> Void)?

    /// The content view fills the cell and follows its size.
    public override init() {
        super.init()
        contentView.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try? insertSubview(contentView, at: 0)  // cannot fail: a new view is nobody's ancestor
    }

    override var fittingRoot: View { contentView }

    func setBackgroundView(_ view: View?) throws {
        backgroundView?.removeFromSuperview()
        backgroundView = view
        if let view {
            view.frame = CGRect(origin: .zero, size: bounds.size)
            try insertSubview(view, at: 0)
        }
    }

}
