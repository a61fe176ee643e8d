import Foundation
import ObjectBridge

/// A table view's rows as a list the touches select (`ItemTouchTarget`), and scrolling to a row.
extension TableView: ItemSelection {
    // MARK: Selection (ItemTouchTarget)

    func indexPath(at point: CGPoint) -> IndexPathValue? {
        guard point.x >= 0, point.x < bounds.size.width else { return nil }
        return (try? currentGeometry())?.row(at: point.y)
    }

    func indexPath(of cell: TableViewCell) -> IndexPathValue? {
        visibleCells.first { $0.value === cell }?.key
    }

    /// While a row is swiped open, a touch on it is taken to close it, and a touch elsewhere
    /// closes it at once; in editing mode rows highlight only if selection is allowed then.
    func highlight(_ path: IndexPathValue) throws -> Bool {
        if let swipe {
            if swipe.path == path { return true }
            try closeSwipe()
            return false
        }
        guard allowsSelection, !isEditing || allowsSelectionDuringEditing else { return false }
        if try askDelegate("tableView_shouldHighlightRowAtIndexPath", path, returning: Bool.self) == false {
            return false
        }
        try visibleCells[path]?.setHighlighted(true, animated: false)
        _ = try askDelegate("tableView_didHighlightRowAtIndexPath", path, returning: AnyScriptValue.self)
        return true
    }

    func unhighlight(_ path: IndexPathValue) throws {
        if swipe?.path == path { return }
        try visibleCells[path]?.setHighlighted(false, animated: false)
        _ = try askDelegate("tableView_didUnhighlightRowAtIndexPath", path, returning: AnyScriptValue.self)
    }

    /// A tap on a row, as UIKit handles it: with multiple selection a selected row is
    /// deselected; otherwise `willSelect` may choose another row or none, the previous
    /// selection is deselected (`willDeselect`, `didDeselect`), then the row is selected
    /// (`didSelect`).
    func userTapped(_ path: IndexPathValue) throws {
        if swipe != nil { return try closeSwipe() }
        guard allowsSelection, !isEditing || allowsSelectionDuringEditing else { return }
        if allowsMultipleSelection, selectedPaths.contains(path) { return try userDeselect(path) }
        var target: IndexPathValue? = path
        if let bridge, let delegate,
            let function = bridge.delegateMethod(
                "tableView_willSelectRowAtIndexPath", of: delegate,
                protocol: Self.tableDelegateProtocol)
        {
            target = try bridge.call(
                function, on: delegate, method: "tableView_willSelectRowAtIndexPath", self, path,
                returning: IndexPathValue?.self)
        }
        guard let target else { return }
        if !allowsMultipleSelection {
            for other in selectedPaths where other != target { try userDeselect(other) }
        }
        try select(target)
        // UIKit performs a cell's selection segue before telling the delegate.
        try visibleCells[target]?.selectionSegue?()
        try nativeContent?.tableView(self, didSelectRowAt: target)
        _ = try askDelegate("tableView_didSelectRowAtIndexPath", target, returning: AnyScriptValue.self)
    }

    private func userDeselect(_ path: IndexPathValue) throws {
        if let bridge, let delegate,
            let function = bridge.delegateMethod(
                "tableView_willDeselectRowAtIndexPath", of: delegate,
                protocol: Self.tableDelegateProtocol)
        {
            guard
                let chosen = try bridge.call(
                    function, on: delegate, method: "tableView_willDeselectRowAtIndexPath", self, path,
                    returning: IndexPathValue?.self)
            else { return }
            try deselect(chosen)
            try nativeContent?.tableView(self, didDeselectRowAt: chosen)
            _ = try askDelegate("tableView_didDeselectRowAtIndexPath", chosen, returning: AnyScriptValue.self)
            return
        }
        try deselect(path)
        try nativeContent?.tableView(self, didDeselectRowAt: path)
        _ = try askDelegate("tableView_didDeselectRowAtIndexPath", path, returning: AnyScriptValue.self)
    }

    /// Selects a row without telling the delegate (`selectRowAtIndexPath_animated_scrollPosition`).
    func select(_ path: IndexPathValue) throws {
        try markSelected(path) { try deselect($0) }
    }

    func deselect(_ path: IndexPathValue) throws {
        try markDeselected(path)
    }

    func showSelection(_ selected: Bool, at path: IndexPathValue) throws {
        try visibleCells[path]?.setSelected(selected, animated: false)
    }

    func deselectAll() throws {
        for path in selectedPaths { try deselect(path) }
    }

    // MARK: Scrolling to a row

    /// `scrollToRowAtIndexPath_atScrollPosition_animated`: None 0 (as little as shows it),
    /// Top 1, Middle 2, Bottom 3.
    func scrollToRow(at path: IndexPathValue, position: Int, animated: Bool) throws {
        guard let rect = try rect(forRow: path) else {
            throw ScriptValueError("the table view has no row \(path.item) in section \(path.section) to scroll to")
        }
        let placements: [Placement] = [.visible, .start, .center, .end]
        guard placements.indices.contains(position) else {
            throw ScriptValueError("\(position) is not a UITableViewScrollPosition")
        }
        try setContentOffset(
            offset(showing: rect, horizontal: .visible, vertical: placements[position]), animated: animated)
    }
}
