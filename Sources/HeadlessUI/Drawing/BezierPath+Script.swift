import Foundation
import ObjectBridge

extension Graphics {
    /// `UIBezierPath`: its constructors, building, line attributes, and drawing in the
    /// current context (a path drawn with no context draws nothing, as UIKit's does).
    static func bezierPathClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass("UIBezierPath", superclass: "NSObject", type: BezierPath.self, allocate: { BezierPath() }) { c in
            c.classMethod("bezierPath") { () in BezierPath() }
            c.classMethod("bezierPathWithRect") { (rect: CGRect) in
                try made { $0.addRect(try GeometryCheck.rect(rect, "rect")) }
            }
            c.classMethod("bezierPathWithOvalInRect") { (rect: CGRect) in
                try made { $0.addEllipse(in: try GeometryCheck.rect(rect, "rect")) }
            }
            c.classMethod("bezierPathWithRoundedRect_cornerRadius") { (rect: CGRect, radius: Double) in
                try made {
                    $0.addRoundedRect(try GeometryCheck.rect(rect, "rect"), radius: try finite(radius, "cornerRadius"))
                }
            }
            c.classMethod("bezierPathWithRoundedRect_byRoundingCorners_cornerRadii") {
                (rect: CGRect, corners: Int, radii: CGSize) in
                try made {
                    $0.addRoundedRect(
                        try GeometryCheck.rect(rect, "rect"),
                        radius: try GeometryCheck.size(radii, "cornerRadii").width,
                        corners: corners)
                }
            }
            c.classMethod("bezierPathWithArcCenter_radius_startAngle_endAngle_clockwise") {
                (center: CGPoint, radius: Double, start: Double, end: Double, clockwise: Bool) in
                try made {
                    $0.arc(
                        center: try GeometryCheck.point(center, "center"), radius: abs(try finite(radius, "radius")),
                        start: try finite(start, "startAngle"), end: try finite(end, "endAngle"), clockwise: clockwise)
                }
            }
            c.classMethod("bezierPathWithCGPath") { (path: BezierPath) in path.copy() }
            c.method("moveToPoint") { (path: BezierPath, point: CGPoint) in
                path.path.move(to: try GeometryCheck.point(point, "point"))
            }
            c.method("addLineToPoint") { (path: BezierPath, point: CGPoint) in
                path.path.line(to: try GeometryCheck.point(point, "point"))
            }
            c.method("addCurveToPoint_controlPoint1_controlPoint2") {
                (path: BezierPath, point: CGPoint, c1: CGPoint, c2: CGPoint) in
                path.path.curve(
                    to: try GeometryCheck.point(point, "point"), control1: try GeometryCheck.point(c1, "controlPoint1"),
                    control2: try GeometryCheck.point(c2, "controlPoint2"))
            }
            c.method("addQuadCurveToPoint_controlPoint") { (path: BezierPath, point: CGPoint, control: CGPoint) in
                path.path.quadCurve(
                    to: try GeometryCheck.point(point, "point"),
                    control: try GeometryCheck.point(control, "controlPoint"))
            }
            c.method("addArcWithCenter_radius_startAngle_endAngle_clockwise") {
                (path: BezierPath, center: CGPoint, radius: Double, start: Double, end: Double, clockwise: Bool) in
                path.path.arc(
                    center: try GeometryCheck.point(center, "center"), radius: abs(try finite(radius, "radius")),
                    start: try finite(start, "startAngle"), end: try finite(end, "endAngle"), clockwise: clockwise)
            }
            c.method("closePath") { (path: BezierPath) in path.path.close() }
            c.method("removeAllPoints") { (path: BezierPath) in path.path = DrawingPath() }
            c.method("appendPath") { (path: BezierPath, other: BezierPath) in path.path.append(other.path) }
            c.method("applyTransform") { (path: BezierPath, t: CGAffineTransform) in
                path.path = path.path.applying(try GeometryCheck.fields(t, "transform"))
            }
            c.method("copy") { (path: BezierPath) in path.copy() }
            c.method("setLineDash_count_phase") { (path: BezierPath, lengths: [Double]?, count: Int, phase: Double) in
                let used = try dashLengths(lengths ?? [], count: count)
                path.dash = used.isEmpty ? nil : (try finite(phase, "phase"), used)
            }
            c.property("lineWidth", get: { $0.lineWidth }, set: { $0.lineWidth = max(0, try finite($1, "lineWidth")) })
            c.property("lineCapStyle", get: { $0.lineCap }, set: { $0.lineCap = try style($1, "lineCapStyle") })
            c.property("lineJoinStyle", get: { $0.lineJoin }, set: { $0.lineJoin = try style($1, "lineJoinStyle") })
            c.property(
                "miterLimit", get: { $0.miterLimit }, set: { $0.miterLimit = max(1, try finite($1, "miterLimit")) })
            c.property("usesEvenOddFillRule", get: { $0.usesEvenOddFillRule }, set: { $0.usesEvenOddFillRule = $1 })
            c.property("bounds") { (path: BezierPath) in path.path.bounds }
            c.property("currentPoint") { (path: BezierPath) in path.path.currentPoint ?? .zero }
            c.property("isEmpty") { (path: BezierPath) in path.path.isEmpty }
            c.property("empty") { (path: BezierPath) in path.path.isEmpty }
            // A CGPath is the same object here, as a CGColor is its UIColor.
            c.property("CGPath") { (path: BezierPath) in path }
            c.method("fill") { (path: BezierPath) in
                if let context = environment.graphics.top { path.fill(in: context) }
            }
            c.method("stroke") { (path: BezierPath) in
                if let context = environment.graphics.top { path.stroke(in: context) }
            }
            c.method("addClip") { (path: BezierPath) in
                environment.graphics.top?.record(.clip(path.path, evenOdd: path.usesEvenOddFillRule))
            }
            c.enumeration(
                cType: "UIRectCorner", constants: "UIRectCorner", module: "UIKit.UIBezierPath", aliases: ["RectCorner"],
                [("TopLeft", 1), ("TopRight", 2), ("BottomLeft", 4), ("BottomRight", 8), ("AllCorners", 15)])
        }
    }

    private static func made(_ build: (inout DrawingPath) throws -> Void) throws -> BezierPath {
        let made = BezierPath()
        try build(&made.path)
        return made
    }
}
