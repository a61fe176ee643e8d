import Foundation
import ObjectBridge

/// `CGVector`, which Foundation has only on Apple's systems: a spring's initial velocity.
public struct CGVector: FlatScriptStruct, Equatable, Sendable {
    public var dx, dy: Double

    public init(dx: Double, dy: Double) { (self.dx, self.dy) = (dx, dy) }

    public static var structName: String { "CGVector" }
    public static var header: String { "CoreGraphics.CGGeometry" }
    public static var fieldNames: [String] { ["dx", "dy"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) { self.init(dx: v[0], dy: v[1]) }
    public var fields: [Double] { [dx, dy] }

    public static func describeMembers(_ members: StructMembers<CGVector>) {
        members.function("CGVectorMake", ["dx", "dy"]) { (dx: Double, dy: Double) in CGVector(dx: dx, dy: dy) }
    }

    /// One speed for animations that move every property along one curve: the larger
    /// component, since a drag's velocity is along its axis.
    var dominant: Double { abs(dx) >= abs(dy) ? dx : dy }
}
