import Foundation
import ObjectBridge

/// Where a compositional layout puts everything, worked out once per preparation: sections
/// one after the other along the scrolling axis, each its group repeated along it, headers
/// before and footers after. Groups are kept in order so that a rect finds its cells by
/// binary search.
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
        /// Whether its view sizes its own length along the scrolling axis (an estimated one).
        var selfSizing = false
    }

    struct Section {
        /// From the start of its first header to the end of its last footer, along the axis.
        var frame = CGRect.zero
        var cells: [CGRect] = []
        var groups: [Group] = []
        var supplementary: [Supplementary] = []
        /// Its backgrounds (decoration items).
        var decorations: [Supplementary] = []
        /// Whether its cells size themselves (an estimated dimension in its group).
        var selfSizing = false
        /// A row that scrolls across: how it comes to rest, and how far it reaches (its groups
        /// and insets, from the section's edge across).
        var orthogonal = CollectionLayoutSection.OrthogonalScrolling.none
        var rowLength = 0.0
        /// The supplementary items (badges) of the cells whose items have any, by cell.
        var cellSupplementaries: [Int: [CollectionLayoutSupplementaryItem]] = [:]
        /// The z-indexes a custom group gave its cells, by cell, where not 0.
        var cellZIndices: [Int: Int] = [:]
    }

    /// The axis the layout scrolls along.
    let axis: LayoutAxis
    private(set) var sections: [Section] = []
    private(set) var contentSize = CGSize.zero

    /// What self-sizing views measured: cells by index path, headers and footers by kind and path.
    struct Measured {
        var cells: [IndexPathValue: CGSize] = [:]
        var supplementary: [SupplementaryKey: CGSize] = [:]
    }

    /// Lays out `counts` cells per section in a collection of `size` scrolling along `axis`,
    /// asking `section(i)` for each section's description. Views of estimated dimensions take
    /// their `measured` sizes.
    init(
        counts: [Int], size: CGSize, axis: LayoutAxis = .vertical, interSectionSpacing: Double,
        measured: Measured = Measured(), section description: (Int) throws -> CollectionLayoutSection
    ) throws {
        self.axis = axis
        var position = 0.0
        for (index, count) in counts.enumerated() {
            if index > 0 { position += interSectionSpacing }
            let placement = Placement(
                section: try description(index), index: index, size: size, axis: axis, measured: measured)
            let placed = try placement.place(cells: count, start: position)
            sections.append(placed)
            position = axis.end(placed.frame)
        }
        contentSize = axis.size(along: position, across: axis.across(size))
    }

    /// One section's placement: headers, then its group again and again, then footers.
    private struct Placement {
        let section: CollectionLayoutSection
        let index: Int
        let size: CGSize
        let axis: LayoutAxis
        let measured: Measured

        /// The section's edge across where its groups and headers start (its leading inset in
        /// a vertical layout).
        private var acrossStart: Double { axis.other.before(section.contentInsets) }

        func place(cells count: Int, start: Double) throws -> Section {
            var placed = Section()
            placed.selfSizing = section.group.estimatesWidth || section.group.estimatesHeight
            let insets = section.contentInsets
            let thickness = max(0, axis.across(size) - axis.other.before(insets) - axis.other.after(insets))
            let container = axis.size(along: axis.along(size), across: thickness)
            for item in section.boundarySupplementaryItems { try item.check(along: axis) }
            var position = start
            var numbers: [String: Int] = [:]
            func boundary(_ wanted: (BoundarySupplementaryItem) -> Bool) {
                for item in section.boundarySupplementaryItems where wanted(item) {
                    let number = numbers[item.elementKind, default: 0]
                    numbers[item.elementKind] = number + 1
                    var size = item.layoutSize.resolved(in: container)
                    let key = SupplementaryKey(
                        kind: item.elementKind, path: IndexPathValue(item: number, section: index))
                    let estimated = item.layoutSize.dimension(along: axis).kind == .estimated
                    if estimated, let measured = measured.supplementary[key] {
                        size = axis.resizing(size, along: axis.along(measured))
                    }
                    placed.supplementary.append(
                        Supplementary(
                            kind: item.elementKind, frame: axis.rect(along: position, across: acrossStart, size: size),
                            zIndex: item.zIndex, pinned: item.pinToVisibleBounds, selfSizing: estimated))
                    position += axis.along(size)
                }
            }
            boundary { $0.alignment.isBefore(axis) }
            let contentStart = position
            position += axis.before(insets)
            let groupSize = section.group.layoutSize.resolved(in: container)
            // Arrays that grow by doubling hold up to twice what they need: a section's cells
            // are known, and its groups once the first is laid out.
            placed.cells.reserveCapacity(count)
            let shared = try sharedInstance(of: groupSize, cells: count)
            if section.orthogonalScrollingBehavior != .none {
                try row(of: groupSize, cells: count, start: position, shared: shared, into: &placed)
                position += placed.groups.map { axis.along($0.frame.size) }.max() ?? 0
            }
            while section.orthogonalScrollingBehavior == .none, placed.cells.count < count {
                let frame = try appendGroup(
                    at: axis.rect(along: position, across: acrossStart, size: groupSize), count: count,
                    shared: shared, into: &placed)
                position += axis.along(frame.size)
                if placed.cells.count < count { position += section.interGroupSpacing }
            }
            position += axis.after(insets)
            let whole = axis.size(along: position - contentStart, across: axis.across(size))
            for item in section.decorationItems {
                placed.decorations.append(
                    Supplementary(
                        kind: item.elementKind,
                        frame: item.contentInsets.inset(axis.rect(along: contentStart, across: 0, size: whole)),
                        zIndex: item.zIndex, pinned: false))
            }
            boundary { $0.alignment.isAfter(axis) }
            placed.frame = axis.rect(
                along: start, across: 0, size: axis.size(along: position - start, across: axis.across(size)))
            return placed
        }

        /// The groups side by side across the section from its inset, `interGroupSpacing`
        /// apart: a row that scrolls across on its own.
        private func row(
            of groupSize: CGSize, cells count: Int, start: Double, shared: SharedInstance?, into placed: inout Section
        ) throws {
            placed.orthogonal = section.orthogonalScrollingBehavior
            var across = acrossStart
            while placed.cells.count < count {
                let frame = try appendGroup(
                    at: axis.rect(along: start, across: across, size: groupSize), count: count, shared: shared,
                    into: &placed)
                across += axis.across(frame.size) + section.interGroupSpacing
            }
            placed.rowLength =
                (placed.groups.last.map { axis.other.end($0.frame) } ?? 0) + axis.other.after(section.contentInsets)
        }

        /// One instance of the group laid out at the origin, when every instance is that one
        /// moved: no cell sizes itself and no script places cells. Laying it out once keeps a
        /// section of many rows as cheap as a flow layout's.
        typealias SharedInstance = (frame: CGRect, cells: [GroupCell])

        private func sharedInstance(of groupSize: CGSize, cells count: Int) throws -> SharedInstance? {
            let group = section.group
            guard count > 0, !group.estimatesWidth, !group.estimatesHeight, !group.asksItemProvider else { return nil }
            return try self.group(at: CGRect(origin: .zero, size: groupSize), first: 0, count: .max)
        }

        /// Lays out the next instance of the group at `frame` into `placed`, up to `count` cells
        /// in all, with the supplementary items of its items; returns the instance's frame.
        private func appendGroup(at frame: CGRect, count: Int, shared: SharedInstance?, into placed: inout Section)
            throws -> CGRect
        {
            let start = placed.cells.count
            let (groupFrame, cells) =
                try shared.map { ($0.frame.offsetBy(dx: frame.minX, dy: frame.minY), $0.cells) }
                ?? group(at: frame, first: start, count: count - start)
            let shift = shared == nil ? CGPoint.zero : frame.origin
            let taken = cells.prefix(count - start)
            if placed.groups.isEmpty, !taken.isEmpty {
                placed.groups.reserveCapacity((count + taken.count - 1) / taken.count)
            }
            for (offset, cell) in taken.enumerated() {
                if !cell.item.supplementaryItems.isEmpty {
                    placed.cellSupplementaries[start + offset] = cell.item.supplementaryItems
                }
                if cell.zIndex != 0 { placed.cellZIndices[start + offset] = cell.zIndex }
                placed.cells.append(cell.frame.offsetBy(dx: shift.x, dy: shift.y))
            }
            placed.groups.append(Group(frame: groupFrame, cells: start..<placed.cells.count))
            return groupFrame
        }

        /// One instance of the group at `frame`, holding at most `count` cells from `first`.
        /// An estimated group is as long as its measured items along its own axis, and as thick
        /// as its thickest measured cell (with its insets) across it; cells of estimated sides
        /// take their measured sizes.
        private func group(at frame: CGRect, first: Int, count: Int) throws -> (CGRect, [GroupCell]) {
            let group = section.group
            var frame = frame
            func measuredSize(_ offset: Int) -> CGSize? {
                measured.cells[IndexPathValue(item: first + offset, section: index)]
            }
            var (cells, length) = try group.layOut(in: frame, limit: count, measured: measuredSize)
            let (along, across) = (group.axis, group.axis.other)
            if group.layoutSize.dimension(along: along).kind == .estimated, group.itemProvider == nil {
                frame.size = along.resizing(frame.size, along: length)
            }
            if group.layoutSize.dimension(along: across).kind == .estimated {
                let thicknesses = cells.enumerated().map { offset, cell in
                    let insets = cell.item.contentInsets
                    return (measuredSize(offset).map { across.along($0) } ?? across.along(cell.frame.size))
                        + across.before(insets) + across.after(insets)
                }
                if let thickest = thicknesses.max(), thickest != across.along(frame.size) {
                    frame.size = across.resizing(frame.size, along: thickest)
                    cells = try group.layOut(in: frame, limit: count, measured: measuredSize).cells
                }
            }
            for offset in cells.indices {
                guard let size = measuredSize(offset) else { continue }
                if cells[offset].item.estimatesWidth { cells[offset].frame.size.width = size.width }
                if cells[offset].item.estimatesHeight { cells[offset].frame.size.height = size.height }
            }
            return (frame, cells)
        }
    }

    // MARK: Queries

    /// A cell's frame, moved across by its row's `scrolled` offset in an orthogonal section.
    func cell(_ path: IndexPathValue, scrolled: (Int) -> Double = { _ in 0 }) -> CGRect? {
        guard sections.indices.contains(path.section), sections[path.section].cells.indices.contains(path.item)
        else { return nil }
        return axis.other.moving(sections[path.section].cells[path.item], by: -scrolled(path.section))
    }

    /// The cells whose frames meet `rect`, section by section, found by binary search over
    /// the sections and their groups; an orthogonal section's row is moved by `scrolled`.
    func cells(in rect: CGRect, scrolled: (Int) -> Double = { _ in 0 }) -> [(path: IndexPathValue, frame: CGRect)] {
        var found: [(path: IndexPathValue, frame: CGRect)] = []
        for index in sectionIndices(meeting: rect) {
            let section = sections[index]
            let distance = section.orthogonal == .none ? 0 : -scrolled(index)
            var group = Self.firstIndex(in: section.groups) { axis.end($0.frame) >= axis.start(rect) }
            while group < section.groups.count, axis.start(section.groups[group].frame) <= axis.end(rect) {
                for item in section.groups[group].cells {
                    let frame = axis.other.moving(section.cells[item], by: distance)
                    if frame.intersects(rect) { found.append((IndexPathValue(item: item, section: index), frame)) }
                }
                group += 1
            }
        }
        return found
    }

    func sectionIndices(meeting rect: CGRect) -> Range<Int> {
        let first = Self.firstIndex(in: sections) { axis.end($0.frame) >= axis.start(rect) }
        var end = first
        while end < sections.count, axis.start(sections[end].frame) <= axis.end(rect) { end += 1 }
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
