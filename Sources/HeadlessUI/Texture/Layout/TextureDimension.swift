import Foundation
import ObjectBridge

/// Texture's `ASDimension`: a length in points, a fraction of the parent's length, or auto
/// ("no opinion", resolved by whoever lays the element out).
public struct TextureDimension: FlatScriptStruct, Equatable, Sendable {
    /// `ASDimensionUnit`, with the header's values.
    public enum Unit: Int, Sendable {
        case auto = 0
        case points = 1
        case fraction = 2
    }

    public var unit: Unit
    public var value: Double

    public init(_ unit: Unit, _ value: Double) {
        (self.unit, self.value) = (unit, value)
    }

    public static let auto = TextureDimension(.auto, 0)
    public static func points(_ value: Double) -> TextureDimension { TextureDimension(.points, value) }
    public static func fraction(_ value: Double) -> TextureDimension { TextureDimension(.fraction, value) }

    /// The length in points against `parent` (`ASDimensionResolve`); `auto` when the dimension is
    /// auto, or a fraction of a parent length that is not known yet (NaN or infinite).
    public func resolved(against parent: Double, auto: Double) -> Double {
        switch unit {
        case .auto: auto
        case .points: value
        case .fraction: parent.isFinite ? value * parent : auto
        }
    }

    /// As Texture prints it: `12pt`, `50%`, `Auto`.
    public var description: String {
        switch unit {
        case .auto: "Auto"
        case .points: String(format: "%.0fpt", value)
        case .fraction: String(format: "%.0f%%", value * 100)
        }
    }

    // MARK: FlatScriptStruct

    public static var structName: String { "ASDimension" }
    public static var header: String { "AsyncDisplayKit.ASDimension" }
    public static var fieldNames: [String] { ["unit", "value"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) {
        self.init(Unit(rawValue: Int(exactly: v[0]) ?? -1) ?? .auto, v[1])
    }
    public var fields: [Double] { [Double(unit.rawValue), value] }

    public static func describeMembers(_ members: StructMembers<TextureDimension>) {
        members.constant("ASDimensionAuto", TextureDimension.auto)
        members.function("ASDimensionMake", ["unit", "value"], alias: "ASDimensionMake") { (unit: Int, value: Double) in
            guard let unit = Unit(rawValue: unit) else {
                throw ScriptValueError("unit must be an ASDimensionUnit (0 to 2), got \(unit)")
            }
            return TextureDimension(unit, value)
        }
        members.function("ASDimensionMakeWithPoints", ["points"], alias: "ASDimensionMakeWithPoints") {
            (points: Double) in
            TextureDimension.points(points)
        }
        members.function("ASDimensionMakeWithFraction", ["fraction"], alias: "ASDimensionMakeWithFraction") {
            (fraction: Double) in
            TextureDimension.fraction(fraction)
        }
        members.function("ASDimensionEqualToDimension", ["lhs", "rhs"], method: "equalToDimension") {
            (a: TextureDimension, b: TextureDimension) in a == b
        }
    }
}
