import Foundation
import ObjectBridge

/// `UICellConfigurationState`: what a cell's configurations are updated for.
public final class CellConfigurationState: BridgeObject {
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false
    public var isSwiped = false
    public var isExpanded = false
    public let traitCollection: TraitCollection

    init(traits: TraitCollection, selected: Bool, highlighted: Bool, editing: Bool, swiped: Bool) {
        traitCollection = traits
        (isSelected, isHighlighted, isEditing, isSwiped) = (selected, highlighted, editing, swiped)
    }
}
