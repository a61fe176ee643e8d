import Foundation
import ObjectBridge

/// `NSTextContainer`: the region a layout manager fills with lines. A rectangle `size` big
/// (a zero or huge height: no limit), inset by `lineFragmentPadding` at each end of a line,
/// less its `exclusionPaths`, and cut after `maximumNumberOfLines` (0: any).
public final class TextContainer: BridgeObject {
    /// TextKit's default padding at each end of a line fragment.
    public static let defaultPadding = 5.0
    /// The height of a text view's own container: no limit in practice, as UIKit's.
    static let unlimitedHeight = 10_000_000.0

    public var size: CGSize { didSet { layoutManager?.textContainerChanged(self) } }
    public var lineFragmentPadding = TextContainer.defaultPadding {
        didSet { layoutManager?.textContainerChanged(self) }
    }
    public private(set) var exclusionPaths: [BezierPath] = []
    public var maximumNumberOfLines = 0 { didSet { layoutManager?.textContainerChanged(self) } }
    /// NSLineBreakMode, for the last line kept.
    public var lineBreakMode = 0 { didSet { layoutManager?.textContainerChanged(self) } }
    public var widthTracksTextView = false
    public var heightTracksTextView = false
    /// The layout manager it belongs to (which owns it).
    public internal(set) weak var layoutManager: LayoutManager?
    /// The text view that shows the container's lines, which draws again when they change.
    weak var textView: TextView?

    init(size: CGSize) {
        self.size = size
    }

    func setExclusionPaths(_ paths: [BezierPath]) {
        for path in exclusionPaths { abandon(path) }
        exclusionPaths = paths
        for path in paths { adopt(path) }
        layoutManager?.textContainerChanged(self)
    }

    /// TextKit's `lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect`:
    /// the first part of `proposed` within the container and clear of its exclusion paths, and
    /// what of `proposed` is left after it (see `LineFragmentGeometry`).
    func lineFragment(proposed: CGRect) -> (fragment: CGRect, remaining: CGRect) {
        LineFragmentGeometry.fragment(
            proposed: proposed, container: size,
            exclusions: exclusionPaths.map { ($0.path, $0.usesEvenOddFillRule) })
    }
}
