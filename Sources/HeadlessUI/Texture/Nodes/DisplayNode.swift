import Foundation
import ObjectBridge

/// Texture's `ASDisplayNode`: a view's stand-in that measures and lays itself out from a
/// layout spec, and makes its view only when first asked for it.
///
/// A node lays out in one of two ways: from the spec that `layoutSpecThatFits` (a script's
/// override) or its `layoutSpecBlock` returns, whose nodes become its subnodes' frames; or,
/// with no spec, at the size `calculateSizeThatFits` gives. A node without a supernode lays
/// itself out at its view's size when its view lays out.
open class DisplayNode: BridgeObject, LayoutElement {
    public private(set) lazy var style: LayoutElementStyle = {
        let style = LayoutElementStyle()
        style.onChange = { [weak self] in self?.setNeedsLayout() }
        return style
    }()

    public private(set) var subnodes: [DisplayNode] = []
    public private(set) weak var supernode: DisplayNode?
    /// Whether the nodes of the layout spec become the subnodes, added and removed as the spec
    /// changes, rather than being added with `addSubnode`.
    public var automaticallyManagesSubnodes = false
    /// A script's block that returns the node's spec: `function(node, constrainedSize)`.
    public var layoutSpecBlock: ScriptBlock? { didSet { setNeedsLayout() } }
    public var debugName: String?

    /// The last layout calculated, and the range it was calculated in.
    public private(set) var calculatedLayout: NodeLayout?
    public private(set) var constrainedSize: SizeRange?
    /// Whether the layout must be calculated again before it is next applied.
    public private(set) var needsLayout = true

    /// The class name Texture's headers give the node.
    open class var textureName: String { "ASDisplayNode" }

    public override init() {}

    // MARK: Properties its view takes

    /// The frame, kept by the node before its view exists and by the view after.
    public var frame: CGRect {
        get { loadedView?.frame ?? storedFrame }
        set {
            storedFrame = newValue
            loadedView?.frame = newValue
        }
    }
    private var storedFrame = CGRect.zero

    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The view's appearance, applied when the view is made and passed on after.
    public var backgroundColor: Color? { didSet { loadedView?.backgroundColor = backgroundColor } }
    public var alpha = 1.0 { didSet { loadedView?.alpha = alpha } }
    public var isHidden = false { didSet { loadedView?.isHidden = isHidden } }
    public var cornerRadius = 0.0 { didSet { loadedView?.layer.cornerRadius = cornerRadius } }
    public var clipsToBounds = false { didSet { loadedView?.clipsToBounds = clipsToBounds } }
    public var borderWidth = 0.0 { didSet { loadedView?.layer.borderWidth = borderWidth } }
    public var borderColor: Color? { didSet { loadedView?.layer.borderColor = borderColor } }
    public var isUserInteractionEnabled = true {
        didSet { loadedView?.isUserInteractionEnabled = isUserInteractionEnabled }
    }

    // MARK: The view

    /// The view, once made.
    public private(set) var loadedView: View?
    public var isNodeLoaded: Bool { loadedView != nil }

    /// The node's view, made on first use with the subnodes' views inside it.
    public func view() throws -> View {
        if let loadedView { return loadedView }
        let view = makeView()
        view.node = self
        loadedView = view
        adopt(view)
        view.frame = storedFrame
        // A node that set no background keeps its view's own (a table view's is white).
        if let backgroundColor { view.backgroundColor = backgroundColor }
        view.alpha = alpha
        view.isHidden = isHidden
        view.layer.cornerRadius = cornerRadius
        view.clipsToBounds = clipsToBounds
        view.layer.borderWidth = borderWidth
        view.layer.borderColor = borderColor
        view.isUserInteractionEnabled = isUserInteractionEnabled
        for subnode in subnodes { try view.addSubview(try subnode.view()) }
        _ = try runOverride("didLoad")
        return view
    }

    /// The kind of view the node shows (an image node's is an image view).
    open func makeView() -> View { NodeView() }

    // MARK: Subnodes

    /// Adds `subnode` last, taking it from its supernode; a node cannot hold itself or one of
    /// its supernodes.
    public func addSubnode(_ subnode: DisplayNode) throws {
        try insertSubnode(subnode, at: subnodes.count)
    }

    public func insertSubnode(_ subnode: DisplayNode, at index: Int) throws {
        var ancestor: DisplayNode? = self
        while let node = ancestor {
            if node === subnode {
                throw ScriptValueError(
                    "\(asciiArtName):addSubnode: \(subnode.asciiArtName) is this node or one of its supernodes, "
                        + "which would make a cycle of subnodes")
            }
            ancestor = node.supernode
        }
        adopt(subnode)  // before it leaves its supernode, which may hold the last reference
        subnode.removeFromSupernode()
        let position = min(max(0, index), subnodes.count)
        subnodes.insert(subnode, at: position)
        subnode.supernode = self
        if let loadedView {
            try loadedView.insertSubview(try subnode.view(), at: position)
        }
        setNeedsLayout()
    }

    public func removeFromSupernode() {
        guard let supernode, let index = supernode.subnodes.firstIndex(where: { $0 === self }) else { return }
        supernode.subnodes.remove(at: index)
        self.supernode = nil
        loadedView?.removeFromSuperview()
        supernode.setNeedsLayout()
        supernode.abandon(self)
    }

    // MARK: Layout

    public var isNode: Bool { true }
    public var layoutChildren: [any LayoutElement] { [] }

    public var asciiArtTitle: AsciiArtTitle {
        AsciiArtTitle(scriptClass: scriptClass?.name, textureName: Self.textureName, debugName: debugName)
    }

    /// The size of the last layout (`calculatedSize`).
    public var calculatedSize: CGSize { calculatedLayout?.size ?? .zero }

    /// Marks the layout stale here and up the supernodes, whose sizes may depend on it, and
    /// has the topmost node's view lay out again.
    public func setNeedsLayout() {
        var node: DisplayNode? = self
        while let current = node {
            current.needsLayout = true
            if current.supernode == nil { current.loadedView?.setNeedsLayout() }
            node = current.supernode
        }
    }

    /// The node's layout in `range` (`layoutThatFits:`), kept as its calculated layout.
    public func layoutThatFits(_ range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let layout = try layout(fitting: range, parentSize: range.max, in: pass)
        (calculatedLayout, constrainedSize, needsLayout) = (layout, range, false)
        return layout
    }

    public func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        guard let spec = try layoutSpec(fitting: range) else {
            let size =
                try runOverride("calculateSizeThatFits", range.max, returning: CGSize.self)
                ?? calculateSizeThatFits(range.max)
            let checked = try checkedSize(size, "calculateSizeThatFits")
            let layout = NodeLayout(element: self, size: range.clamp(checked))
            (calculatedLayout, constrainedSize, needsLayout) = (layout, range, false)
            return layout
        }
        try checkSpecTree(spec)
        let specRange = specRange(for: range)
        let specLayout = try spec.layout(fitting: specRange, parentSize: specRange.max, in: pass)
        let layout = NodeLayout(element: self, size: range.clamp(specLayout.size), sublayouts: [specLayout])
        (calculatedLayout, constrainedSize, needsLayout) = (layout, range, false)
        return layout
    }

    /// The size the node takes when it has no spec: `size` where it is finite, as Texture's
    /// default does, and zero otherwise. Subclasses measure their content.
    open func calculateSizeThatFits(_ size: CGSize) throws -> CGSize {
        size.width.isFinite && size.height.isFinite ? size : .zero
    }

    /// The spec from the script's `layoutSpecThatFits` or the node's `layoutSpecBlock`; nil
    /// when it has neither.
    func layoutSpec(fitting range: SizeRange) throws -> (any LayoutElement)? {
        let returned: BridgeObject?
        let method: String
        if let bridge, let function = bridge.scriptOverride("layoutSpecThatFits", of: self) {
            method = "layoutSpecThatFits"
            returned = try bridge.call(function, on: self, method: method, range, returning: BridgeObject?.self)
        } else if let layoutSpecBlock, let bridge {
            method = "layoutSpecBlock"
            returned = try bridge.call(
                layoutSpecBlock.function, on: self, method: method, range, returning: BridgeObject?.self)
        } else {
            return nativeLayoutSpec(fitting: range)
        }
        guard let returned else {
            throw ScriptValueError("\(asciiArtName):\(method) returned nil, not a layout spec or a node")
        }
        guard let element = returned as? any LayoutElement else {
            let name = (try? bridge?.classObject(for: returned).name) ?? "\(type(of: returned))"
            throw ScriptValueError(
                "\(asciiArtName):\(method) returned a \(name), not a layout spec or a node")
        }
        return element
    }

    /// The spec a kind of node makes itself (a button's), when no script gives one.
    func nativeLayoutSpec(fitting range: SizeRange) -> (any LayoutElement)? { nil }

    /// The range the spec is laid out in: the node's (a scroll node opens it along its scroll).
    func specRange(for range: SizeRange) -> SizeRange { range }

    /// Told the spec's size when the node applies its layout (a scroll node's content size).
    func didApply(specSize: CGSize) {}

    /// Every element of the spec appears once, and its nodes are this node's subnodes (or
    /// become them when the node manages its subnodes).
    private func checkSpecTree(_ root: any LayoutElement) throws {
        var seen = Set<ObjectIdentifier>()
        var pending = [root]
        while let element = pending.popLast() {
            guard seen.insert(ObjectIdentifier(element)).inserted else {
                throw ScriptValueError(
                    "\(asciiArtName)'s layout spec holds \(element.asciiArtName) twice: an element can be in one spec "
                        + "only, once")
            }
            if element === self {
                throw ScriptValueError("\(asciiArtName)'s layout spec holds the node itself")
            }
            if let node = element as? DisplayNode {
                if node.supernode !== self {
                    if !automaticallyManagesSubnodes {
                        throw ScriptValueError(
                            "\(asciiArtName)'s layout spec holds \(node.asciiArtName), which is not its subnode: add it "
                                + "with addSubnode, or set automaticallyManagesSubnodes")
                    }
                    try addSubnode(node)
                }
            } else {
                pending.append(contentsOf: element.layoutChildren)
            }
        }
    }

    private func checkedSize(_ size: CGSize, _ method: String) throws -> CGSize {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw ScriptValueError(
                "\(asciiArtName):\(method) returned {\(size.width), \(size.height)}: a size must be finite and not "
                    + "negative")
        }
        return size
    }

    /// Sets the subnodes' frames from `layout` (this node's), then has each lay out its own
    /// subnodes from the part of `layout` that is its. A node that manages its subnodes drops
    /// those the layout no longer places.
    func apply(_ layout: NodeLayout) throws {
        let placed = layout.nodeFrames()
        if automaticallyManagesSubnodes {
            let kept = Set(placed.compactMap { $0.layout.element.map(ObjectIdentifier.init) })
            for subnode in subnodes where !kept.contains(ObjectIdentifier(subnode)) { subnode.removeFromSupernode() }
        }
        for (sublayout, frame) in placed {
            guard let subnode = sublayout.element as? DisplayNode else { continue }
            subnode.frame = frame
            subnode.calculatedLayout = sublayout
            subnode.needsLayout = false
            try subnode.apply(sublayout)
        }
        if let spec = layout.sublayouts.first { didApply(specSize: spec.size) }
        _ = try runOverride("layout")
    }

    /// The layout specs of the last layout, outermost first (depth first), with how many specs
    /// hold each and its frame in the node's coordinates; the nodes they place are not listed.
    public func specFrames() -> [(name: String, depth: Int, frame: CGRect)] {
        var found: [(name: String, depth: Int, frame: CGRect)] = []
        func visit(_ layout: NodeLayout, origin: CGPoint, depth: Int) {
            for sublayout in layout.sublayouts where !sublayout.isNode {
                let position = CGPoint(x: origin.x + sublayout.position.x, y: origin.y + sublayout.position.y)
                found.append((sublayout.elementTitle.text, depth, CGRect(origin: position, size: sublayout.size)))
                visit(sublayout, origin: position, depth: depth + 1)
            }
        }
        if let calculatedLayout { visit(calculatedLayout, origin: .zero, depth: 0) }
        return found
    }

    /// Lays the node out at its view's size when it is the topmost node, or when its layout
    /// is stale, and applies the layout (`layoutIfNeeded`).
    public func layoutIfNeeded(in pass: LayoutPass) throws {
        let size = frame.size
        if needsLayout || calculatedLayout?.size != size || constrainedSize != SizeRange(exactly: size) {
            _ = try layoutThatFits(SizeRange(exactly: size), in: pass)
        }
        if let calculatedLayout { try apply(calculatedLayout) }
    }
}

/// The view a plain node shows: it lays its node out when it lays out.
final class NodeView: View {
    override func layoutSubviews() throws {
        guard let node, node.supernode == nil else { return }
        try node.layoutIfNeeded(in: LayoutPass(scale: window?.screenScale ?? 1))
    }
}
