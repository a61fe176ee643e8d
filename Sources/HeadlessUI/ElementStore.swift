import Foundation

/// A layout's elements, kept for rect queries in O(log n + k): sorted by where they start on
/// the scroll axis, with the running maximum of where they end, so that a query binary-searches
/// both ends of its candidates. Results come back in the elements' own order.
struct ElementStore {
    let elements: [FlowLayoutEngine.Element]
    private let vertical: Bool
    /// Element indexes by their start on the scroll axis.
    private let byStart: [Int]
    private let starts: [Double]
    /// The largest end on the scroll axis among `byStart[0...i]`.
    private let reach: [Double]
    /// Where each cell is, by section and item.
    private let cellIndex: [Int: [Int: Int]]

    init(_ elements: [FlowLayoutEngine.Element], vertical: Bool) {
        self.elements = elements
        self.vertical = vertical
        let start: (CGRect) -> Double = vertical ? { $0.minY } : { $0.minX }
        let end: (CGRect) -> Double = vertical ? { $0.maxY } : { $0.maxX }
        byStart = elements.indices.sorted { start(elements[$0].frame) < start(elements[$1].frame) }
        starts = byStart.map { start(elements[$0].frame) }
        var running = -Double.infinity
        reach = byStart.map { index in
            running = max(running, end(elements[index].frame))
            return running
        }
        var cells: [Int: [Int: Int]] = [:]
        for (index, element) in elements.enumerated() where element.kind == .cell {
            cells[element.section, default: [:]][element.item] = index
        }
        cellIndex = cells
    }

    /// The elements whose frames overlap `rect`, in their own order.
    func elements(in rect: CGRect) -> [FlowLayoutEngine.Element] {
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        let first = partition(reach) { $0 > low }      // before it, everything ends at or before `low`
        let last = partition(starts) { $0 >= high }    // from it, everything starts at or after `high`
        guard first < last else { return [] }
        return byStart[first..<last].filter { elements[$0].frame.overlaps(rect) }.sorted().map { elements[$0] }
    }

    func cell(section: Int, item: Int) -> FlowLayoutEngine.Element? {
        cellIndex[section]?[item].map { elements[$0] }
    }

    /// The first index of sorted `values` where `isAfter` holds (values are non-decreasing).
    private func partition(_ values: [Double], _ isAfter: (Double) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
