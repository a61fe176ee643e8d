import Foundation
import ObjectBridge

/// `CATransform3D`: a 4x4 matrix with fields `m11` ... `m44`, row-major as Core Animation has
/// it; points are row vectors, so `a.concatenating(b)` applies `a`, then `b`.
public struct CATransform3D: FlatScriptStruct, Equatable, Sendable {
    /// m11, m12, ..., m44 (in registers, not on the heap: transforms are made in layout loops).
    public var m: SIMD16<Double>

    public init(m: SIMD16<Double>) {
        self.m = m
    }

    public static let identity = CATransform3D(m: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    public static var structName: String { "CATransform3D" }
    public static var header: String { "QuartzCore.CATransform3D" }
    public static let fieldNames: [String] = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
    public static var constructorDefaults: [Double] { fieldsArray(identity.m) }
    public init(fields v: UnsafeMutableBufferPointer<Double>) {
        var m = SIMD16<Double>()
        for index in 0..<min(16, v.count) { m[index] = v[index] }
        self.init(m: m)
    }
    public var fields: [Double] { Self.fieldsArray(m) }
    public func withFields<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        var copy = m
        return try withUnsafeBytes(of: &copy) { try body($0.assumingMemoryBound(to: Double.self)) }
    }

    private static func fieldsArray(_ m: SIMD16<Double>) -> [Double] { (0..<16).map { m[$0] } }

    /// Row `row` (0 ... 3) as a vector.
    private func row(_ row: Int) -> SIMD4<Double> {
        SIMD4(m[row * 4], m[row * 4 + 1], m[row * 4 + 2], m[row * 4 + 3])
    }

    /// The product `self * other` (apply self, then other), as CATransform3DConcat.
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        let rows = (other.row(0), other.row(1), other.row(2), other.row(3))
        var result = SIMD16<Double>()
        for index in 0..<4 {
            let product =
                m[index * 4] * rows.0 + m[index * 4 + 1] * rows.1 + m[index * 4 + 2] * rows.2
                + m[index * 4 + 3] * rows.3
            result[index * 4] = product[0]
            result[index * 4 + 1] = product[1]
            result[index * 4 + 2] = product[2]
            result[index * 4 + 3] = product[3]
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

    /// The inverse, or nil for a transform that flattens space.
    public var inverted: CATransform3D? {
        var a = m
        var inverse = CATransform3D.identity.m
        for column in 0..<4 {
            var pivot = column
            for row in column..<4 where abs(a[row * 4 + column]) > abs(a[pivot * 4 + column]) { pivot = row }
            let value = a[pivot * 4 + column]
            guard value != 0, value.isFinite else { return nil }
            if pivot != column {
                for k in 0..<4 {
                    a.swapAt(pivot * 4 + k, column * 4 + k)
                    inverse.swapAt(pivot * 4 + k, column * 4 + k)
                }
            }
            for k in 0..<4 {
                a[column * 4 + k] /= value
                inverse[column * 4 + k] /= value
            }
            for row in 0..<4 where row != column {
                let factor = a[row * 4 + column]
                guard factor != 0 else { continue }
                for k in 0..<4 {
                    a[row * 4 + k] -= factor * a[column * 4 + k]
                    inverse[row * 4 + k] -= factor * inverse[column * 4 + k]
                }
            }
        }
        return CATransform3D(m: inverse)
    }

    /// Whether the plane z = 0 stays flat on the screen under it: no perspective part, so
    /// that its flat part (`affine`) says where every point goes.
    public var isFlat: Bool { m[3] == 0 && m[7] == 0 && m[15] == 1 }

    /// Whether it only moves, turns and scales the plane (CATransform3DIsAffine).
    public var isAffine: Bool {
        m[2] == 0 && m[3] == 0 && m[6] == 0 && m[7] == 0 && m[8] == 0 && m[9] == 0 && m[10] == 1 && m[11] == 0
            && m[14] == 0 && m[15] == 1
    }
}

extension SIMD16<Double> {
    fileprivate mutating func swapAt(_ i: Int, _ j: Int) {
        let value = self[i]
        self[i] = self[j]
        self[j] = value
    }
}

extension CATransform3D {
    /// CATransform3DMakeAffineTransform.
    init(affine t: CGAffineTransform) {
        self.init(m: [t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
    }

    /// CATransform3DGetAffineTransform: the part that acts on the plane.
    public var affine: CGAffineTransform {
        CGAffineTransform(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
    }
}
