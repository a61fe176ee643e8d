import Foundation
import ObjectBridge

extension CGAffineTransform {
    var isIdentity: Bool { self == .identity }

    func apply(_ point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The inverse, or nil for a transform that flattens the plane.
    var inverted: CGAffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return CGAffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}

extension CATransform3D {
    /// CATransform3DMakeAffineTransform.
    init(affine t: CGAffineTransform) {
        self.init(m: [t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
    }

    /// CATransform3DGetAffineTransform: the part that acts on the plane.
    var affine: CGAffineTransform {
        CGAffineTransform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }
}

extension CGRect {
    /// CGRectIntersectsRect as Apple has it: rectangles that only touch, or are empty, do not
    /// intersect. (swift-corelibs-foundation's `intersects` counts touching edges.)
    func overlaps(_ other: CGRect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    var corners: [CGPoint] {
        [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
    }

    /// The smallest rectangle holding `points`.
    init(boundingBox points: [CGPoint]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        self.init(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
