import Foundation
import ObjectBridge

/// `NSShadow`: the shadow of the text it is on. UIKit's default is a third-black shadow 3
/// points down, unblurred.
public final class TextShadow: BridgeObject {
    public var offset = CGSize(width: 0, height: -3)
    public var blurRadius = 0.0
    public var color: Color? { didSet { replaceOwned(oldValue, with: color) } }

    /// The colour drawn when none is set.
    var shownColor: Color { color ?? Color(white: 0, alpha: 1.0 / 3) }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("NSShadow", superclass: "NSObject", type: TextShadow.self, allocate: { TextShadow() }) { c in
                c.property("shadowOffset", get: { $0.offset }) { shadow, offset in
                    shadow.offset = try GeometryCheck.offset(offset, "shadowOffset")
                }
                c.property("shadowBlurRadius", get: { $0.blurRadius }) { shadow, radius in
                    guard radius.isFinite, radius >= 0, radius <= 1000 else {
                        throw ScriptValueError("shadowBlurRadius must be from 0 to 1000, got \(radius)")
                    }
                    shadow.blurRadius = radius
                }
                c.property("shadowColor", get: { $0.color }, set: { $0.color = $1 })
            }
        }
    }
}

/// `NSTextAttachment`: an image in a line of text, standing for the character U+FFFC. Its
/// bounds place it: their origin's y is how far its bottom sits above the baseline; empty
/// bounds take the image's size on the baseline.
public final class TextAttachment: BridgeObject {
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }
    public var bounds = CGRect.zero

    /// The box drawn: the bounds, or the image's size when they are empty.
    var shownBounds: CGRect {
        guard bounds.width <= 0 || bounds.height <= 0 else { return bounds }
        return CGRect(origin: bounds.origin, size: image?.size ?? .zero)
    }

    /// The character an attachment stands for.
    static let character = "\u{FFFC}"

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "NSTextAttachment", superclass: "NSObject", type: TextAttachment.self, allocate: { TextAttachment() }
            ) { c in
                c.method("initWithImage") { (attachment: TextAttachment, image: Image?) -> TextAttachment in
                    attachment.image = image
                    return attachment
                }
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
                c.property("bounds", get: { $0.bounds }) { attachment, rect in
                    attachment.bounds = try GeometryCheck.rect(rect, "bounds")
                }
            }
        }
    }
}
