import Foundation
import ObjectBridge

/// Where everything of a table view is, top to bottom: the table header view, then each
/// section's header, rows and footer, then the table footer view. Rows are kept as offsets
/// (prefix sums), so finding the rows of a rect is a binary search.
struct TableGeometry {
    struct Section {
        /// Where the section's header starts.
        var top: Double
        var header: Double
        /// The top of each row, and the end of the last one.
        var rowEdges: [Double]
        var footer: Double

        var rowsTop: Double { top + header }
        var rowsBottom: Double { rowEdges.last ?? rowsTop }
        var bottom: Double { rowsBottom + footer }
        var rowCount: Int { max(0, rowEdges.count - 1) }
    }

    var tableHeader: Double
    var sections: [Section]
    var tableFooter: Double

    /// Lays out sections from their heights.
    init(tableHeader: Double, sections heights: [(header: Double, rows: [Double], footer: Double)], tableFooter: Double)
    {
        self.tableHeader = tableHeader
        self.tableFooter = tableFooter
        var top = tableHeader
        sections = heights.map { section in
            var edges = [top + section.header]
            edges.reserveCapacity(section.rows.count + 1)
            for height in section.rows { edges.append((edges.last ?? 0) + height) }
            let placed = Section(top: top, header: section.header, rowEdges: edges, footer: section.footer)
            top = placed.bottom
            return placed
        }
    }

    var sectionsBottom: Double { sections.last?.bottom ?? tableHeader }
    var contentHeight: Double { sectionsBottom + tableFooter }

    func rowRect(_ path: IndexPathValue, width: Double) -> CGRect? {
        guard sections.indices.contains(path.section) else { return nil }
        let edges = sections[path.section].rowEdges
        guard path.item >= 0, path.item + 1 < edges.count else { return nil }
        return CGRect(x: 0, y: edges[path.item], width: width, height: edges[path.item + 1] - edges[path.item])
    }

    /// The rows that overlap `minY..<maxY`, in order.
    func rows(from minY: Double, to maxY: Double) -> [IndexPathValue] {
        var found: [IndexPathValue] = []
        var section = Self.firstIndex(count: sections.count, after: minY) { sections[$0].bottom }
        while section < sections.count, sections[section].top < maxY {
            let edges = sections[section].rowEdges
            var row = Self.firstIndex(count: edges.count - 1, after: minY) { edges[$0 + 1] }
            while row + 1 < edges.count, edges[row] < maxY {
                if edges[row + 1] > edges[row] { found.append(IndexPathValue(item: row, section: section)) }
                row += 1
            }
            section += 1
        }
        return found
    }

    /// The row at `y`, if a row is there.
    func row(at y: Double) -> IndexPathValue? {
        rows(from: y, to: y.nextUp).first
    }

    /// The first index below `count` whose value (ascending with the index) is above `y`.
    private static func firstIndex(count: Int, after y: Double, _ value: (Int) -> Double) -> Int {
        var low = 0
        var high = max(0, count)
        while low < high {
            let middle = (low + high) / 2
            if value(middle) <= y { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension TableGeometry {
    /// Gives rows new heights: the rows after each one, and the sections after, move by the
    /// difference. Rows are walked one by one only between a section's first and last change;
    /// the others shift by a constant, without looking anything up.
    mutating func setRowHeights(_ heights: [IndexPathValue: Double]) {
        var changes: [Int: [(row: Int, height: Double)]] = [:]
        for (path, height) in heights { changes[path.section, default: []].append((path.item, height)) }
        guard let first = changes.keys.min(), first < sections.count else { return }
        var shift = 0.0
        for index in first..<sections.count {
            sections[index].top += shift
            var edges = sections[index].rowEdges
            let rows = (changes[index] ?? []).filter { $0.row >= 0 && $0.row < edges.count - 1 }
                .sorted { $0.row < $1.row }
            guard let firstRow = rows.first?.row, let lastRow = rows.last?.row else {
                for edge in edges.indices { edges[edge] += shift }
                sections[index].rowEdges = edges
                continue
            }
            for edge in 0...firstRow { edges[edge] += shift }
            var previousOld = edges[firstRow] - shift
            var next = 0
            for row in firstRow...lastRow {
                let old = edges[row + 1]
                var height = old - previousOld
                if rows[next].row == row {
                    height = rows[next].height
                    next += 1
                }
                previousOld = old
                edges[row + 1] = edges[row] + height
            }
            shift = edges[lastRow + 1] - previousOld
            for edge in (lastRow + 2)..<max(lastRow + 2, edges.count) { edges[edge] += shift }
            sections[index].rowEdges = edges
        }
    }
}
