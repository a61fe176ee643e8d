import Foundation
import ObjectBridge

/// `NSDirectionalEdgeInsets`: insets by leading and trailing edges rather than left and right
/// (the same here: the world lays out left to right).
public struct DirectionalEdgeInsets: FlatScriptStruct, Equatable, Sendable {
    public var top, leading, bottom, trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }

    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    public static var structName: String { "NSDirectionalEdgeInsets" }
    public static var header: String { "UIKit.UIGeometry" }
    public static var fieldNames: [String] { ["top", "leading", "bottom", "trailing"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) {
        self.init(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }
    public var fields: [Double] { [top, leading, bottom, trailing] }

    /// The rectangle inside `rect` by these insets.
    func inset(_ rect: CGRect) -> CGRect {
        CGRect(
            x: rect.origin.x + leading, y: rect.origin.y + top,
            width: rect.size.width - leading - trailing, height: rect.size.height - top - bottom)
    }
}
