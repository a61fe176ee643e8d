import Foundation
import ObjectBridge

/// `UICollectionViewCell`: a reusable view with a content view, a background view, and the
/// selected and highlighted states, which show the selected background view. Its content and
/// background configurations (`CellConfigurations`) replace those views when set.
public class CollectionViewCell: ReusableView, ConfigurableCell {
    public let contentView = View()
    public var backgroundView: View? { backgrounds.background }
    public var selectedBackgroundView: View? { backgrounds.selected }
    public private(set) var isSelected = false
    public private(set) var isHighlighted = false
    /// Whether its collection view is editing (iOS 14's `editing`).
    public private(set) var isEditing = false
    /// Whether its list row is pulled aside to show swipe actions.
    public private(set) var isSwiped = false
    private var backgrounds = CellBackgrounds()
    var configurations = CellConfigurations()
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
        guard selected != isSelected else { return }
        isSelected = selected
        CellConfigurations.setNeedsUpdate(self)
        try showBackgrounds()
    }

    func setHighlighted(_ highlighted: Bool) throws {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        CellConfigurations.setNeedsUpdate(self)
        try showBackgrounds()
    }

    func setEditing(_ editing: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        CellConfigurations.setNeedsUpdate(self)
    }

    func setSwiped(_ swiped: Bool) {
        guard swiped != isSwiped else { return }
        isSwiped = swiped
        CellConfigurations.setNeedsUpdate(self)
    }

    func showBackgrounds() throws {
        if let configured = configurations.backgroundView {
            try backgrounds.show([configured], in: self)
        } else {
            try backgrounds.show(selection: isSelected || isHighlighted ? selectedBackgroundView : nil, in: self)
        }
    }

    // MARK: Configurations

    var configurationState: CellConfigurationState {
        CellConfigurationState(
            traits: traitCollection, selected: isSelected, highlighted: isHighlighted, editing: isEditing,
            swiped: isSwiped)
    }

    var defaultBackgroundConfiguration: BackgroundConfiguration? { nil }

    /// The pending configuration update, then the views in place.
    public override func layoutSubviews() {
        CellConfigurations.updateBeforeLayout(self)
        backgrounds.layout(in: self)
    }

    /// A cell showing a content configuration is as tall as the content needs at the width
    /// it is given; others fit their constraints. Either way the pending update runs first, as
    /// it may change what the cell shows.
    override func nativePreferredAttributes(fitting attributes: LayoutAttributes) throws -> LayoutAttributes {
        try CellConfigurations.updateIfNeeded(self)
        guard let content = configurations.contentView else {
            return try super.nativePreferredAttributes(fitting: attributes)
        }
        let preferred = attributes.copy()
        preferred.size.height = content.fittingHeight(width: contentWidth(inCellOfWidth: attributes.size.width))
        return preferred
    }

    /// The content view's width in a cell `width` wide.
    func contentWidth(inCellOfWidth width: Double) -> Double { width }
}
