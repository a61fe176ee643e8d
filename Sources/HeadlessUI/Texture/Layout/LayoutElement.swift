import Foundation
import ObjectBridge

/// Texture's `ASLayoutElement`: a node or a layout spec, which a spec can hold and lay out.
public protocol LayoutElement: BridgeObject {
    var style: LayoutElementStyle { get }
    /// Whether the element is a node (which owns a view), not a spec.
    var isNode: Bool { get }
    /// The element's layout within `range`, which its style has already narrowed
    /// (`calculateLayoutThatFits:`).
    func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout
    /// The element's specs that hold other elements, for `asciiArtString`.
    var layoutChildren: [any LayoutElement] { get }
    /// Its name in `asciiArtString`, in parts.
    var asciiArtTitle: AsciiArtTitle { get }
    /// Its children's art in a box titled with its name (`ASAsciiArtBoxCreator`).
    var asciiArtString: String { get }
}

extension LayoutElement {
    /// The element's layout within `range` and its own style, resolved against `parentSize`
    /// (`layoutThatFits:parentSize:`).
    public func layout(fitting range: SizeRange, parentSize: CGSize, in pass: LayoutPass) throws -> NodeLayout {
        let allowed = range.intersection(style.range(parentSize: parentSize))
        let layout = try calculateLayout(fitting: allowed, in: pass)
        let size = layout.size
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw ScriptValueError(
                "\(asciiArtName) laid itself out at an invalid size (\(size.width), \(size.height)): "
                    + "a size must be finite and not negative")
        }
        return layout
    }

    /// Its name in `asciiArtString`: its class, then its debug name in parentheses.
    public var asciiArtName: String { asciiArtTitle.text }

    public var asciiArtString: String {
        AsciiArtBox.horizontal(layoutChildren.map(\.asciiArtString), title: asciiArtName)
    }
}

/// One layout calculation, from a node or a collection down its specs: what the specs round
/// to (the screen's pixels).
public struct LayoutPass: Sendable {
    public let scale: Double

    public init(scale: Double) { self.scale = scale > 0 && scale.isFinite ? scale : 1 }

    /// `ASFloorPixelValue`.
    func floorPixel(_ value: Double) -> Double { (value * scale).rounded(.down) / scale }
    /// `ASRoundPixelValue`.
    func roundPixel(_ value: Double) -> Double { (value * scale).rounded() / scale }
}
