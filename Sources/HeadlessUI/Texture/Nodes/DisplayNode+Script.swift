import Foundation
import ObjectBridge

extension DisplayNode {
    /// Scripts' view of the nodes: `ASDisplayNode` and its content nodes.
    enum Script {
        static func nodeClass(_ environment: UIEnvironment) -> NativeClass {
            let pass = { LayoutPass(scale: environment.screen.profile.scale) }
            return NativeClass(
                "ASDisplayNode", superclass: "NSObject", type: DisplayNode.self,
                allocate: { environment.liveNodes.track(DisplayNode()) }
            ) { c in
                c.method("addSubnode") { (node: DisplayNode, subnode: DisplayNode) in try node.addSubnode(subnode) }
                c.method("insertSubnode_atIndex") { (node: DisplayNode, subnode: DisplayNode, index: Int) in
                    try node.insertSubnode(subnode, at: index)
                }
                c.method("removeFromSupernode") { (node: DisplayNode) in node.removeFromSupernode() }
                c.property("subnodes") { (node: DisplayNode) in node.subnodes }
                c.property("supernode") { (node: DisplayNode) in node.supernode }
                c.property(
                    "automaticallyManagesSubnodes", get: { $0.automaticallyManagesSubnodes },
                    set: { $0.automaticallyManagesSubnodes = $1 })
                c.property("layoutSpecBlock", get: { $0.layoutSpecBlock }, set: { $0.layoutSpecBlock = $1 })
                c.property("style") { (node: DisplayNode) in node.style }
                c.method("layoutSpecThatFits", overridable: true) { (node: DisplayNode, range: SizeRange) in
                    try node.layoutSpec(fitting: try LayoutSpec.Script.checked(range)).map(LayoutElementValue.init)
                }
                c.method("calculateSizeThatFits", overridable: true) { (node: DisplayNode, size: CGSize) in
                    try node.calculateSizeThatFits(size)
                }
                c.method("layoutThatFits") { (node: DisplayNode, range: SizeRange) in
                    try node.layoutThatFits(try LayoutSpec.Script.checked(range), in: pass())
                }
                c.method("layout", overridable: true) { (_: DisplayNode) in }
                c.method("didLoad", overridable: true) { (_: DisplayNode) in }
                c.method("setNeedsLayout") { (node: DisplayNode) in node.setNeedsLayout() }
                c.method("layoutIfNeeded") { (node: DisplayNode) in try node.layoutIfNeeded(in: pass()) }
                c.property("calculatedSize") { (node: DisplayNode) in node.calculatedSize }
                c.property("calculatedLayout") { (node: DisplayNode) in node.calculatedLayout }
                c.property("constrainedSizeForCalculatedLayout") { (node: DisplayNode) in
                    node.constrainedSize ?? SizeRange(exactly: .zero)
                }
                c.property("view") { (node: DisplayNode) in try node.view() }
                c.property("layer") { (node: DisplayNode) in try node.view().layer }
                c.property("nodeLoaded") { (node: DisplayNode) in node.isNodeLoaded }
                c.property("frame", get: { $0.frame }, set: { $0.frame = try GeometryCheck.rect($1, "frame") })
                c.property("bounds") { (node: DisplayNode) in node.bounds }
                c.property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
                c.property("alpha", get: { $0.alpha }, set: { $0.alpha = try GeometryCheck.finite($1, "alpha") })
                c.property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
                c.property(
                    "cornerRadius", get: { $0.cornerRadius },
                    set: { $0.cornerRadius = try GeometryCheck.finite($1, "cornerRadius") })
                c.property("clipsToBounds", get: { $0.clipsToBounds }, set: { $0.clipsToBounds = $1 })
                c.property(
                    "borderWidth", get: { $0.borderWidth },
                    set: { $0.borderWidth = try GeometryCheck.finite($1, "borderWidth") })
                c.property("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
                c.property(
                    "userInteractionEnabled", get: { $0.isUserInteractionEnabled },
                    set: { $0.isUserInteractionEnabled = $1 })
                c.property("debugName", get: { $0.debugName }, set: { $0.debugName = $1 })
                c.property("asciiArtString") { (node: DisplayNode) in node.asciiArtString }
                c.property("asciiArtName") { (node: DisplayNode) in node.asciiArtName }
            }
        }

        static func cellNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASCellNode", superclass: "ASDisplayNode", type: CellNode.self,
                allocate: { environment.liveNodes.track(CellNode()) }
            ) { c in
                c.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
                c.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
            }
        }

        static func imageNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASImageNode", superclass: "ASDisplayNode", type: ImageNode.self,
                allocate: { environment.liveNodes.track(ImageNode()) }
            ) {
                c in
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
                c.property(
                    "forcedSize", get: { $0.forcedSize },
                    set: { $0.forcedSize = try GeometryCheck.size($1, "forcedSize") })
                c.property(
                    "contentMode", get: { $0.contentMode },
                    set: { node, mode in
                        guard (0...12).contains(mode) else {
                            throw ScriptValueError("contentMode must be a UIViewContentMode (0 to 12), got \(mode)")
                        }
                        node.contentMode = mode
                    })
            }
        }
    }
}

extension DisplayNode.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            nodeClass(environment), cellNodeClass(environment), imageNodeClass(environment),
            TextNode.Script.nativeClass(environment),
        ]
    }
}

extension TextNode {
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASTextNode", superclass: "ASDisplayNode", type: TextNode.self,
                allocate: { environment.liveNodes.track(TextNode(engine: environment.text)) }
            ) { c in
                c.property("attributedText", get: { $0.attributedText }, set: { $0.attributedText = $1 })
                c.property(
                    "maximumNumberOfLines", get: { $0.maximumNumberOfLines },
                    set: { node, lines in
                        guard lines >= 0 else {
                            throw ScriptValueError("maximumNumberOfLines must be 0 or more, got \(lines)")
                        }
                        node.maximumNumberOfLines = lines
                    })
                c.property(
                    "truncationMode", get: { $0.truncationMode },
                    set: { node, mode in
                        guard (0...5).contains(mode) else {
                            throw ScriptValueError("truncationMode must be an NSLineBreakMode (0 to 5), got \(mode)")
                        }
                        node.truncationMode = mode
                    })
            }
        }
    }
}
