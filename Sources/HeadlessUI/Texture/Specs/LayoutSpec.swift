import Foundation
import ObjectBridge

/// Texture's `ASLayoutSpec`: an element that arranges its children and draws nothing itself.
/// Subclasses lay their children out in `calculateLayout`.
open class LayoutSpec: BridgeObject, LayoutElement {
    /// The children, in order; a single-child spec keeps its child first.
    public var children: [any LayoutElement] = [] {
        didSet {
            for old in oldValue { abandon(old) }
            for new in children { adopt(new) }
        }
    }
    /// Shown after the class name in `asciiArtString`.
    public var debugName: String?
    public private(set) lazy var style = LayoutElementStyle()

    /// The class name Texture's headers give the spec.
    open class var textureName: String { "ASLayoutSpec" }

    public override init() {}

    /// The one child of a single-child spec.
    public var child: (any LayoutElement)? {
        get { children.first }
        set {
            if let newValue {
                if children.isEmpty { children = [newValue] } else { children[0] = newValue }
            } else if !children.isEmpty {
                children.removeFirst()
            }
        }
    }

    /// The element a two-child spec pairs with its child: an overlay, a background, a corner.
    var pairedElement: (any LayoutElement)? {
        get { children.count > 1 ? children[1] : nil }
        set { children = Array(children.prefix(1)) + (newValue.map { [$0] } ?? []) }
    }

    public var isNode: Bool { false }
    public var layoutChildren: [any LayoutElement] { children }

    open var asciiArtString: String { AsciiArtBox.horizontal(children.map(\.asciiArtString), title: asciiArtName) }

    open var asciiArtTitle: AsciiArtTitle {
        AsciiArtTitle(scriptClass: scriptClass?.name, textureName: Self.textureName, debugName: debugName)
    }

    /// A spec with nothing to arrange takes the smallest size it may.
    open func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        NodeLayout(element: self, size: range.min)
    }

    /// The spec's one child, or an error that names the spec.
    func requiredChild(_ role: String = "child") throws -> any LayoutElement {
        guard let child else { throw ScriptValueError("\(asciiArtName) has no \(role) to lay out") }
        return child
    }

    /// The parent size a spec passes its children: its maximum where that is finite.
    static func parentSize(_ range: SizeRange) -> CGSize {
        CGSize(
            width: range.max.width.isFinite ? range.max.width : .nan,
            height: range.max.height.isFinite ? range.max.height : .nan)
    }
}

/// `ASWrapperLayoutSpec`: lays its elements out at the range it is given, one over the other
/// at its origin, and takes the size of the largest.
public final class WrapperLayoutSpec: LayoutSpec {
    public override class var textureName: String { "ASWrapperLayoutSpec" }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        var size = range.min
        var sublayouts: [NodeLayout] = []
        for child in children {
            let sublayout = try child.layout(fitting: range, parentSize: range.max, in: pass)
            size.width = max(size.width, sublayout.size.width)
            size.height = max(size.height, sublayout.size.height)
            sublayouts.append(sublayout)
        }
        return NodeLayout(element: self, size: size, sublayouts: sublayouts)
    }
}
