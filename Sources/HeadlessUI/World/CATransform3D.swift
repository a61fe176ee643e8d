import Foundation
import ObjectBridge

/// `CATransform3D`: a 4x4 matrix with fields `m11` ... `m44`, row-major as Core Animation has it.
public struct CATransform3D: FlatScriptStruct, Equatable, Sendable {
    /// m11, m12, ..., m44.
    public var m: [Double]

    public init(m: [Double]) {
        self.m = m.count == 16 ? m : CATransform3D.identity.m
    }

    public static let identity = CATransform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    public static var structName: String { "CATransform3D" }
    public static let fieldNames: [String] = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
    public static var constructorDefaults: [Double] { identity.m }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(m: Array(v)) }
    public var fields: [Double] { m }

    /// The product `self * other` (apply self, then other), as CATransform3DConcat.
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                result[row * 4 + column] = (0..<4).reduce(0) { $0 + m[row * 4 + $1] * other.m[$1 * 4 + column] }
            }
        }
        return CATransform3D(m: result)
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3D(m: [x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// A rotation by `angle` radians about the axis (x, y, z); the identity for a zero axis.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (u, v, w) = (x / length, y / length, z / length)
        let (c, s) = (cos(angle), sin(angle))
        let t = 1 - c
        return CATransform3D(m: [
            t * u * u + c, t * u * v + w * s, t * u * w - v * s, 0,
            t * u * v - w * s, t * v * v + c, t * v * w + u * s, 0,
            t * u * w + v * s, t * v * w - u * s, t * w * w + c, 0,
            0, 0, 0, 1,
        ])
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
