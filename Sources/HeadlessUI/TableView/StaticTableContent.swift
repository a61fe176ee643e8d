import Foundation
import ObjectBridge

/// A storyboard's static table (`dataMode="static"`): sections with their titles and cells,
/// made once with the table, answering what a data source would. The table asks it when its
/// data source (the table view controller) leaves a method to UIKit, and
/// `UITableViewController`'s own data source methods answer from it, so a script override
/// that calls super gets the document's answer.
final class StaticTableContent {
    struct Section {
        var headerTitle: String?
        var footerTitle: String?
        var cells: [TableViewCell]
        /// Each cell's own row height (`rowHeight` on the cell), or nil for the table's.
        var rowHeights: [Double?]
    }

    let sections: [Section]

    init(sections: [Section]) { self.sections = sections }

    func numberOfRows(in section: Int) -> Int? {
        sections.indices.contains(section) ? sections[section].cells.count : nil
    }

    func cell(at path: IndexPathValue) -> TableViewCell? {
        guard sections.indices.contains(path.section), sections[path.section].cells.indices.contains(path.item)
        else { return nil }
        return sections[path.section].cells[path.item]
    }

    func rowHeight(at path: IndexPathValue) -> Double? {
        guard sections.indices.contains(path.section), sections[path.section].rowHeights.indices.contains(path.item)
        else { return nil }
        return sections[path.section].rowHeights[path.item]
    }

    func title(_ section: Int, header: Bool) -> String? {
        guard sections.indices.contains(section) else { return nil }
        return header ? sections[section].headerTitle : sections[section].footerTitle
    }

    var hasOwnRowHeights: Bool { sections.contains { $0.rowHeights.contains { $0 != nil } } }
}
