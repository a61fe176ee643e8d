import Foundation

/// One stack spec's layout in progress, in Texture's two passes: measuring its children into
/// lines (`measure`), then placing them (`position`). Lengths are "along" the stack's
/// direction and "across" it.
struct StackLayout {
    struct Item {
        let child: any LayoutElement
        var layout: NodeLayout
    }

    struct Line {
        var items: [Item]
        var crossSize = 0.0
        /// The distance from the line's start to its baseline-aligned children's baseline.
        var baseline = 0.0
        var stackLength = 0.0
    }

    /// Violations smaller than this are none, so that rounding does not flex or stretch.
    static let epsilon = 0.01

    let spec: StackLayoutSpec
    let range: SizeRange
    let pass: LayoutPass
    /// The stack's exact size where the range fixes it (NaN elsewhere), for fractions.
    let parentSize: CGSize
    var lines: [Line] = []

    init(spec: StackLayoutSpec, range: SizeRange, pass: LayoutPass) {
        (self.spec, self.range, self.pass) = (spec, range, pass)
        parentSize = CGSize(
            width: range.min.width == range.max.width ? range.min.width : .nan,
            height: range.min.height == range.max.height ? range.min.height : .nan)
    }

    // MARK: Axes

    var isVertical: Bool { spec.direction == .vertical }
    func along(_ size: CGSize) -> Double { isVertical ? size.height : size.width }
    func across(_ size: CGSize) -> Double { isVertical ? size.width : size.height }
    func size(along: Double, across: Double) -> CGSize {
        isVertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }
    func point(along: Double, across: Double) -> CGPoint {
        isVertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across)
    }

    /// How much length must be added (positive) or removed (negative) to bring `length`
    /// within the range along the stack.
    func stackViolation(_ length: Double) -> Double {
        violation(length, along(range.min), along(range.max))
    }

    func crossViolation(_ length: Double) -> Double {
        violation(length, across(range.min), across(range.max))
    }

    private func violation(_ length: Double, _ low: Double, _ high: Double) -> Double {
        length < low ? low - length : length > high ? high - length : 0
    }

    // MARK: Children

    func alignment(of child: any LayoutElement) -> StackAlignItems {
        let alignment = child.style.alignSelf.resolved(spec.alignItems)
        // Baselines run across a horizontal stack only.
        if isVertical, alignment == .baselineFirst || alignment == .baselineLast { return .start }
        return alignment
    }

    /// Lays `child` out between the given lengths along the stack and, when it stretches,
    /// across it; a child that does not stretch may be as narrow as it likes across.
    func layout(
        _ child: any LayoutElement, along alongRange: (Double, Double), across acrossRange: (Double, Double)
    ) throws -> NodeLayout {
        var (low, high) = (0.0, acrossRange.1)
        if alignment(of: child) == .stretch {
            let own = child.style.range(parentSize: CGSize(width: Double.nan, height: .nan))
            low = across(own.min) != 0 ? across(own.min) : acrossRange.0
            high = across(own.max).isInfinite ? acrossRange.1 : across(own.max)
        }
        let childRange = SizeRange(
            min: size(along: alongRange.0, across: low), max: size(along: alongRange.1, across: high))
        return try child.layout(fitting: childRange, parentSize: parentSize, in: pass)
    }

    /// The children's length along the stack, with the spacing between and around them.
    func length(of items: [Item]) -> Double {
        var total = items.isEmpty ? 0 : spec.spacing * Double(items.count - 1)
        for item in items {
            total += item.child.style.spacingBefore + item.child.style.spacingAfter + along(item.layout.size)
        }
        return total
    }

    /// Where `item`'s baseline is from its line's start, for the baseline alignments.
    func baseline(of item: Item) -> Double {
        switch alignment(of: item.child) {
        case .baselineFirst: item.child.style.ascender
        case .baselineLast: across(item.layout.size) + item.child.style.descender
        default: 0
        }
    }

    func isBaselineAligned(_ item: Item) -> Bool {
        let alignment = alignment(of: item.child)
        return alignment == .baselineFirst || alignment == .baselineLast
    }
}
