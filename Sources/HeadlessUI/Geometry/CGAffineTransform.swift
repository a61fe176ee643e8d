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
    public static var header: String { "CoreGraphics.CGAffineTransform" }
    public static var fieldNames: [String] { ["a", "b", "c", "d", "tx", "ty"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) {
        self.init(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
    public var fields: [Double] { [a, b, c, d, tx, ty] }
}

extension CGAffineTransform {
    var isIdentity: Bool { self == .identity }

    /// The product `self * other` (apply self, then other), as CGAffineTransformConcat.
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    static func translation(_ x: Double, _ y: Double) -> CGAffineTransform {
        CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    static func scale(_ x: Double, _ y: Double) -> CGAffineTransform {
        CGAffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    static func rotation(_ angle: Double) -> CGAffineTransform {
        CGAffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    func apply(_ size: CGSize) -> CGSize {
        CGSize(width: a * size.width + c * size.height, height: b * size.width + d * size.height)
    }

    /// The smallest rectangle holding the transformed corners (CGRectApplyAffineTransform).
    func apply(_ rect: CGRect) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY),
        ].map(apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    func apply(_ point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The inverse, or nil for a transform that flattens the plane.
    var inverted: CGAffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return CGAffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}
