import Foundation

extension StackLayout {
    /// Places every child: lines by `alignContent`, children along their line by
    /// `justifyContent`, and each across its line by its alignment. Returns the stack's size.
    func position() -> CGSize {
        let crossLength = crossLength
        let lineKind = Distribution(spec.alignContent)
        let (lineOffset, lineGap) = lineKind.offsetAndGap(count: lines.count, violation: crossViolation(crossLength))
        var acrossStart = lineOffset
        for (lineIndex, line) in lines.enumerated() {
            if lineIndex > 0 { acrossStart += lineGap + spec.lineSpacing }
            let (leading, gap) = Distribution(spec.justifyContent).offsetAndGap(
                count: line.items.count, violation: stackViolation(line.stackLength))
            var alongStart = leading
            for (index, item) in line.items.enumerated() {
                alongStart += item.child.style.spacingBefore
                if index > 0 { alongStart += spec.spacing + gap }
                item.layout.position = point(along: alongStart, across: acrossStart + crossOffset(of: item, in: line))
                alongStart += along(item.layout.size) + item.child.style.spacingAfter
            }
            acrossStart += line.crossSize
        }
        let stackLength = lines.map(\.stackLength).max() ?? 0
        return range.clamp(size(along: stackLength, across: crossLength))
    }

    private func crossOffset(of item: Item, in line: Line) -> Double {
        let room = line.crossSize - across(item.layout.size)
        switch alignment(of: item.child) {
        case .end: return room
        case .center: return pass.floorPixel(room / 2)
        case .baselineFirst, .baselineLast: return line.baseline - baseline(of: item)
        case .start, .stretch, .notSet: return 0
        }
    }
}

/// How `justifyContent` shares a line's spare length, and `alignContent` the stack's.
private enum Distribution {
    case start, center, end, spaceBetween, spaceAround

    init(_ justify: StackJustifyContent) {
        switch justify {
        case .start: self = .start
        case .center: self = .center
        case .end: self = .end
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        }
    }

    init(_ align: StackAlignContent) {
        switch align {
        case .start, .stretch: self = .start
        case .center: self = .center
        case .end: self = .end
        case .spaceBetween: self = .spaceBetween
        case .spaceAround: self = .spaceAround
        }
    }

    /// The offset before the first of `count` elements and the extra gap between them. With
    /// one element, or nothing to share, space-between acts as start and space-around as
    /// center; an overflow (a negative violation) overflows at the end, both ends, or the start.
    func offsetAndGap(count: Int, violation: Double) -> (Double, Double) {
        var kind = self
        if count <= 1 || violation < StackLayout.epsilon {
            if kind == .spaceBetween { kind = .start }
            if kind == .spaceAround { kind = .center }
        }
        switch kind {
        case .start: return (0, 0)
        case .center: return (violation / 2, 0)
        case .end: return (violation, 0)
        case .spaceBetween: return (0, violation / Double(count - 1))
        case .spaceAround:
            let unit = violation / Double(count * 2)
            return (unit, unit * 2)
        }
    }
}
