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
        /// Whether its view sizes its own height (an estimated height).
        var selfSizing = false
    }

    struct Section {
        /// From the top of its first header to the bottom of its last footer.
        var frame = CGRect.zero
        var cells: [CGRect] = []
        var groups: [Group] = []
        var supplementary: [Supplementary] = []
        /// Its backgrounds (decoration items).
        var decorations: [Supplementary] = []
        /// Whether its cells size themselves (an estimated dimension in its group).
        var selfSizing = false
        /// A row that scrolls across: how it comes to rest, and how far it reaches (its groups
        /// and insets, from the section's left edge).
        var orthogonal = CollectionLayoutSection.OrthogonalScrolling.none
        var rowWidth = 0.0
        /// The supplementary items (badges) of the cells whose items have any, by cell.
        var cellSupplementaries: [Int: [CollectionLayoutSupplementaryItem]] = [:]
    }

    private(set) var sections: [Section] = []
    private(set) var contentSize = CGSize.zero

    /// What self-sizing views measured: cells by index path, headers and footers by kind and path.
    struct Measured {
        var cells: [IndexPathValue: CGSize] = [:]
        var supplementary: [SupplementaryKey: CGSize] = [:]
    }

    /// Lays out `counts` cells per section in a collection of `size`, asking `section(i)` for
    /// each section's description. Views of estimated dimensions take their `measured` sizes.
    init(
        counts: [Int], size: CGSize, interSectionSpacing: Double, measured: Measured = Measured(),
        section description: (Int) throws -> CollectionLayoutSection
    ) throws {
        var y = 0.0
        for (index, count) in counts.enumerated() {
            if index > 0 { y += interSectionSpacing }
            let placement = Placement(
                section: try description(index), index: index, size: size, measured: measured)
            var placed = try placement.place(cells: count, top: y)
            placed.frame = CGRect(x: 0, y: y, width: size.width, height: placed.frame.maxY - y)
            sections.append(placed)
            y = placed.frame.maxY
        }
        contentSize = CGSize(width: size.width, height: y)
    }

    /// One section's placement: headers, then its group again and again, then footers.
    private struct Placement {
        let section: CollectionLayoutSection
        let index: Int
        let size: CGSize
        let measured: Measured

        func place(cells count: Int, top: Double) throws -> Section {
            var placed = Section()
            placed.selfSizing = section.group.estimatesWidth || section.group.estimatesHeight
            let insets = section.contentInsets
            let container = CGSize(width: max(0, size.width - insets.leading - insets.trailing), height: size.height)
            var y = top
            var numbers: [String: Int] = [:]
            func boundary(_ wanted: (BoundarySupplementaryItem) -> Bool) {
                for item in section.boundarySupplementaryItems where wanted(item) {
                    let number = numbers[item.elementKind, default: 0]
                    numbers[item.elementKind] = number + 1
                    var size = item.layoutSize.resolved(in: container)
                    let key = SupplementaryKey(
                        kind: item.elementKind, path: IndexPathValue(item: number, section: index))
                    if item.layoutSize.heightDimension.kind == .estimated,
                        let height = measured.supplementary[key]?.height
                    {
                        size.height = height
                    }
                    placed.supplementary.append(
                        Supplementary(
                            kind: item.elementKind,
                            frame: CGRect(x: insets.leading, y: y, width: size.width, height: size.height),
                            zIndex: item.zIndex, pinned: item.pinToVisibleBounds,
                            selfSizing: item.layoutSize.heightDimension.kind == .estimated))
                    y += size.height
                }
            }
            boundary { $0.alignment.isTop }
            let contentTop = y
            y += insets.top
            let groupSize = section.group.layoutSize.resolved(in: container)
            if section.orthogonalScrollingBehavior != .none {
                try row(of: groupSize, cells: count, top: y, into: &placed)
                y += Double(placed.groups.map(\.frame.height).max() ?? 0)
            }
            while section.orthogonalScrollingBehavior == .none, placed.cells.count < count {
                let frame = try appendGroup(
                    at: CGRect(x: insets.leading, y: y, width: groupSize.width, height: groupSize.height), count: count,
                    into: &placed)
                y += frame.height
                if placed.cells.count < count { y += section.interGroupSpacing }
            }
            y += insets.bottom
            for item in section.decorationItems {
                placed.decorations.append(
                    Supplementary(
                        kind: item.elementKind,
                        frame: item.contentInsets.inset(
                            CGRect(x: 0, y: contentTop, width: size.width, height: y - contentTop)),
                        zIndex: item.zIndex, pinned: false))
            }
            boundary { $0.alignment.isBottom }
            placed.frame = CGRect(x: 0, y: top, width: size.width, height: y - top)
            return placed
        }

        /// The groups side by side from the leading inset, `interGroupSpacing` apart: a row that
        /// scrolls across on its own.
        private func row(of groupSize: CGSize, cells count: Int, top: Double, into placed: inout Section) throws {
            placed.orthogonal = section.orthogonalScrollingBehavior
            var x = section.contentInsets.leading
            while placed.cells.count < count {
                let frame = try appendGroup(
                    at: CGRect(x: x, y: top, width: groupSize.width, height: groupSize.height), count: count,
                    into: &placed)
                x += frame.width + section.interGroupSpacing
            }
            placed.rowWidth = (placed.groups.last?.frame.maxX ?? 0) + section.contentInsets.trailing
        }

        /// Lays out the next instance of the group at `frame` into `placed`, up to `count` cells
        /// in all, with the supplementary items of its items; returns the instance's frame.
        private func appendGroup(at frame: CGRect, count: Int, into placed: inout Section) throws -> CGRect {
            let start = placed.cells.count
            let (groupFrame, cells) = try group(at: frame, first: start, count: count - start)
            for (offset, cell) in cells.enumerated() where !cell.item.supplementaryItems.isEmpty {
                placed.cellSupplementaries[start + offset] = cell.item.supplementaryItems
            }
            placed.cells += cells.map(\.frame)
            placed.groups.append(Group(frame: groupFrame, cells: start..<placed.cells.count))
            return groupFrame
        }

        /// One instance of the group at `frame`, holding at most `count` cells from `first`.
        /// An estimated group is as tall as its tallest measured cell (with its insets), and
        /// cells of estimated sides take their measured sizes.
        private func group(at frame: CGRect, first: Int, count: Int) throws
            -> (CGRect, [(frame: CGRect, item: CollectionLayoutItem)])
        {
            var frame = frame
            var cells = Array(try section.group.layOut(in: frame).prefix(count))
            func measuredSize(_ offset: Int) -> CGSize? {
                measured.cells[IndexPathValue(item: first + offset, section: index)]
            }
            if section.group.layoutSize.heightDimension.kind == .estimated {
                let heights = cells.enumerated().map { offset, cell in
                    let insets = cell.item.contentInsets
                    return (measuredSize(offset)?.height ?? cell.frame.height) + insets.top + insets.bottom
                }
                if let tallest = heights.max(), tallest != frame.height {
                    frame.size.height = tallest
                    cells = Array(try section.group.layOut(in: frame).prefix(count))
                }
            }
            return (
                frame,
                cells.enumerated().map { offset, cell in
                    var placed = cell.frame
                    if let size = measuredSize(offset) {
                        if cell.item.estimatesWidth { placed.size.width = size.width }
                        if cell.item.estimatesHeight { placed.size.height = size.height }
                    }
                    return (placed, cell.item)
                }
            )
        }
    }

    // MARK: Queries

    /// A cell's frame, moved across by its row's `scrolled` offset in an orthogonal section.
    func cell(_ path: IndexPathValue, scrolled: (Int) -> Double = { _ in 0 }) -> CGRect? {
        guard sections.indices.contains(path.section), sections[path.section].cells.indices.contains(path.item)
        else { return nil }
        return sections[path.section].cells[path.item].offsetBy(dx: -scrolled(path.section), dy: 0)
    }

    /// The cells whose frames meet `rect`, section by section, found by binary search over
    /// the sections and their groups; an orthogonal section's row is moved by `scrolled`.
    func cells(in rect: CGRect, scrolled: (Int) -> Double = { _ in 0 }) -> [(path: IndexPathValue, frame: CGRect)] {
        var found: [(path: IndexPathValue, frame: CGRect)] = []
        for index in sectionIndices(meeting: rect) {
            let section = sections[index]
            let dx = section.orthogonal == .none ? 0 : -scrolled(index)
            var group = Self.firstIndex(in: section.groups) { $0.frame.maxY >= rect.minY }
            while group < section.groups.count, section.groups[group].frame.minY <= rect.maxY {
                for item in section.groups[group].cells {
                    let frame = section.cells[item].offsetBy(dx: dx, dy: 0)
                    if frame.intersects(rect) { found.append((IndexPathValue(item: item, section: index), frame)) }
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
