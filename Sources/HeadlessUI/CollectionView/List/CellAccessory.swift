import Foundation
import ObjectBridge

/// `UICellAccessory`: something a list cell shows beside its content, at the leading or the
/// trailing end, in every state or only while (or unless) the list is editing. Each of
/// UIKit's subclasses is a Swift subclass, so that scripts see its class.
public class CellAccessory: BridgeObject {
    public enum Kind: Sendable {
        case disclosureIndicator, checkmark, delete, insert, reorder, outlineDisclosure, multiselect
        case label(String)
        case customView(leading: Bool)
    }

    /// `UICellAccessoryPlacement`.
    public enum Placement: Int, Sendable {
        case leading = 0
        case trailing
    }

    /// `UICellAccessoryDisplayedState`.
    public enum DisplayedState: Int, Sendable {
        case always = 0
        case whenEditing, whenNotEditing
    }

    public internal(set) var kind: Kind
    public var displayedState: DisplayedState
    public var isHidden = false
    /// Nil for the accessory's standard colour.
    public var tintColor: Color? { didSet { replaceOwned(oldValue, with: tintColor) } }
    /// `function()`, run when a delete, insert or outline disclosure accessory is tapped.
    public var actionHandler: ScriptBlock?
    /// A custom view accessory's view.
    public internal(set) var customView: View? { didSet { replaceOwned(oldValue, with: customView) } }

    init(_ kind: Kind) {
        self.kind = kind
        switch kind {
        case .delete, .insert, .reorder, .multiselect: displayedState = .whenEditing
        default: displayedState = .always
        }
    }

    var isLeading: Bool {
        switch kind {
        case .delete, .insert, .multiselect: true
        case .customView(let leading): leading
        default: false
        }
    }

    /// Whether the accessory shows in a cell that is `editing`.
    func isShown(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayedState {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }

    /// The width the accessory takes, and the space it keeps from the content (UIKit
    /// publishes neither: a table cell's accessories' widths, and screenshots for the others).
    var standardWidth: (width: Double, gap: Double) {
        switch kind {
        case .disclosureIndicator:
            (TableViewCell.accessoryWidths[1]?.glyphs ?? 8, TableViewCell.accessoryWidths[1]?.gap ?? 14)
        case .checkmark: (TableViewCell.accessoryWidths[3]?.glyphs ?? 14, TableViewCell.accessoryWidths[3]?.gap ?? 8)
        case .delete, .insert, .multiselect: (EditingControl.diameter, 0)
        case .reorder: (20, 8)
        case .outlineDisclosure: (12, 8)
        case .label, .customView: (0, 8)
        }
    }
}

final class DisclosureIndicatorAccessory: CellAccessory { init() { super.init(.disclosureIndicator) } }
final class CheckmarkAccessory: CellAccessory { init() { super.init(.checkmark) } }
final class DeleteAccessory: CellAccessory { init() { super.init(.delete) } }
final class InsertAccessory: CellAccessory { init() { super.init(.insert) } }
final class ReorderAccessory: CellAccessory { init() { super.init(.reorder) } }
final class OutlineDisclosureAccessory: CellAccessory { init() { super.init(.outlineDisclosure) } }
final class MultiselectAccessory: CellAccessory { init() { super.init(.multiselect) } }
/// `UICellAccessoryLabel`: its text is given by `initWithText`.
final class LabelAccessory: CellAccessory { init() { super.init(.label("")) } }
/// `UICellAccessoryCustomView`: its view and placement are given by `initWithCustomView_placement`.
final class CustomViewAccessory: CellAccessory { init() { super.init(.customView(leading: false)) } }

/// An accessory in a list cell: it draws the standard glyphs and passes taps on to the
/// accessory's action handler.
final class CellAccessoryView: Control {
    let accessory: CellAccessory
    /// Whether an outline disclosure points down (its item expanded).
    var isExpanded = false { didSet { setNeedsDisplay() } }
    /// What a tap does when the accessory has no action handler (an outline disclosure
    /// toggles its item).
    var standardAction: (() throws -> Void)?

    init(_ accessory: CellAccessory, touches: TouchDispatcher) {
        self.accessory = accessory
        super.init(touches: touches)
        adopt(accessory)
        switch accessory.kind {
        case .delete, .insert, .outlineDisclosure, .multiselect: isUserInteractionEnabled = true
        default: isUserInteractionEnabled = false
        }
        nativeHandlers.append(
            (
                .touchUpInside,
                { [weak self] in
                    guard let self else { return }
                    if let handler = self.accessory.actionHandler {
                        try self.bridge?.call(handler)
                    } else {
                        try self.standardAction?()
                    }
                }
            ))
    }

    override var backdrop: Drawing? {
        let rect = CGRect(origin: .zero, size: bounds.size)
        let tint = accessory.tintColor
        return Drawing(size: bounds.size) { drawing in
            switch accessory.kind {
            case .disclosureIndicator:
                drawing.stroke(
                    Glyphs.disclosureChevron(in: rect), tint ?? ownTintColor ?? Color.tertiaryLabel, width: 2)
            case .checkmark:
                drawing.stroke(Glyphs.checkmark(in: rect), tint ?? tintColor, width: 2)
            case .delete, .insert:
                let insert: Bool = if case .insert = accessory.kind { true } else { false }
                Glyphs.editingCircle(in: rect, insert: insert, tint, &drawing)
            case .multiselect:
                var ring = DrawingPath()
                ring.addEllipse(in: Self.centredSquare(22, in: rect).insetBy(dx: 0.5, dy: 0.5))
                drawing.stroke(ring, tint ?? Color.systemGray, width: 1)
            case .reorder:
                for offset in [-5.0, 0, 5] {
                    drawing.fill(
                        CGRect(x: rect.midX - 9, y: rect.midY + offset - 0.75, width: 18, height: 1.5),
                        tint ?? Color.systemGray)
                }
            case .outlineDisclosure:
                drawing.stroke(
                    Glyphs.outlineChevron(in: rect, expanded: isExpanded), tint ?? tintColor, width: 2)
            case .label, .customView:
                break
            }
        }
    }

    private static func centredSquare(_ side: Double, in rect: CGRect) -> CGRect {
        CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    }
}
