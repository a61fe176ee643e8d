import Foundation
import ObjectBridge

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
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        self.init(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
