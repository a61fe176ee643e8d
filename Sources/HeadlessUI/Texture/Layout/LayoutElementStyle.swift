import Foundation
import ObjectBridge

/// Texture's `ASLayoutElementStyle`: how a node or a spec asks to be sized and placed by the
/// spec that holds it.
public final class LayoutElementStyle: BridgeObject {
    public var width = TextureDimension.auto { didSet { changed() } }
    public var height = TextureDimension.auto { didSet { changed() } }
    public var minWidth = TextureDimension.auto { didSet { changed() } }
    public var maxWidth = TextureDimension.auto { didSet { changed() } }
    public var minHeight = TextureDimension.auto { didSet { changed() } }
    public var maxHeight = TextureDimension.auto { didSet { changed() } }
    /// How much of a stack's spare length the element takes, against its siblings' factors.
    public var flexGrow = 0.0 { didSet { changed() } }
    /// How much of a stack's excess length the element gives up, against its siblings' factors.
    public var flexShrink = 0.0 { didSet { changed() } }
    /// The element's length along a stack before it flexes (auto: its own measure).
    public var flexBasis = TextureDimension.auto { didSet { changed() } }
    public var alignSelf = StackAlignSelf.auto { didSet { changed() } }
    public var spacingBefore = 0.0 { didSet { changed() } }
    public var spacingAfter = 0.0 { didSet { changed() } }
    /// The distance from the top to the first baseline (a text node sets it).
    public var ascender = 0.0 { didSet { changed() } }
    /// The distance from the last baseline to the bottom, negative below it.
    public var descender = 0.0 { didSet { changed() } }
    /// Where an absolute layout spec places the element.
    public var layoutPosition = CGPoint.zero { didSet { changed() } }

    /// Told of every change, so that the node that owns the style lays out again.
    var onChange: (() -> Void)?

    private func changed() { onChange?() }

    /// `preferredSize`: both the width and the height in points.
    public var preferredSize: CGSize {
        get { CGSize(width: width.value, height: height.value) }
        set { (width, height) = (.points(newValue.width), .points(newValue.height)) }
    }

    /// The range the style allows (`ASLayoutElementSizeResolveAutoSize`): fractions taken of
    /// `parentSize`, and `auto`'s ends where a minimum or maximum is auto. As in CSS, the
    /// minimum wins over the maximum, which wins over the exact length.
    func range(parentSize: CGSize, auto: SizeRange = .unconstrained) -> SizeRange {
        let widths = Self.constrain(
            minWidth.resolved(against: parentSize.width, auto: auto.min.width),
            width.resolved(against: parentSize.width, auto: .nan),
            maxWidth.resolved(against: parentSize.width, auto: auto.max.width))
        let heights = Self.constrain(
            minHeight.resolved(against: parentSize.height, auto: auto.min.height),
            height.resolved(against: parentSize.height, auto: .nan),
            maxHeight.resolved(against: parentSize.height, auto: auto.max.height))
        return SizeRange(
            min: CGSize(width: widths.min, height: heights.min), max: CGSize(width: widths.max, height: heights.max))
    }

    private static func constrain(_ low: Double, _ exact: Double, _ high: Double) -> (min: Double, max: Double) {
        if high <= low { return (low, low) }
        if exact.isNaN { return (low, high) }
        if exact > high { return (high, high) }
        if exact < low { return (low, low) }
        return (exact, exact)
    }
}
