import Foundation

/// Where a text container leaves room for a line: the proposed rectangle within the
/// container, less the parts its exclusion paths cover anywhere along the line's height.
enum LineFragmentGeometry {
    /// How many times a curve is cut into lines, and how many heights of a line are sampled.
    static let curveSteps = 16
    static let samples = 5

    /// The first free part of `proposed` (the fragment), and what of `proposed` lies from the
    /// next free part on (where the next fragment of the same line may go; zero when none).
    static func fragment(
        proposed: CGRect, container size: CGSize, exclusions: [(path: DrawingPath, evenOdd: Bool)]
    ) -> (fragment: CGRect, remaining: CGRect) {
        let left = max(proposed.minX, 0)
        let right = min(proposed.maxX, size.width)
        guard right > left, proposed.minY >= 0, proposed.maxY <= size.height else { return (.zero, .zero) }
        var covered: [(Double, Double)] = []
        for exclusion in exclusions {
            covered += coveredIntervals(
                of: polygons(exclusion.path), from: proposed.minY, to: proposed.maxY, evenOdd: exclusion.evenOdd)
        }
        let free = subtract(covered, from: (left, right))
        guard let first = free.first else { return (.zero, .zero) }
        let fragment = CGRect(x: first.0, y: proposed.minY, width: first.1 - first.0, height: proposed.height)
        guard free.count > 1 else { return (fragment, .zero) }
        let next = free[1].0
        let remaining = CGRect(x: next, y: proposed.minY, width: right - next, height: proposed.height)
        return (fragment, remaining)
    }

    /// The path as closed polygons, its curves cut into lines.
    static func polygons(_ path: DrawingPath) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() {
            if current.count > 2 { polygons.append(current) }
            current = []
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                finish()
                current = [point]
            case .line(let point): current.append(point)
            case .curve(let control1, let control2, let end):
                guard let start = current.last else {
                    current = [end]
                    continue
                }
                for step in 1...curveSteps {
                    let t = Double(step) / Double(curveSteps)
                    let u = 1 - t
                    let a = u * u * u
                    let b = 3 * u * u * t
                    let c = 3 * u * t * t
                    let d = t * t * t
                    current.append(
                        CGPoint(
                            x: a * start.x + b * control1.x + c * control2.x + d * end.x,
                            y: a * start.y + b * control1.y + c * control2.y + d * end.y))
                }
            case .close: finish()
            }
        }
        finish()
        return polygons
    }

    /// The x intervals the polygons fill (by the non-zero or the even-odd rule) at any of a
    /// few heights from `top` to `bottom`.
    static func coveredIntervals(of polygons: [[CGPoint]], from top: Double, to bottom: Double, evenOdd: Bool)
        -> [(Double, Double)]
    {
        var covered: [(Double, Double)] = []
        for sample in 0..<samples {
            let y = top + (bottom - top) * (Double(sample) + 0.5) / Double(samples)
            var crossings: [(x: Double, winding: Int)] = []
            for polygon in polygons {
                for (index, a) in polygon.enumerated() {
                    let b = polygon[(index + 1) % polygon.count]
                    guard (a.y <= y) != (b.y <= y) else { continue }
                    let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                    crossings.append((x, b.y > a.y ? 1 : -1))
                }
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for (index, crossing) in crossings.enumerated() {
                winding += evenOdd ? 1 : crossing.winding
                let inside = evenOdd ? winding % 2 != 0 : winding != 0
                if inside, index + 1 < crossings.count { covered.append((crossing.x, crossings[index + 1].x)) }
            }
        }
        return covered
    }

    /// `span` less the covered intervals, in order.
    static func subtract(_ covered: [(Double, Double)], from span: (Double, Double)) -> [(Double, Double)] {
        var free = [span]
        for (start, end) in covered where end > start {
            free = free.flatMap { part -> [(Double, Double)] in
                guard end > part.0, start < part.1 else { return [part] }
                return [(part.0, start), (end, part.1)].filter { $0.1 - $0.0 > 0.001 }
            }
        }
        return free
    }
}
