import Foundation
import ObjectBridge

/// Native code that supplies a table view's rows where a script's data source would, and
/// hears what its delegate would: what a Texture table node is to its view.
protocol TableViewContent: AnyObject {
    /// The number of rows in each section.
    func sectionCounts(in view: TableView) throws -> [Int]
    func cell(in view: TableView, at path: IndexPathValue) throws -> TableViewCell
    /// Whether rows take `rowHeight(in:at:)` rather than the table's own heights.
    var providesRowHeights: Bool { get }
    func rowHeight(in view: TableView, at path: IndexPathValue) throws -> Double
    func tableView(_ view: TableView, didSelectRowAt path: IndexPathValue) throws
    func tableView(_ view: TableView, didDeselectRowAt path: IndexPathValue) throws
    /// Before the view applies checked updates: what the content keeps by index path moves.
    func tableView(_ view: TableView, willApply updates: PendingUpdates)
    /// After each layout pass, with the visible cells in place.
    func tableViewDidLayOut(_ view: TableView) throws
    func tableViewDidScroll(_ view: TableView) throws
}

extension TableViewContent {
    func rowHeight(in view: TableView, at path: IndexPathValue) throws -> Double { view.rowHeight }
    func tableView(_ view: TableView, didSelectRowAt path: IndexPathValue) throws {}
    func tableView(_ view: TableView, didDeselectRowAt path: IndexPathValue) throws {}
    func tableView(_ view: TableView, willApply updates: PendingUpdates) {}
    func tableViewDidLayOut(_ view: TableView) throws {}
    func tableViewDidScroll(_ view: TableView) throws {}
}
