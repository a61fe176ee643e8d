import Foundation
import ObjectBridge

extension CATransform3D {
    /// CATransform3D.h: `CaTransform3D.Rotate(t, angle, x, y, z)` and `t:rotate(angle, x, y, z)`.
    /// `Translate`, `Scale` and `Rotate` apply their change before `t`, as Core Animation's do.
    public static func describeMembers(_ members: StructMembers<CATransform3D>) {
        members.constant("CATransform3DIdentity", CATransform3D.identity)
        members.function("CATransform3DIsIdentity", ["t"], method: "isIdentity") { (t: CATransform3D) in t == .identity
        }
        members.function("CATransform3DEqualToTransform", ["a", "b"], method: "equalToTransform") {
            (a: CATransform3D, b: CATransform3D) in a == b
        }
        members.function("CATransform3DMakeTranslation", ["tx", "ty", "tz"]) { (x: Double, y: Double, z: Double) in
            translation(x, y, z)
        }
        members.function("CATransform3DMakeScale", ["sx", "sy", "sz"]) { (x: Double, y: Double, z: Double) in
            scale(x, y, z)
        }
        members.function("CATransform3DMakeRotation", ["angle", "x", "y", "z"]) {
            (angle: Double, x: Double, y: Double, z: Double) in rotation(angle, x, y, z)
        }
        members.function("CATransform3DTranslate", ["t", "tx", "ty", "tz"], method: "translate") {
            (t: CATransform3D, x: Double, y: Double, z: Double) in translation(x, y, z).concatenating(t)
        }
        members.function("CATransform3DScale", ["t", "sx", "sy", "sz"], method: "scale") {
            (t: CATransform3D, x: Double, y: Double, z: Double) in scale(x, y, z).concatenating(t)
        }
        members.function("CATransform3DRotate", ["t", "angle", "x", "y", "z"], method: "rotate") {
            (t: CATransform3D, angle: Double, x: Double, y: Double, z: Double) in
            rotation(angle, x, y, z).concatenating(t)
        }
        members.function("CATransform3DConcat", ["a", "b"], method: "concat") { (a: CATransform3D, b: CATransform3D) in
            a.concatenating(b)
        }
        // As CATransform3DInvert: a transform without an inverse comes back unchanged.
        members.function("CATransform3DInvert", ["t"], method: "invert") { (t: CATransform3D) in t.inverted ?? t }
        members.function("CATransform3DIsAffine", ["t"], method: "isAffine") { (t: CATransform3D) in t.isAffine }
        members.function("CATransform3DMakeAffineTransform", ["m"]) { (t: CGAffineTransform) in CATransform3D(affine: t)
        }
        members.function("CATransform3DGetAffineTransform", ["t"], method: "getAffineTransform") { (t: CATransform3D) in
            t.affine
        }
    }
}
