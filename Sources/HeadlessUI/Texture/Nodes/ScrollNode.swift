import Foundation
import ObjectBridge

/// Texture's `ASScrollNode`: a node whose view is a scroll view. With
/// `automaticallyManagesContentSize`, its spec is laid out unbounded along the scrollable
/// direction and the content size follows that layout.
public final class ScrollNode: DisplayNode {
    public override class var textureName: String { "ASScrollNode" }

    let environment: UIEnvironment
    public var automaticallyManagesContentSize = false { didSet { setNeedsLayout() } }
    /// `ASScrollDirection`: right 1, left 2, up 4, down 8; vertical (up and down) by default.
    public var scrollableDirections = 12 { didSet { setNeedsLayout() } }

    init(environment: UIEnvironment) {
        self.environment = environment
        super.init()
    }

    public override func makeView() -> View { ScrollView(touches: environment.touches) }

    var scrollsHorizontally: Bool { scrollableDirections & 3 != 0 }
    var scrollsVertically: Bool { scrollableDirections & 12 != 0 }

    /// The spec's layout, unbounded along the directions it scrolls; the scroll view's content
    /// size is that layout's size.
    override func specRange(for range: SizeRange) -> SizeRange {
        guard automaticallyManagesContentSize else { return range }
        var open = range
        if scrollsHorizontally { (open.min.width, open.max.width) = (range.min.width, .infinity) }
        if scrollsVertically { (open.min.height, open.max.height) = (range.min.height, .infinity) }
        return open
    }

    override func didApply(specSize: CGSize) {
        guard automaticallyManagesContentSize, let scrollView = loadedView as? ScrollView else { return }
        scrollView.contentSize = specSize
    }
}
