import Foundation
import ObjectBridge

/// `ASCellNode`: a node a collection or table node shows as one item.
open class CellNode: DisplayNode {
    open override class var textureName: String { "ASCellNode" }
    public var isSelected = false
    public var isHighlighted = false
}

/// `ASImageNode`: shows an image in an image view, measured at the image's size (or its
/// `forcedSize`).
public class ImageNode: DisplayNode {
    public override class var textureName: String { "ASImageNode" }

    public var image: Image? {
        didSet {
            (loadedView as? ImageView)?.image = image
            setNeedsLayout()
        }
    }
    /// The size the node measures at instead of the image's, when not zero.
    public var forcedSize = CGSize.zero { didSet { setNeedsLayout() } }
    /// How the image fills the node (`UIViewContentMode`); scale to fill by default.
    public var contentMode = 0 {
        didSet { loadedView?.contentMode = contentMode }
    }

    public override func makeView() -> View {
        let view = ImageView()
        view.image = image
        view.contentMode = contentMode
        return view
    }

    public override func calculateSizeThatFits(_ size: CGSize) throws -> CGSize {
        if forcedSize != .zero { return forcedSize }
        return image?.size ?? .zero
    }
}
