import Foundation
import ObjectBridge

/// The arithmetic of `UICollectionViewFlowLayout`, as docs/flow-layout.md describes current UIKit:
/// greedy lines, justified full lines, a left-aligned last line (with UIKit's two exceptions),
/// the equal-size grid, items centred in their line, headers and footers, and origins rounded to
/// the screen scale. Horizontal scrolling is the same with the axes swapped.
///
/// The engine keeps lines, not frames: per item only its size, per line its items and where it
/// sits. Frames are worked out when asked for, so a rect query finds its lines by binary search
/// (O(log n + k)), and changing a few items re-breaks only the lines around them and moves the
/// lines after them; the result is the same, bit for bit, as laying everything out again.
struct FlowLayoutEngine {
    enum Direction { case vertical, horizontal }

    /// One section's measurements, as the layout or its delegate gives them.
    struct Section {
        var itemSizes: [CGSize]
        var inset = UIEdgeInsets.zero
        var lineSpacing = 10.0
        var interitemSpacing = 10.0
        var headerSize = CGSize.zero
        var footerSize = CGSize.zero
    }

    enum ElementKind: Equatable { case cell, header, footer }

    struct Element: Equatable {
        let kind: ElementKind
        let section: Int
        let item: Int
        let frame: CGRect
    }

    /// The items `start..<end` of a section, `offset` from the first line of its block along
    /// the scroll axis.
    struct Line {
        var start: Int
        var end: Int
        var offset = 0.0
        var thickness = 0.0
    }

    /// A section as placed: its measurements, its lines, and where it starts.
    struct PlacedSection {
        var measurements: Section
        var lines: [Line] = []
        /// Columns when every item has the same size (UIKit's grid), nil otherwise.
        var gridColumns: Int?
        /// Items whose size differs from the first item's: zero means the grid.
        var itemsUnlikeFirst = 0
        var linesWithSeveralItems = 0
        /// Where each block of `blockSize` lines starts, from the section's first line: a change
        /// moves the lines after it by updating these, not every line.
        var blockStarts: [Double] = []
        var origin = 0.0
        var length = 0.0

        init(_ measurements: Section) {
            self.measurements = measurements
            itemsUnlikeFirst = Self.unlikeFirst(measurements.itemSizes)
        }

        static func unlikeFirst(_ sizes: [CGSize]) -> Int { sizes.count { $0 != sizes.first } }

        /// Where line `index` starts, from the section's first line.
        func offset(ofLine index: Int) -> Double { blockStarts[index / blockSize] + lines[index].offset }
    }

    static let blockSize = 64

    let direction: Direction
    /// The collection view's bounds size.
    let boundsSize: CGSize
    let scale: Double
    private(set) var sections: [PlacedSection] = []
    /// Whether lines and sections follow one another without going back along the scroll axis,
    /// so that queries may binary-search them. Negative line spacings or insets may overlap
    /// them; queries then look at every line.
    private var isMonotone = true

    init(direction: Direction = .vertical, boundsSize: CGSize = .zero, scale: Double = 1) {
        self.direction = direction
        self.boundsSize = boundsSize
        self.scale = scale
    }

    var contentSize: CGSize {
        let along = sections.last.map { $0.origin + $0.length } ?? 0
        return vertical ? CGSize(width: cross, height: along) : CGSize(width: along, height: cross)
    }

    // MARK: Placing

    /// Lays out every section anew.
    mutating func place(_ measurements: [Section]) {
        sections = measurements.map(PlacedSection.init)
        for index in sections.indices { breakLines(ofSection: index, from: 0) }
        placeSections(from: 0)
    }

    /// New sizes for some items of one section: only the lines from the one before the first
    /// changed item up to where the old line breaks resume are broken again.
    mutating func resize(section index: Int, items sizes: [Int: CGSize]) {
        guard sections.indices.contains(index), let first = sizes.keys.min(), let last = sizes.keys.max() else {
            return
        }
        let wasGrid = sections[index].gridColumns != nil
        for (item, size) in sizes where sections[index].measurements.itemSizes.indices.contains(item) {
            let old = sections[index].measurements.itemSizes[item]
            sections[index].measurements.itemSizes[item] = size
            if item != 0, let firstSize = sections[index].measurements.itemSizes.first {
                sections[index].itemsUnlikeFirst += (size != firstSize ? 1 : 0) - (old != firstSize ? 1 : 0)
            }
        }
        if sizes[0] != nil {
            sections[index].itemsUnlikeFirst = PlacedSection.unlikeFirst(sections[index].measurements.itemSizes)
        }
        if wasGrid || sections[index].itemsUnlikeFirst == 0 {
            breakLines(ofSection: index, from: 0)
        } else {
            let changedLine = lineIndex(containing: first, in: sections[index].lines)
            // A smaller first item of a line may now fit at the end of the line before.
            breakLines(ofSection: index, from: max(0, changedLine - 1), resumingAfter: last)
        }
        placeSections(from: index)
    }

    /// New measurements for one section (its insets, spacings, header or footer).
    mutating func replace(section index: Int, with measurements: Section) {
        guard sections.indices.contains(index) else { return }
        sections[index] = PlacedSection(measurements)
        breakLines(ofSection: index, from: 0)
        placeSections(from: index)
    }

    /// UIKit's grid: `max(1, floor((available + spacing) / (width + spacing)))` columns. Where
    /// items and spacing take no room (a step of 0 or less, which a script can set) there is no
    /// such number, and the greedy rule has every item that fits share one line. Huge quotients
    /// are held to `Int32.max`, so that counting columns never overflows.
    static func gridColumns(itemExtent: Double, available: Double, spacing: Double, count: Int) -> Int {
        let step = itemExtent + spacing
        guard step > 0 else { return itemExtent <= available ? max(1, count) : 1 }
        let columns = ((available + spacing) / step).rounded(.down)
        return Int(min(max(columns, 1), Double(Int32.max)))
    }

    /// Breaks the lines of a section again from line `firstLine`, keeping the old lines after
    /// `resumingAfter` from where a new line starts where an old one did. Then places the lines.
    private mutating func breakLines(ofSection index: Int, from firstLine: Int, resumingAfter last: Int = .max) {
        var section = sections[index]
        sections[index].lines = []  // so that `section.lines` is the only reference, changed in place
        let sizes = section.measurements.itemSizes
        let available = available(section.measurements)
        let spacing = section.measurements.interitemSpacing
        section.gridColumns =
            section.itemsUnlikeFirst == 0
            ? sizes.first.map {
                Self.gridColumns(
                    itemExtent: crossExtent($0), available: available, spacing: spacing, count: sizes.count)
            } : nil
        let old = section.lines.count
        let startLine = min(firstLine, old)
        var start = startLine < old ? section.lines[startLine].start : 0
        var resume = old
        var next = startLine
        var fresh: [Line] = []
        while start < sizes.count {
            while next < old && section.lines[next].start < start { next += 1 }
            if start > last, next < old, section.lines[next].start == start {
                resume = next
                break
            }
            var end = start + 1
            if let columns = section.gridColumns {
                end = min(start + columns, sizes.count)
            } else {
                var remaining = available - crossExtent(sizes[start]) - spacing
                while end < sizes.count && crossExtent(sizes[end]) <= remaining {
                    remaining -= crossExtent(sizes[end]) + spacing
                    end += 1
                }
            }
            let thickness = sizes[start..<end].reduce(0) { max($0, alongExtent($1)) }
            fresh.append(Line(start: start, end: end, thickness: thickness))
            start = end
        }
        section.linesWithSeveralItems +=
            fresh.count { $0.end - $0.start > 1 }
            - section.lines[startLine..<resume].count { $0.end - $0.start > 1 }
        section.lines.replaceSubrange(startLine..<resume, with: fresh)
        // Offsets within blocks change from the first re-broken line to the last one, or to the
        // end when lines came or went; then the blocks after them move.
        let firstBlock = startLine / Self.blockSize
        let lastChanged = fresh.count == resume - startLine ? startLine + fresh.count : section.lines.count
        let lineSpacing = section.measurements.lineSpacing
        section.lines.withUnsafeMutableBufferPointer { lines in
            for block in firstBlock..<(lastChanged + Self.blockSize - 1) / Self.blockSize {
                var offset = 0.0
                for line in block * Self.blockSize..<min(lines.count, (block + 1) * Self.blockSize) {
                    lines[line].offset = offset
                    offset += lines[line].thickness + lineSpacing
                }
            }
        }
        let blocks = (section.lines.count + Self.blockSize - 1) / Self.blockSize
        section.blockStarts.removeSubrange(min(firstBlock, section.blockStarts.count)...)
        for block in firstBlock..<blocks {
            let start =
                block == 0
                ? 0
                : section.blockStarts[block - 1]
                    + section.lines[block * Self.blockSize - 1].offset
                    + section.lines[block * Self.blockSize - 1].thickness + lineSpacing
            section.blockStarts.append(start)
        }
        let linesLength = section.lines.last.map { section.offset(ofLine: section.lines.count - 1) + $0.thickness } ?? 0
        let inset = insets(section.measurements)
        section.length =
            alongExtent(section.measurements.headerSize) + inset.before + linesLength + inset.after
            + alongExtent(section.measurements.footerSize)
        sections[index] = section
    }

    /// Sections follow one another along the scroll axis.
    private mutating func placeSections(from index: Int) {
        guard index < sections.count else { return }
        var origin = index > 0 ? sections[index - 1].origin + sections[index - 1].length : 0
        for section in index..<sections.count {
            sections[section].origin = origin
            origin += sections[section].length
        }
        isMonotone = sections.allSatisfy { section in
            let inset = insets(section.measurements)
            return section.measurements.lineSpacing >= 0 && inset.before >= 0 && inset.after >= 0
        }
    }

    // MARK: Reading

    /// Every element, section by section: header, cells, footer.
    var elements: [Element] {
        sections.indices.flatMap { index in
            elements(ofSection: index, lines: sections[index].lines.indices, including: { _ in true })
        }
    }

    /// The elements whose frames overlap `rect`, in the order of `elements`.
    func elements(in rect: CGRect) -> [Element] {
        // A pixel of slack: rounding may move an origin half a pixel out of its line.
        let slack = 1 / scale
        let low = (vertical ? rect.minY : rect.minX) - slack
        let high = (vertical ? rect.maxY : rect.maxX) + slack
        var result: [Element] = []
        guard isMonotone else {
            for index in sections.indices {
                result += elements(
                    ofSection: index, lines: sections[index].lines.indices, including: { $0.overlaps(rect) })
            }
            return result
        }
        var index = partition(sections.count) { sections[$0].origin + sections[$0].length > low }
        while index < sections.count && sections[index].origin < high {
            let section = sections[index]
            let top = section.origin + itemsOffset(section.measurements)
            let first = partition(section.lines.count) {
                top + section.offset(ofLine: $0) + section.lines[$0].thickness > low
            }
            let end = partition(section.lines.count) { top + section.offset(ofLine: $0) >= high }
            result += elements(ofSection: index, lines: first..<max(first, end), including: { $0.overlaps(rect) })
            index += 1
        }
        return result
    }

    func cell(section index: Int, item: Int) -> Element? {
        guard sections.indices.contains(index), sections[index].measurements.itemSizes.indices.contains(item) else {
            return nil
        }
        let line = lineIndex(containing: item, in: sections[index].lines)
        return cells(ofSection: index, line: line).first { $0.item == item }
    }

    func supplementary(_ kind: ElementKind, section index: Int) -> Element? {
        guard sections.indices.contains(index) else { return nil }
        return kind == .header ? header(ofSection: index) : footer(ofSection: index)
    }

    private func elements(ofSection index: Int, lines: Range<Int>, including: (CGRect) -> Bool) -> [Element] {
        var result: [Element] = []
        if let header = header(ofSection: index), including(header.frame) { result.append(header) }
        for line in lines { result += cells(ofSection: index, line: line).filter { including($0.frame) } }
        if let footer = footer(ofSection: index), including(footer.frame) { result.append(footer) }
        return result
    }

    private func header(ofSection index: Int) -> Element? {
        let section = sections[index]
        let thickness = alongExtent(section.measurements.headerSize)
        guard thickness > 0 else { return nil }
        return place(.header, index, 0, cross: 0, along: section.origin, crossSize: cross, alongSize: thickness)
    }

    private func footer(ofSection index: Int) -> Element? {
        let section = sections[index]
        let thickness = alongExtent(section.measurements.footerSize)
        guard thickness > 0 else { return nil }
        return place(
            .footer, index, 0, cross: 0, along: section.origin + section.length - thickness,
            crossSize: cross, alongSize: thickness)
    }

    /// The cells of one line, each centred across the line's thickness.
    private func cells(ofSection index: Int, line lineIndex: Int) -> [Element] {
        let section = sections[index]
        let line = section.lines[lineIndex]
        let sizes = section.measurements.itemSizes
        let top = section.origin + itemsOffset(section.measurements) + section.offset(ofLine: lineIndex)
        let leading = insets(section.measurements).start
        return zip(line.start..<line.end, positions(of: lineIndex, in: section)).map { item, position in
            let size = sizes[item]
            return place(
                .cell, index, item, cross: leading + position, along: top + (line.thickness - alongExtent(size)) / 2,
                crossSize: crossExtent(size), alongSize: alongExtent(size))
        }
    }

    /// Where the items of a line start, from the section's leading inset: justified lines
    /// spread their items, a lone item is centred, and a last line is left-aligned unless every
    /// line holds one item or it has the same leftover space as the line before.
    private func positions(of lineIndex: Int, in section: PlacedSection) -> [Double] {
        let line = section.lines[lineIndex]
        let sizes = section.measurements.itemSizes
        let available = available(section.measurements)
        let spacing = section.measurements.interitemSpacing
        if let columns = section.gridColumns, let size = sizes.first.map(crossExtent) {
            let gap = columns > 1 ? (available - Double(columns) * size) / Double(columns - 1) : 0
            return (0..<(line.end - line.start)).map { column in
                columns > 1 ? Double(column) * (size + gap) : max(0, (available - size) / 2)
            }
        }
        func used(_ line: Line) -> Double { sizes[line.start..<line.end].reduce(0) { $0 + crossExtent($1) } }
        func leftover(_ line: Line) -> Double { available - used(line) - spacing * Double(line.end - line.start - 1) }
        let justify =
            lineIndex < section.lines.count - 1 || section.linesWithSeveralItems == 0
            || (lineIndex > 0 && leftover(line) == leftover(section.lines[lineIndex - 1]))
        if justify && line.end - line.start == 1 { return [max(0, (available - crossExtent(sizes[line.start])) / 2)] }
        let gap = justify ? (available - used(line)) / Double(line.end - line.start - 1) : spacing
        var offset = 0.0
        return sizes[line.start..<line.end].map { size in
            defer { offset += crossExtent(size) + gap }
            return offset
        }
    }

    // MARK: Axes

    private var vertical: Bool { direction == .vertical }
    private var cross: Double { vertical ? boundsSize.width : boundsSize.height }
    private func crossExtent(_ size: CGSize) -> Double { vertical ? size.width : size.height }
    private func alongExtent(_ size: CGSize) -> Double { vertical ? size.height : size.width }

    private func insets(_ section: Section) -> (start: Double, end: Double, before: Double, after: Double) {
        let inset = section.inset
        return vertical
            ? (inset.left, inset.right, inset.top, inset.bottom) : (inset.top, inset.bottom, inset.left, inset.right)
    }

    private func available(_ section: Section) -> Double {
        let inset = insets(section)
        return max(0, cross - inset.start - inset.end)
    }

    /// From a section's origin to its first line: the header and the leading inset.
    private func itemsOffset(_ section: Section) -> Double { alongExtent(section.headerSize) + insets(section).before }

    private func place(
        _ kind: ElementKind, _ section: Int, _ item: Int, cross c: Double, along a: Double,
        crossSize: Double, alongSize: Double
    ) -> Element {
        let origin = vertical ? CGPoint(x: c, y: a) : CGPoint(x: a, y: c)
        let size = vertical ? CGSize(width: crossSize, height: alongSize) : CGSize(width: alongSize, height: crossSize)
        return Element(
            kind: kind, section: section, item: item,
            frame: CGRect(origin: CGPoint(x: round(origin.x), y: round(origin.y)), size: size))
    }

    private func round(_ value: Double) -> Double { (value * scale).rounded() / scale }

    private func lineIndex(containing item: Int, in lines: [Line]) -> Int {
        max(0, partition(lines.count) { lines[$0].start > item } - 1)
    }

    /// The first index below `count` where `isAfter` holds (it holds for every later index too).
    private func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
