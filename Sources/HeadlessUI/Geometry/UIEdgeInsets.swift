import Foundation
import ObjectBridge

/// `UIEdgeInsets`: insets from each side of a rectangle.
public struct UIEdgeInsets: FlatScriptStruct, Equatable, Sendable {
    public var top, left, bottom, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    public static var structName: String { "UIEdgeInsets" }
    public static var header: String { "UIKit.UIGeometry" }
    public static var fieldNames: [String] { ["top", "left", "bottom", "right"] }
    public init(fields v: UnsafeMutableBufferPointer<Double>) {
        self.init(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
    public var fields: [Double] { [top, left, bottom, right] }
}

extension UIEdgeInsets {
    /// The rectangle inside `rect` by these insets (UIEdgeInsetsInsetRect).
    func inset(_ rect: CGRect) -> CGRect {
        CGRect(
            x: rect.origin.x + left, y: rect.origin.y + top,
            width: rect.size.width - left - right, height: rect.size.height - top - bottom)
    }
}
