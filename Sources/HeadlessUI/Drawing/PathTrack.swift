import Foundation

/// A path laid flat into line segments with their lengths, for what goes by distance along it:
/// a shape layer's `strokeStart` and `strokeEnd`, and a keyframe animation's position along a
/// path. Curves become 24 segments each (a quarter circle at most, so within a thirtieth of a
/// point for a 50-point radius).
struct PathTrack {
    private struct Segment {
        let from: CGPoint
        let to: CGPoint
        let length: Double
        /// Whether it starts a new subpath.
        let starts: Bool
    }

    private let segments: [Segment]
    /// The first point, for a path that goes nowhere.
    private let origin: CGPoint
    let length: Double

    static let curveSteps = 24

    /// Nil for a path with no points.
    init?(_ path: DrawingPath) {
        var segments: [Segment] = []
        var current: CGPoint?
        var start: CGPoint?
        var starting = true
        var first: CGPoint?
        func add(_ point: CGPoint) {
            guard let from = current else { return }
            segments.append(
                Segment(from: from, to: point, length: hypot(point.x - from.x, point.y - from.y), starts: starting))
            starting = false
            current = point
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                (current, start, starting) = (point, point, true)
                first = first ?? point
            case .line(let point):
                add(point)
            case .curve(let c1, let c2, let end):
                guard let p0 = current else { continue }
                for step in 1...Self.curveSteps {
                    let t = Double(step) / Double(Self.curveSteps)
                    let u = 1 - t
                    add(
                        CGPoint(
                            x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
                            y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y))
                }
            case .close:
                if let start { add(start) }
            }
        }
        guard let first else { return nil }
        self.segments = segments
        origin = first
        length = segments.reduce(0) { $0 + $1.length }
    }

    /// The point `fraction` (0 to 1) of the way along.
    func point(at fraction: Double) -> CGPoint {
        var left = min(1, max(0, fraction)) * length
        for segment in segments {
            if left <= segment.length, segment.length > 0 {
                let t = left / segment.length
                return CGPoint(
                    x: segment.from.x + (segment.to.x - segment.from.x) * t,
                    y: segment.from.y + (segment.to.y - segment.from.y) * t)
            }
            left -= segment.length
        }
        return segments.last?.to ?? origin
    }

    /// The part of the path from `start` to `end` (shares of its length), as lines.
    func trimmed(from start: Double, to end: Double) -> DrawingPath {
        let (from, to) = (min(1, max(0, start)) * length, min(1, max(0, end)) * length)
        var path = DrawingPath()
        guard to > from else { return path }
        var travelled = 0.0
        var drawing = false
        for segment in segments {
            let (a, b) = (travelled, travelled + segment.length)
            travelled = b
            if segment.starts { drawing = false }
            guard b > from, a < to, segment.length > 0 else { continue }
            func at(_ distance: Double) -> CGPoint {
                let t = (distance - a) / segment.length
                return CGPoint(
                    x: segment.from.x + (segment.to.x - segment.from.x) * t,
                    y: segment.from.y + (segment.to.y - segment.from.y) * t)
            }
            if !drawing {
                path.move(to: a >= from ? segment.from : at(from))
                drawing = true
            }
            path.line(to: b <= to ? segment.to : at(to))
        }
        return path
    }
}
