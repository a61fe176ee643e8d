import ObjectBridge

/// The selection rules table and collection views share, as UIKit has them: the selected index
/// paths in the order they were selected; with single selection, selecting an item deselects
/// the others first; each change shows on the item's visible cell. What the delegate hears
/// differs between the two (`shouldSelect` against `willSelect`), and stays with each view.
protocol ItemSelection: AnyObject {
    var selectedPaths: [IndexPathValue] { get set }
    var allowsMultipleSelection: Bool { get }
    /// Shows the item at `path` selected or not, on its visible cell if it has one.
    func showSelection(_ selected: Bool, at path: IndexPathValue) throws
}

extension ItemSelection {
    /// Marks `path` selected; under single selection, `deselectOther` first runs for each other
    /// selected item.
    func markSelected(_ path: IndexPathValue, deselectingOthers deselectOther: (IndexPathValue) throws -> Void)
        throws
    {
        if !allowsMultipleSelection {
            for other in selectedPaths where other != path { try deselectOther(other) }
        }
        if !selectedPaths.contains(path) { selectedPaths.append(path) }
        try showSelection(true, at: path)
    }

    /// Marks `path` not selected; false when it was not selected.
    @discardableResult
    func markDeselected(_ path: IndexPathValue) throws -> Bool {
        guard let index = selectedPaths.firstIndex(of: path) else { return false }
        selectedPaths.remove(at: index)
        try showSelection(false, at: path)
        return true
    }
}
