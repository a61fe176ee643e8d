import Foundation
import ObjectBridge

/// `UICollectionViewCell`: a reusable view with a content view, a background view, and the
/// selected and highlighted states, which show the selected background view.
public final class CollectionViewCell: ReusableView {
    public let contentView = View()
    public var backgroundView: View? { backgrounds.background }
    public var selectedBackgroundView: View? { backgrounds.selected }
    public private(set) var isSelected = false
    public private(set) var isHighlighted = false
    private var backgrounds = CellBackgrounds()
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
        backgrounds.setBackground(view, of: self)
        try showBackgrounds()
    }

    func setSelectedBackgroundView(_ view: View?) throws {
        backgrounds.setSelected(view, of: self)
        try showBackgrounds()
    }

    func setSelected(_ selected: Bool) throws {
        isSelected = selected
        try showBackgrounds()
    }

    func setHighlighted(_ highlighted: Bool) throws {
        isHighlighted = highlighted
        try showBackgrounds()
    }

    private func showBackgrounds() throws {
        try backgrounds.show(selection: isSelected || isHighlighted ? selectedBackgroundView : nil, in: self)
    }

    public override func layoutSubviews() { backgrounds.layout(in: self) }
}
