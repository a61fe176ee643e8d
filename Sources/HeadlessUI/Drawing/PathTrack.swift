import Foundation

/// A path measured along its length, for what goes by distance along it: a shape layer's
/// `strokeStart` and `strokeEnd`, and a keyframe animation's position along a path. Each line
/// and curve keeps its own form; a curve's length is measured over 24 steps (a quarter circle
/// at most, so within a thirtieth of a point for a 50-point radius), and the part of it a trim
/// keeps is cut from it exactly, so what is stroked is still curves.
struct PathTrack {
    private struct Piece {
        let from: CGPoint
        /// Nil for a line to `to`.
        let controls: (CGPoint, CGPoint)?
        let to: CGPoint
        /// The length at each of the curve's steps (a line's: at its start and end).
        let lengths: [Double]
        let startsSubpath: Bool

        var length: Double { lengths.last ?? 0 }

        /// The curve's parameter at `distance` along it.
        func parameter(at distance: Double) -> Double {
            guard controls != nil, lengths.count > 1 else { return length > 0 ? distance / length : 0 }
            guard let upper = lengths.firstIndex(where: { $0 >= distance }), upper > 0 else { return 0 }
            let (a, b) = (lengths[upper - 1], lengths[upper])
            let within = b > a ? (distance - a) / (b - a) : 0
            return (Double(upper - 1) + within) / Double(lengths.count - 1)
        }

        func point(at t: Double) -> CGPoint {
            guard let (c1, c2) = controls else {
                return CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            }
            let u = 1 - t
            return CGPoint(
                x: u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * to.x,
                y: u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * to.y)
        }

        /// The part between parameters `t0` and `t1`, added to `path` (which is at its start).
        func add(from t0: Double, to t1: Double, to path: inout DrawingPath) {
            guard let (c1, c2) = controls else { return path.line(to: point(at: t1)) }
            // De Casteljau: the curve up to t1, then that part's end from t0 / t1.
            func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
                CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            func split(_ p: [CGPoint], _ t: Double) -> (head: [CGPoint], tail: [CGPoint]) {
                let (a, b, c) = (lerp(p[0], p[1], t), lerp(p[1], p[2], t), lerp(p[2], p[3], t))
                let (d, e) = (lerp(a, b, t), lerp(b, c, t))
                let f = lerp(d, e, t)
                return ([p[0], a, d, f], [f, e, c, p[3]])
            }
            var part = [from, c1, c2, to]
            if t1 < 1 { part = split(part, t1).head }
            if t0 > 0, t1 > 0 { part = split(part, t0 / t1).tail }
            path.curve(to: part[3], control1: part[1], control2: part[2])
        }
    }

    private let pieces: [Piece]
    /// The first point, for a path that goes nowhere.
    private let origin: CGPoint
    let length: Double

    static let curveSteps = 24

    /// Nil for a path with no points.
    init?(_ path: DrawingPath) {
        var pieces: [Piece] = []
        var current: CGPoint?
        var start: CGPoint?
        var starting = true
        var first: CGPoint?
        func add(_ controls: (CGPoint, CGPoint)?, _ end: CGPoint) {
            guard let from = current else { return }
            var lengths = [0.0]
            if let (c1, c2) = controls {
                let piece = Piece(from: from, controls: (c1, c2), to: end, lengths: [], startsSubpath: false)
                var previous = from
                for step in 1...Self.curveSteps {
                    let next = piece.point(at: Double(step) / Double(Self.curveSteps))
                    lengths.append((lengths.last ?? 0) + hypot(next.x - previous.x, next.y - previous.y))
                    previous = next
                }
            } else {
                lengths.append(hypot(end.x - from.x, end.y - from.y))
            }
            pieces.append(Piece(from: from, controls: controls, to: end, lengths: lengths, startsSubpath: starting))
            starting = false
            current = end
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                (current, start, starting) = (point, point, true)
                first = first ?? point
            case .line(let point): add(nil, point)
            case .curve(let c1, let c2, let end): add((c1, c2), end)
            case .close: if let start { add(nil, start) }
            }
        }
        guard let first else { return nil }
        self.pieces = pieces
        origin = first
        length = pieces.reduce(0) { $0 + $1.length }
    }

    /// The point `fraction` (0 to 1) of the way along.
    func point(at fraction: Double) -> CGPoint {
        var left = min(1, max(0, fraction)) * length
        for piece in pieces {
            if left <= piece.length, piece.length > 0 { return piece.point(at: piece.parameter(at: left)) }
            left -= piece.length
        }
        return pieces.last?.to ?? origin
    }

    /// The part of the path from `start` to `end` (shares of its length).
    func trimmed(from start: Double, to end: Double) -> DrawingPath {
        let (from, to) = (min(1, max(0, start)) * length, min(1, max(0, end)) * length)
        var path = DrawingPath()
        guard to > from else { return path }
        var travelled = 0.0
        var drawing = false
        for piece in pieces {
            let (a, b) = (travelled, travelled + piece.length)
            travelled = b
            if piece.startsSubpath { drawing = false }
            guard b > from, a < to, piece.length > 0 else { continue }
            let t0 = a >= from ? 0 : piece.parameter(at: from - a)
            let t1 = b <= to ? 1 : piece.parameter(at: to - a)
            if !drawing {
                path.move(to: piece.point(at: t0))
                drawing = true
            }
            piece.add(from: t0, to: t1, to: &path)
        }
        return path
    }
}
