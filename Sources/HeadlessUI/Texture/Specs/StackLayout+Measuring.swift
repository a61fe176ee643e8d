import Foundation

extension StackLayout {
    /// Measures `children`, breaks them into lines, flexes each line along the stack, and
    /// sizes and stretches the lines across it.
    mutating func measure(_ children: [any LayoutElement]) throws {
        let crossRange = (across(range.min), across(range.max))
        let basisParent = along(parentSize)
        var items: [Item] = []
        items.reserveCapacity(children.count)
        for child in children {
            let basis = child.style.flexBasis
            let alongRange = (
                basis.resolved(against: basisParent, auto: 0), basis.resolved(against: basisParent, auto: .infinity)
            )
            items.append(Item(child: child, layout: try layout(child, along: alongRange, across: crossRange)))
        }
        lines = breakIntoLines(items)
        for index in lines.indices { try flex(&lines[index]) }
        sizeLinesAcross()
        try stretchLines()
        for index in lines.indices { lines[index].stackLength = length(of: lines[index].items) }
    }

    /// One line unless the stack wraps; then a child that would overflow the stack's maximum
    /// starts a new line (a line always takes at least one child).
    private func breakIntoLines(_ items: [Item]) -> [Line] {
        guard spec.flexWrap == .wrap else { return [Line(items: items)] }
        var lines: [Line] = []
        var current: [Item] = []
        var lineLength = 0.0
        for item in items {
            let style = item.child.style
            let itemLength = style.spacingBefore + style.spacingAfter + along(item.layout.size)
            let added = (current.isEmpty ? 0 : spec.spacing) + itemLength
            if !current.isEmpty, stackViolation(lineLength + added) < 0 {
                lines.append(Line(items: current))
                (current, lineLength) = ([item], itemLength)
            } else {
                current.append(item)
                lineLength += added
            }
        }
        lines.append(Line(items: current))
        return lines
    }

    /// Grows the line's growable children into its spare length, or shrinks its shrinkable
    /// ones out of its excess, each by its share of the factors. A growing line's rounding
    /// remainder goes to its first growing child.
    private func flex(_ line: inout Line) throws {
        let violation = stackViolation(length(of: line.items))
        guard abs(violation) >= Self.epsilon else { return }
        let growing = violation > 0
        func factor(_ item: Item) -> Double { growing ? item.child.style.flexGrow : item.child.style.flexShrink }
        let factorSum = line.items.reduce(0) { $0 + factor($1) }
        guard factorSum > 0 else { return }
        func adjustment(_ item: Item) -> Double {
            let share = violation * factor(item) / factorSum
            return growing ? share.rounded(.down) : share
        }
        let adjustments = line.items.map(adjustment)
        let remainder = violation - adjustments.reduce(0, +)
        guard let first = adjustments.firstIndex(where: { $0 != 0 }) else { return }
        let crossRange = (across(range.min), across(range.max))
        for index in line.items.indices where adjustments[index] != 0 {
            let item = line.items[index]
            let extra = index == first && item.child.style.flexGrow > 0 && growing ? remainder : 0
            let flexed = max(0, along(item.layout.size) + adjustments[index] + extra)
            line.items[index].layout = try layout(item.child, along: (flexed, flexed), across: crossRange)
        }
    }

    /// Each line's length across the stack: its tallest child, or its baseline-aligned children
    /// from the highest ascent to the deepest descent. A single line fills a definite stack.
    private mutating func sizeLinesAcross() {
        let (low, high) = (across(range.min), across(range.max))
        let single = lines.count == 1
        for index in lines.indices {
            var (ascent, descent, tallest) = (0.0, 0.0, 0.0)
            for item in lines[index].items {
                if isBaselineAligned(item) {
                    let baseline = baseline(of: item)
                    ascent = max(ascent, baseline)
                    descent = max(descent, across(item.layout.size) - baseline)
                } else {
                    tallest = max(tallest, across(item.layout.size))
                }
            }
            var crossSize = max(ascent + descent, tallest)
            if single { crossSize = low == high ? low : min(max(low, crossSize), high) }
            lines[index].crossSize = crossSize
            lines[index].baseline = ascent
        }
    }

    /// Shares the stack's spare length across among its lines (`alignContent` stretch), then
    /// stretches the stretching children to their line.
    private mutating func stretchLines() throws {
        let violation = crossViolation(crossLength)
        let stretchesLines = lines.count > 1 && spec.alignContent == .stretch && violation > Self.epsilon
        for index in lines.indices {
            if stretchesLines { lines[index].crossSize += violation / Double(lines.count) }
            let crossSize = lines[index].crossSize
            for itemIndex in lines[index].items.indices {
                let item = lines[index].items[itemIndex]
                guard alignment(of: item.child) == .stretch, crossSize - across(item.layout.size) > Self.epsilon
                else { continue }
                let length = along(item.layout.size)
                lines[index].items[itemIndex].layout = try layout(
                    item.child, along: (length, length), across: (crossSize, crossSize))
            }
        }
    }

    /// The lines' total length across the stack, with the spacing between them.
    var crossLength: Double {
        lines.reduce(spec.lineSpacing * Double(max(0, lines.count - 1))) { $0 + $1.crossSize }
    }
}
