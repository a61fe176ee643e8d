import Foundation
import ObjectBridge

/// Texture's `ASSizeRange`: the smallest and the largest size an element may take.
public struct SizeRange: PairedScriptStruct, Equatable, Sendable {
    public var min: CGSize
    public var max: CGSize

    public init(min: CGSize, max: CGSize) {
        (self.min, self.max) = (min, max)
    }

    /// Exactly `size`.
    public init(exactly size: CGSize) { self.init(min: size, max: size) }

    /// From zero to infinity in both directions (`ASSizeRangeUnconstrained`).
    public static let unconstrained = SizeRange(
        min: .zero, max: CGSize(width: Double.infinity, height: Double.infinity))

    /// `size` brought within the range, one dimension at a time (`ASSizeRangeClamp`).
    public func clamp(_ size: CGSize) -> CGSize {
        CGSize(
            width: Swift.max(min.width, Swift.min(max.width, size.width)),
            height: Swift.max(min.height, Swift.min(max.height, size.height)))
    }

    /// The sizes both ranges allow (`ASSizeRangeIntersect`). Where they do not overlap, this
    /// range wins with its own end nearest the other.
    public func intersection(_ other: SizeRange) -> SizeRange {
        let width = Self.intersect((min.width, max.width), (other.min.width, other.max.width))
        let height = Self.intersect((min.height, max.height), (other.min.height, other.max.height))
        return SizeRange(
            min: CGSize(width: width.0, height: height.0), max: CGSize(width: width.1, height: height.1))
    }

    private static func intersect(_ own: (Double, Double), _ other: (Double, Double)) -> (Double, Double) {
        let low = Swift.max(own.0, other.0)
        let high = Swift.min(own.1, other.1)
        if low <= high { return (low, high) }
        return own.0 < other.0 ? (own.1, own.1) : (own.0, own.0)
    }

    /// As Texture prints it (`NSStringFromASSizeRange`): one size when both ends agree.
    public var description: String {
        func number(_ value: Double) -> String { String(format: "%.17g", value) }
        let low = "{\(number(min.width)), \(number(min.height))}"
        if min == max { return "{\(low)}" }
        return "{\(low), {\(number(max.width)), \(number(max.height))}}"
    }

    // MARK: PairedScriptStruct

    public static var structName: String { "ASSizeRange" }
    public static var header: String { "AsyncDisplayKit.ASDimension" }
    public static var partNames: (String, String) { ("min", "max") }
    public init(_ first: CGSize, _ second: CGSize) { self.init(min: first, max: second) }
    public var parts: (CGSize, CGSize) { (min, max) }

    public static func describeMembers(_ members: StructMembers<SizeRange>) {
        members.constant("ASSizeRangeZero", SizeRange(exactly: .zero))
        members.constant("ASSizeRangeUnconstrained", SizeRange.unconstrained)
        members.function("ASSizeRangeMake", ["min", "max"]) { (min: CGSize, max: CGSize?) in
            SizeRange(min: min, max: max ?? min)
        }
        members.function("ASSizeRangeClamp", ["sizeRange", "size"], method: "clamp") {
            (range: SizeRange, size: CGSize) in
            range.clamp(size)
        }
        members.function("ASSizeRangeIntersect", ["sizeRange", "otherSizeRange"], method: "intersect") {
            (range: SizeRange, other: SizeRange) in range.intersection(other)
        }
        members.function("ASSizeRangeEqualToSizeRange", ["lhs", "rhs"], method: "equalToSizeRange") {
            (a: SizeRange, b: SizeRange) in a == b
        }
    }
}
