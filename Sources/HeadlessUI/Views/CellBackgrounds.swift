import Foundation
import ObjectBridge

/// A cell's background views, as UIKit keeps them behind everything else in the cell: the
/// background view at the back and, while the cell is selected or highlighted, the selected
/// background view directly above it. Both fill the cell.
struct CellBackgrounds {
    /// The views in the cell now, back to front.
    private var shown: [View] = []

    /// Makes `views` (back to front; nil for none) the cell's backmost subviews, taking out the
    /// ones shown before that are not among them.
    mutating func show(_ views: [View?], in cell: View) throws {
        let wanted = views.compactMap { $0 }
        for view in shown where view.superview === cell && !wanted.contains(where: { $0 === view }) {
            view.removeFromSuperview()
        }
        for (index, view) in wanted.enumerated() {
            try cell.insertSubview(view, at: index)
            view.place(CGRect(origin: .zero, size: cell.bounds.size))
        }
        shown = wanted
    }

    /// Fits the shown views to the cell, in its layout.
    func layout(in cell: View) {
        for view in shown where view.superview === cell { view.place(CGRect(origin: .zero, size: cell.bounds.size)) }
    }
}
