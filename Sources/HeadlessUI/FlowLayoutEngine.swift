import Foundation
import ObjectBridge

/// The arithmetic of `UICollectionViewFlowLayout`, as `flow-layout.md` describes current UIKit:
/// greedy lines, justified full lines, a left-aligned last line (with UIKit's two exceptions),
/// the equal-size grid, items centred in their line, headers and footers, and origins rounded to
/// the screen scale. Horizontal scrolling is the same with the axes swapped.
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

    var direction = Direction.vertical
    /// The collection view's bounds size.
    var boundsSize = CGSize.zero
    var scale = 1.0

    /// Every element, cells first, and the content size.
    func layout(_ sections: [Section]) -> (elements: [Element], contentSize: CGSize) {
        let vertical = direction == .vertical
        let cross = vertical ? boundsSize.width : boundsSize.height
        var cells: [Element] = [], headers: [Element] = [], footers: [Element] = []
        var along = 0.0
        func place(_ kind: ElementKind, _ section: Int, _ item: Int, cross c: Double, along a: Double,
                   crossSize: Double, alongSize: Double) -> Element {
            let origin = vertical ? CGPoint(x: c, y: a) : CGPoint(x: a, y: c)
            let size = vertical ? CGSize(width: crossSize, height: alongSize) : CGSize(width: alongSize, height: crossSize)
            return Element(kind: kind, section: section, item: item,
                           frame: CGRect(origin: CGPoint(x: round(origin.x), y: round(origin.y)), size: size))
        }
        for (index, section) in sections.enumerated() {
            let header = vertical ? section.headerSize.height : section.headerSize.width
            if header > 0 { headers.append(place(.header, index, 0, cross: 0, along: along, crossSize: cross, alongSize: header)) }
            along += header
            let inset = vertical ? (start: section.inset.left, end: section.inset.right, before: section.inset.top, after: section.inset.bottom)
                                 : (start: section.inset.top, end: section.inset.bottom, before: section.inset.left, after: section.inset.right)
            along += inset.before
            let available = max(0, cross - inset.start - inset.end)
            let sizes: [(cross: Double, along: Double)] = section.itemSizes.map {
                vertical ? (Double($0.width), Double($0.height)) : (Double($0.height), Double($0.width))
            }
            for line in lines(sizes, available: available, spacing: section.interitemSpacing) {
                let lineAlong = line.items.map { sizes[$0].along }.max() ?? 0
                for (item, position) in zip(line.items, line.positions) {
                    let size = sizes[item]
                    cells.append(place(.cell, index, item, cross: inset.start + position,
                                       along: along + (lineAlong - size.along) / 2, crossSize: size.cross, alongSize: size.along))
                }
                along += lineAlong + (line.isLast ? 0 : section.lineSpacing)
            }
            along += inset.after
            let footer = vertical ? section.footerSize.height : section.footerSize.width
            if footer > 0 { footers.append(place(.footer, index, 0, cross: 0, along: along, crossSize: cross, alongSize: footer)) }
            along += footer
        }
        let contentSize = vertical ? CGSize(width: cross, height: along) : CGSize(width: along, height: cross)
        return (cells + headers + footers, contentSize)
    }

    private func round(_ value: Double) -> Double { (value * scale).rounded() / scale }

    /// The lines of a section: which items each holds and their offsets from the section's
    /// leading inset.
    private func lines(_ sizes: [(cross: Double, along: Double)], available: Double, spacing: Double)
        -> [(items: [Int], positions: [Double], isLast: Bool)] {
        guard let first = sizes.first else { return [] }
        if sizes.allSatisfy({ $0 == first }) { return grid(count: sizes.count, size: first.cross, available: available, spacing: spacing) }
        var groups: [[Int]] = []
        var remaining = available
        for (item, size) in sizes.enumerated() {
            if groups.isEmpty || size.cross > remaining {
                groups.append([item])
                remaining = available
            } else {
                groups[groups.count - 1].append(item)
            }
            remaining -= size.cross + spacing
        }
        let everyLineSingle = groups.allSatisfy { $0.count == 1 }
        func used(_ group: [Int]) -> Double { group.reduce(0) { $0 + sizes[$1].cross } }
        func leftover(_ group: [Int]) -> Double { available - used(group) - spacing * Double(group.count - 1) }
        return groups.enumerated().map { index, group in
            let isLast = index == groups.count - 1
            let justify: Bool
            if !isLast {
                justify = true
            } else if everyLineSingle {
                justify = true
            } else {
                justify = groups.count > 1 && leftover(group) == leftover(groups[index - 1])
            }
            var positions: [Double] = []
            if justify && group.count == 1 {
                positions = [max(0, (available - sizes[group[0]].cross) / 2)]
            } else if justify {
                let gap = (available - used(group)) / Double(group.count - 1)
                var offset = 0.0
                for item in group {
                    positions.append(offset)
                    offset += sizes[item].cross + gap
                }
            } else {
                var offset = 0.0
                for item in group {
                    positions.append(offset)
                    offset += sizes[item].cross + spacing
                }
            }
            return (group, positions, isLast)
        }
    }

    /// Equal sizes: UIKit's grid of `k` columns, or one centred column.
    private func grid(count: Int, size: Double, available: Double, spacing: Double)
        -> [(items: [Int], positions: [Double], isLast: Bool)] {
        let columns = max(1, Int(((available + spacing) / (size + spacing)).rounded(.down)))
        let gap = columns > 1 ? (available - Double(columns) * size) / Double(columns - 1) : 0
        return stride(from: 0, to: count, by: columns).map { start in
            let items = Array(start..<min(start + columns, count))
            let positions = items.indices.map { column in
                columns > 1 ? Double(column) * (size + gap) : max(0, (available - size) / 2)
            }
            return (items, positions, items.last == count - 1)
        }
    }
}
