import Foundation

/// An axis of a compositional layout: the one it scrolls along (sections follow one another
/// along it, and a section repeats its group along it), or a group's (its items follow one
/// another along it). "Along" is that axis, "across" the other; a rect's start and end are
/// its edges along the axis.
public enum LayoutAxis: Sendable {
    case horizontal, vertical

    var other: LayoutAxis { self == .horizontal ? .vertical : .horizontal }

    func along(_ size: CGSize) -> Double { self == .horizontal ? size.width : size.height }
    func across(_ size: CGSize) -> Double { self == .horizontal ? size.height : size.width }

    func along(_ point: CGPoint) -> Double { self == .horizontal ? point.x : point.y }

    func start(_ rect: CGRect) -> Double { self == .horizontal ? rect.minX : rect.minY }
    func end(_ rect: CGRect) -> Double { self == .horizontal ? rect.maxX : rect.maxY }
    func middle(_ rect: CGRect) -> Double { self == .horizontal ? rect.midX : rect.midY }

    /// The size `along` this axis and `across` it.
    func size(along: Double, across: Double) -> CGSize {
        self == .horizontal ? CGSize(width: along, height: across) : CGSize(width: across, height: along)
    }

    func point(along: Double, across: Double) -> CGPoint {
        self == .horizontal ? CGPoint(x: along, y: across) : CGPoint(x: across, y: along)
    }

    /// A rect of `size` whose start is at `along` and whose other start is at `across`.
    func rect(along: Double, across: Double, size: CGSize) -> CGRect {
        CGRect(origin: point(along: along, across: across), size: size)
    }

    /// `size` with its length along this axis replaced.
    func resizing(_ size: CGSize, along length: Double) -> CGSize { self.size(along: length, across: across(size)) }

    /// `rect` moved `distance` along this axis.
    func moving(_ rect: CGRect, by distance: Double) -> CGRect {
        rect.offsetBy(dx: self == .horizontal ? distance : 0, dy: self == .vertical ? distance : 0)
    }

    /// Insets before and after along this axis (top and bottom for vertical), and before and
    /// after across it.
    func before(_ insets: DirectionalEdgeInsets) -> Double { self == .horizontal ? insets.leading : insets.top }
    func after(_ insets: DirectionalEdgeInsets) -> Double { self == .horizontal ? insets.trailing : insets.bottom }
}
