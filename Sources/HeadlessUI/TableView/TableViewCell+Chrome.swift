import Foundation

/// What UIKit draws for a cell itself: its standard accessory (the disclosure chevron, the
/// checkmark) and its row's separators, hairlines one pixel thick.
extension TableViewCell {
    /// Which separators a row has: the one under it (inset or across the whole row) and, for
    /// the first row of a grouped section, one across its top.
    struct Separators: Equatable {
        enum Line { case none, inset, full }
        var top = false
        var bottom = Line.none
    }

    /// The cell's separator inset: its own when set, else its table's; with the default inset,
    /// a separator starts where the text does (after an image), as UIKit lines them up.
    var separatorInset: UIEdgeInsets {
        if let ownSeparatorInset { return ownSeparatorInset }
        var inset = tableView?.separatorInset ?? TableView.defaultSeparatorInset
        if inset == TableView.defaultSeparatorInset {
            inset.left =
                imageView.image != nil ? textLabel.frame.minX : View.systemSideMargin(forWidth: bounds.size.width)
        }
        inset.left += editingIndent  // the separator moves in with the content
        return inset
    }

    /// The standard accessory and the separators, over the background views and the content:
    /// a selected row's background does not hide them.
    var chromeDrawing: Drawing? {
        let accessory = hasDrawnAccessory
        guard accessory || separators != Separators() else { return nil }
        return Drawing(size: bounds.size) { drawing in
            if accessory { drawAccessory(into: &drawing) }
            drawSeparators(into: &drawing)
        }
    }

    private var hasDrawnAccessory: Bool {
        shownAccessoryView == nil && [1, 2, 3].contains(shownAccessoryType)
    }

    /// The standard accessory: the chevron in UIKit's grey, the checkmark in the tint (the
    /// detail button is a subview, drawn as a button).
    private func drawAccessory(into drawing: inout Drawing) {
        let rect = accessoryRect
        switch shownAccessoryType {
        case 3:
            drawing.stroke(Glyphs.checkmark(in: rect), tintColor, width: 2)
        default:
            let chevron = CGRect(x: rect.maxX - 8, y: rect.minY, width: 8, height: rect.height)
            drawing.stroke(Glyphs.disclosureChevron(in: chevron), Color.tertiaryLabel, width: 2)
        }
    }

    /// The separators: one pixel, along the row's top or bottom.
    private func drawSeparators(into drawing: inout Drawing) {
        let size = bounds.size
        let pixel = 1 / (window?.screenScale ?? 1)
        let color = tableView?.separatorColor ?? Color.separator
        if separators.top { drawing.fill(CGRect(x: 0, y: 0, width: size.width, height: pixel), color) }
        switch separators.bottom {
        case .none: break
        case .full: drawing.fill(CGRect(x: 0, y: size.height - pixel, width: size.width, height: pixel), color)
        case .inset:
            let inset = separatorInset
            let width = max(0, size.width - inset.left - inset.right)
            drawing.fill(CGRect(x: inset.left, y: size.height - pixel, width: width, height: pixel), color)
        }
    }
}
