import Foundation

/// A path as Core Graphics keeps one: subpaths of lines and cubic curves. Arcs, ovals and
/// rounded corners become curves as they are added (a quarter circle each at most), so that
/// any affine transform applies exactly.
public struct DrawingPath: Equatable, Sendable {
    public enum Element: Equatable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case curve(CGPoint, CGPoint, CGPoint)
        case close
    }

    public private(set) var elements: [Element] = []
    /// Where the next segment starts (nil before the first point).
    public private(set) var currentPoint: CGPoint?
    private var subpathStart: CGPoint?

    public init() {}

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: CGPoint) {
        elements.append(.move(point))
        currentPoint = point
        subpathStart = point
    }

    /// A line from the current point; with none, the point starts a subpath, as CG does.
    public mutating func line(to point: CGPoint) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(point))
        currentPoint = point
    }

    public mutating func curve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(control1, control2, point))
        currentPoint = point
    }

    public mutating func quadCurve(to point: CGPoint, control: CGPoint) {
        let start = currentPoint ?? control
        curve(
            to: point,
            control1: CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
            control2: CGPoint(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y)))
    }

    public mutating func close() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// An arc of the circle at `center` from `start` to `end` (radians, y down), clockwise on
    /// the screen when `clockwise`; joined to the current point by a line, as CG joins it.
    public mutating func arc(center: CGPoint, radius: Double, start: Double, end: Double, clockwise: Bool) {
        // One turn at most, in the arc's direction (worked out, never counted: angles can be huge).
        var sweep = end - start
        if abs(sweep) >= 2 * .pi {
            sweep = clockwise ? 2 * .pi : -2 * .pi
        } else if clockwise == (sweep < 0) {
            sweep += clockwise ? 2 * .pi : -2 * .pi
        }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if currentPoint == nil { move(to: first) } else { line(to: first) }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        // A cubic's control points for an arc of `step` radians: 4/3 tan(step / 4) along the tangents.
        let k = 4.0 / 3 * tan(step / 4) * radius
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            curve(
                to: CGPoint(x: center.x + radius * c1, y: center.y + radius * s1),
                control1: CGPoint(x: center.x + radius * c0 - k * s0, y: center.y + radius * s0 + k * c0),
                control2: CGPoint(x: center.x + radius * c1 + k * s1, y: center.y + radius * s1 - k * c1))
            angle = next
        }
    }

    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: r.origin)
        line(to: CGPoint(x: r.maxX, y: r.minY))
        line(to: CGPoint(x: r.maxX, y: r.maxY))
        line(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        var circle = DrawingPath()
        circle.arc(center: .zero, radius: 1, start: 0, end: 2 * .pi, clockwise: true)
        circle.close()
        append(circle.applying(CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)))
    }

    /// A rectangle whose `corners` (UIRectCorner: 1 top left, 2 top right, 4 bottom left,
    /// 8 bottom right) are rounded by `radius`, at most half of each side, as UIKit limits it.
    public mutating func addRoundedRect(_ rect: CGRect, radius: Double, corners: Int = 15) {
        let r = rect.standardized
        let radius = max(0, min(radius, r.width / 2, r.height / 2))
        func rounded(_ corner: Int) -> Double { corners & corner != 0 ? radius : 0 }
        let (tl, tr, br, bl) = (rounded(1), rounded(2), rounded(8), rounded(4))
        move(to: CGPoint(x: r.minX + tl, y: r.minY))
        line(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            arc(center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, start: -.pi / 2, end: 0, clockwise: true)
        }
        line(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            arc(center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, start: 0, end: .pi / 2, clockwise: true)
        }
        line(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            arc(center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, start: .pi / 2, end: .pi, clockwise: true)
        }
        line(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            arc(
                center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, start: .pi, end: 3 * .pi / 2,
                clockwise: true)
        }
        close()
    }

    /// Adds `other`'s subpaths; the current point becomes `other`'s.
    public mutating func append(_ other: DrawingPath) {
        guard !other.isEmpty else { return }
        elements += other.elements
        currentPoint = other.currentPoint
        subpathStart = other.subpathStart
    }

    public func applying(_ t: CGAffineTransform) -> DrawingPath {
        var moved = self
        moved.elements = elements.map { element in
            switch element {
            case .move(let p): .move(t.apply(p))
            case .line(let p): .line(t.apply(p))
            case .curve(let a, let b, let p): .curve(t.apply(a), t.apply(b), t.apply(p))
            case .close: .close
            }
        }
        moved.currentPoint = currentPoint.map(t.apply)
        moved.subpathStart = subpathStart.map(t.apply)
        return moved
    }

    /// The smallest rectangle holding every point of the path, control points included
    /// (CGPathGetBoundingBox; UIBezierPath's `bounds`).
    public var bounds: CGRect {
        let points = elements.flatMap { element -> [CGPoint] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .curve(let a, let b, let p): [a, b, p]
            case .close: []
            }
        }
        guard let first = points.first else { return .zero }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
