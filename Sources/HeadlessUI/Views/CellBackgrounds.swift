import Foundation
import ObjectBridge

/// A cell's background views, as UIKit keeps them behind everything else in the cell: the
/// background view at the back and, while the cell is selected or highlighted, the selected
/// background view directly above it. Both fill the cell, which owns them.
struct CellBackgrounds {
    private(set) var background: View?
    private(set) var selected: View?
    /// The views in the cell now, back to front.
    private var shown: [View] = []

    mutating func setBackground(_ view: View?, of cell: View) {
        cell.replaceOwned(background, with: view)
        background = view
    }

    mutating func setSelected(_ view: View?, of cell: View) {
        cell.replaceOwned(selected, with: view)
        selected = view
    }

    /// Makes the background view and `selection` (nil for none) the cell's backmost subviews,
    /// taking out the ones shown before that are not among them.
    mutating func show(selection: View?, in cell: View) throws {
        try show([background, selection].compactMap { $0 }, in: cell)
    }

    /// Makes `wanted` the cell's backmost subviews in place of the background views (a
    /// background configuration's view).
    mutating func show(_ wanted: [View], in cell: View) throws {
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
