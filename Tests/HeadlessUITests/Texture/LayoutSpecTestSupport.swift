import Foundation
import Testing

@testable import HeadlessUI
@testable import ObjectBridge

/// A leaf of a spec tree in tests: a node that measures `intrinsic` and takes the nearest size
/// its range allows, as a display node's `calculateSizeThatFits` does.
final class Box: BridgeObject, LayoutElement {
    let intrinsic: CGSize
    let name: String
    let style = LayoutElementStyle()

    init(_ width: Double, _ height: Double, name: String = "ASDisplayNode") {
        intrinsic = CGSize(width: width, height: height)
        self.name = name
    }

    var isNode: Bool { true }
    var layoutChildren: [any LayoutElement] { [] }
    var asciiArtTitle: AsciiArtTitle { AsciiArtTitle(scriptClass: nil, textureName: name, debugName: nil) }

    func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        NodeLayout(element: self, size: range.clamp(intrinsic))
    }
}

extension SizeRange {
    static func exactly(_ width: Double, _ height: Double) -> SizeRange {
        SizeRange(exactly: CGSize(width: width, height: height))
    }

    static func upTo(_ width: Double, _ height: Double) -> SizeRange {
        SizeRange(min: .zero, max: CGSize(width: width, height: height))
    }
}

extension LayoutElement {
    /// Lays the element out at `range` on a 2x screen and returns its layout.
    func laidOut(_ range: SizeRange) throws -> NodeLayout {
        try layout(fitting: range, parentSize: CGSize(width: Double.nan, height: .nan), in: LayoutPass(scale: 2))
    }
}

extension NodeLayout {
    /// The frames of the sublayouts, in order.
    var childFrames: [CGRect] { sublayouts.map(\.frame) }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

func stack(
    spacing: Double = 0, justify: StackJustifyContent = .start, align: StackAlignItems = .start,
    _ children: [any LayoutElement]
) -> StackLayoutSpec {
    stack(.horizontal, spacing: spacing, justify: justify, align: align, children)
}

func stack(
    _ direction: StackDirection, spacing: Double = 0, justify: StackJustifyContent = .start,
    align: StackAlignItems = .start, _ children: [any LayoutElement]
) -> StackLayoutSpec {
    let spec = StackLayoutSpec()
    (spec.direction, spec.spacing, spec.justifyContent, spec.alignItems) = (direction, spacing, justify, align)
    spec.children = children
    return spec
}
