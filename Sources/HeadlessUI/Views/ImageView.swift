import Foundation
import ObjectBridge

/// `UIImageView`: a view showing an image.
public final class ImageView: View {
    public var image: Image? {
        didSet {
            replaceOwned(oldValue, with: image)
            invalidateIntrinsicContentSize()
        }
    }

    /// Whether an image of automatic rendering mode is a template here: in tab bars and system
    /// buttons, not in a plain image view.
    var automaticImagesAreTemplates = false

    /// The colour the image's shape is filled with, when it draws as a template.
    public var imageFill: DrawingColor? {
        image?.fill(viewTint: tintColor, automaticIsTemplate: automaticImagesAreTemplates)
    }

    static let contentModes: [(String, Int)] = [
        ("ScaleToFill", 0), ("ScaleAspectFit", 1), ("ScaleAspectFill", 2), ("Redraw", 3), ("Center", 4), ("Top", 5),
        ("Bottom", 6), ("Left", 7), ("Right", 8), ("TopLeft", 9), ("TopRight", 10), ("BottomLeft", 11),
        ("BottomRight", 12),
    ]

    /// Image views take no touches unless told to, as in UIKit.
    public override init() {
        super.init()
        isUserInteractionEnabled = false
    }

    public override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    public override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    public override var tracksIntrinsicContentSize: Bool { true }

}
