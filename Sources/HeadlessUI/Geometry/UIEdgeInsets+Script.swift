import Foundation
import ObjectBridge

extension UIEdgeInsets {
    /// UIGeometry.h's insets functions; values have `insetRect` and `equalToEdgeInsets`.
    public static func describeMembers(_ members: StructMembers<UIEdgeInsets>) {
        members.constant("UIEdgeInsetsZero", UIEdgeInsets.zero)
        members.function("UIEdgeInsetsMake", ["top", "left", "bottom", "right"]) {
            (top: Double, left: Double, bottom: Double, right: Double) in
            UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
        }
        members.function("UIEdgeInsetsInsetRect", ["rect", "insets"]) { (rect: CGRect, insets: UIEdgeInsets) in
            insets.inset(rect)
        }
        members.method("insetRect", ["rect"]) { (insets: UIEdgeInsets, rect: CGRect) in insets.inset(rect) }
        members.function("UIEdgeInsetsEqualToEdgeInsets", ["insets1", "insets2"], method: "equalToEdgeInsets") {
            (a: UIEdgeInsets, b: UIEdgeInsets) in a == b
        }
    }
}
