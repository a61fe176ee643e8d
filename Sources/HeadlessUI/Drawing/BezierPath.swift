import Foundation
import ObjectBridge

/// `UIBezierPath`: a path with its own line attributes, filled, stroked or used as a clip in
/// the current graphics context.
public final class BezierPath: BridgeObject {
    var path = DrawingPath()
    var lineWidth = 1.0
    var lineCap = 0
    var lineJoin = 0
    var miterLimit = 10.0
    var usesEvenOddFillRule = false
    var dash: (phase: Double, lengths: [Double])?

    override init() {}

    /// A path object for `path` (a layer's path, read back by a script).
    init(path: DrawingPath) {
        self.path = path
    }

    func copy() -> BezierPath {
        let made = BezierPath()
        made.path = path
        (made.lineWidth, made.lineCap, made.lineJoin, made.miterLimit) = (lineWidth, lineCap, lineJoin, miterLimit)
        (made.usesEvenOddFillRule, made.dash) = (usesEvenOddFillRule, dash)
        return made
    }

    func fill(in context: GraphicsContext) { context.record(.fill(path, evenOdd: usesEvenOddFillRule)) }

    /// Strokes with the path's own line attributes, leaving the context's as they were.
    func stroke(in context: GraphicsContext) {
        context.record(.save)
        context.record(.lineWidth(lineWidth))
        context.record(.lineCap(lineCap))
        context.record(.lineJoin(lineJoin))
        context.record(.miterLimit(miterLimit))
        context.record(.dash(phase: dash?.phase ?? 0, lengths: dash?.lengths ?? []))
        context.record(.stroke(path))
        context.record(.restore)
    }
}
