import Foundation
import ObjectBridge

/// Where a compositional layout puts everything, worked out once per preparation: sections
/// one under the other, each its group repeated down the section, headers above and footers
/// below. Groups are kept in order so that a rect finds its cells by binary search.
struct CompositionalEngine {
    struct Group {
        let frame: CGRect
        /// The section's cells this instance of the group holds.
        let cells: Range<Int>
    }

    struct Supplementary {
        let kind: String
        let frame: CGRect
        let zIndex: Int
        let pinned: Bool
    }

    struct Section {
        /// From the top of its first header to the bottom of its last footer.
        var frame = CGRect.zero
        var cells: [CGRect] = []
        var groups: [Group] = []
        var supplementary: [Supplementary] = []
    }

    private(set) var sections: [Section] = []
    private(set) var contentSize = CGSize.zero

    /// Lays out `counts` cells per section in a collection of `size`, asking `section(i)` for
    /// each section's description.
    init(
        counts: [Int], size: CGSize, interSectionSpacing: Double,
        section description: (Int) throws -> CollectionLayoutSection
    ) throws {
        var y = 0.0
        for (index, count) in counts.enumerated() {
            if index > 0 { y += interSectionSpacing }
            var placed = try Self.place(
                try description(index), cells: count, top: y, width: size.width, height: size.height)
            placed.frame = CGRect(x: 0, y: y, width: size.width, height: placed.frame.maxY - y)
            sections.append(placed)
            y = placed.frame.maxY
        }
        contentSize = CGSize(width: size.width, height: y)
    }

    private static func place(
        _ section: CollectionLayoutSection, cells count: Int, top: Double, width: Double, height: Double
    )
        throws -> Section
    {
        var placed = Section()
        let insets = section.contentInsets
        let contentWidth = max(0, width - insets.leading - insets.trailing)
        let container = CGSize(width: contentWidth, height: height)
        var y = top
        func boundary(_ wanted: (BoundarySupplementaryItem) -> Bool) {
            for item in section.boundarySupplementaryItems where wanted(item) {
                let size = item.layoutSize.resolved(in: container)
                placed.supplementary.append(
                    Supplementary(
                        kind: item.elementKind,
                        frame: CGRect(x: insets.leading, y: y, width: size.width, height: size.height),
                        zIndex: item.zIndex, pinned: item.pinToVisibleBounds))
                y += size.height
            }
        }
        boundary { $0.alignment.isTop }
        y += insets.top
        let groupSize = section.group.layoutSize.resolved(in: container)
        while placed.cells.count < count {
            let frames = try section.group.layOut(
                in: CGRect(x: insets.leading, y: y, width: groupSize.width, height: groupSize.height))
            let start = placed.cells.count
            let taken = frames.prefix(count - start)
            placed.cells += taken
            placed.groups.append(
                Group(
                    frame: CGRect(x: insets.leading, y: y, width: groupSize.width, height: groupSize.height),
                    cells: start..<placed.cells.count))
            y += groupSize.height
            if placed.cells.count < count { y += section.interGroupSpacing }
        }
        y += insets.bottom
        boundary { $0.alignment.isBottom }
        placed.frame = CGRect(x: 0, y: top, width: width, height: y - top)
        return placed
    }

    // MARK: Queries

    func cell(_ path: IndexPathValue) -> CGRect? {
        guard sections.indices.contains(path.section), sections[path.section].cells.indices.contains(path.item)
        else { return nil }
        return sections[path.section].cells[path.item]
    }

    /// The cells whose frames meet `rect`, section by section, found by binary search over
    /// the sections and their groups.
    func cells(in rect: CGRect) -> [(path: IndexPathValue, frame: CGRect)] {
        var found: [(path: IndexPathValue, frame: CGRect)] = []
        for index in sectionIndices(meeting: rect) {
            let section = sections[index]
            var group = Self.firstIndex(in: section.groups) { $0.frame.maxY >= rect.minY }
            while group < section.groups.count, section.groups[group].frame.minY <= rect.maxY {
                for item in section.groups[group].cells where section.cells[item].intersects(rect) {
                    found.append((IndexPathValue(item: item, section: index), section.cells[item]))
                }
                group += 1
            }
        }
        return found
    }

    func sectionIndices(meeting rect: CGRect) -> Range<Int> {
        let first = Self.firstIndex(in: sections) { $0.frame.maxY >= rect.minY }
        var end = first
        while end < sections.count, sections[end].frame.minY <= rect.maxY { end += 1 }
        return first..<end
    }

    /// The first index whose element passes `test`, for a test that is false then true along the array.
    private static func firstIndex<T>(in array: [T], where test: (T) -> Bool) -> Int {
        var (low, high) = (0, array.count)
        while low < high {
            let middle = (low + high) / 2
            if test(array[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
