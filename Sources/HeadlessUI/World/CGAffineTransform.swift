import Foundation
import ObjectBridge

/// `CGAffineTransform`: the 2D transform `[a b 0; c d 0; tx ty 1]`.
public struct CGAffineTransform: FlatScriptStruct, Equatable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static var structName: String { "CGAffineTransform" }
    public static var fieldNames: [String] { ["a", "b", "c", "d", "tx", "ty"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]) }
    public var fields: [Double] { [a, b, c, d, tx, ty] }
}

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
