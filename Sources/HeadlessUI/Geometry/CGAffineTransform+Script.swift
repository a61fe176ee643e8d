import Foundation
import ObjectBridge

extension CGAffineTransform {
    /// CGAffineTransform.h: `CgAffineTransform.Rotate(t, angle)` and `t:rotate(angle)`, and
    /// the functions that apply a transform to points, sizes and rectangles.
    public static func describeMembers(_ members: StructMembers<CGAffineTransform>) {
        members.constant("CGAffineTransformIdentity", CGAffineTransform.identity)
        members.function("CGAffineTransformMake", ["a", "b", "c", "d", "tx", "ty"]) {
            (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) in
            CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
        }
        members.function("CGAffineTransformMakeTranslation", ["tx", "ty"]) { (x: Double, y: Double) in translation(x, y)
        }
        members.function("CGAffineTransformMakeScale", ["sx", "sy"]) { (x: Double, y: Double) in scale(x, y) }
        members.function("CGAffineTransformMakeRotation", ["angle"]) { (angle: Double) in rotation(angle) }
        members.function("CGAffineTransformTranslate", ["t", "tx", "ty"], method: "translate") {
            (t: CGAffineTransform, x: Double, y: Double) in translation(x, y).concatenating(t)
        }
        members.function("CGAffineTransformScale", ["t", "sx", "sy"], method: "scale") {
            (t: CGAffineTransform, x: Double, y: Double) in scale(x, y).concatenating(t)
        }
        members.function("CGAffineTransformRotate", ["t", "angle"], method: "rotate") {
            (t: CGAffineTransform, angle: Double) in
            rotation(angle).concatenating(t)
        }
        members.function("CGAffineTransformConcat", ["t1", "t2"], method: "concat") {
            (a: CGAffineTransform, b: CGAffineTransform) in
            a.concatenating(b)
        }
        // As CGAffineTransformInvert: a transform without an inverse comes back unchanged.
        members.function("CGAffineTransformInvert", ["t"], method: "invert") { (t: CGAffineTransform) in t.inverted ?? t
        }
        members.function("CGAffineTransformIsIdentity", ["t"], method: "isIdentity") { (t: CGAffineTransform) in
            t.isIdentity
        }
        members.function("CGAffineTransformEqualToTransform", ["t1", "t2"], method: "equalToTransform") {
            (a: CGAffineTransform, b: CGAffineTransform) in a == b
        }
        members.function("CGPointApplyAffineTransform", ["point", "t"], alias: "PointApply") {
            (point: CGPoint, t: CGAffineTransform) in t.apply(point)
        }
        members.function("CGSizeApplyAffineTransform", ["size", "t"], alias: "SizeApply") {
            (size: CGSize, t: CGAffineTransform) in t.apply(size)
        }
        members.function("CGRectApplyAffineTransform", ["rect", "t"], alias: "RectApply") {
            (rect: CGRect, t: CGAffineTransform) in t.apply(rect)
        }
        members.method("applyToPoint", ["point"]) { (t: CGAffineTransform, point: CGPoint) in t.apply(point) }
        members.method("applyToRect", ["rect"]) { (t: CGAffineTransform, rect: CGRect) in t.apply(rect) }
    }
}
