import Foundation
import ObjectBridge

extension ControlNode {
    /// Scripts' view of the control, button, scroll and network image nodes.
    enum Script {
        static func controlNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASControlNode", superclass: "ASDisplayNode", type: ControlNode.self,
                allocate: { environment.liveNodes.track(ControlNode(touches: environment.touches)) }
            ) { c in
                c.method("addTarget_action_forControlEvents") {
                    (node: ControlNode, target: BridgeObject?, action: String, events: Int) in
                    node.control.addTarget(target, action: action, for: ControlEvents(rawValue: events))
                }
                c.method("removeTarget_action_forControlEvents") {
                    (node: ControlNode, target: BridgeObject?, action: String?, events: Int) in
                    node.control.removeTarget(target, action: action, for: ControlEvents(rawValue: events))
                }
                c.method("sendActionsForControlEvents") { (node: ControlNode, events: Int) in
                    try node.control.sendActions(for: ControlEvents(rawValue: events))
                }
                c.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
                c.property("selected", get: { $0.isSelected }, set: { $0.isSelected = $1 })
                c.property("highlighted", get: { $0.isHighlighted }, set: { $0.isHighlighted = $1 })
            }
        }

        static func buttonNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASButtonNode", superclass: "ASControlNode", type: ButtonNode.self,
                allocate: {
                    environment.liveNodes.track(ButtonNode(touches: environment.touches, engine: environment.text))
                }
            ) { c in
                c.method("setTitle_withFont_withColor_forState") {
                    (node: ButtonNode, title: String, font: Font?, color: Color?, state: Int) in
                    var attributes: [String: AnyScriptValue] = [:]
                    if let font { attributes["NSFont"] = AnyScriptValue(font) }
                    if let color { attributes["NSColor"] = AnyScriptValue(color) }
                    node.setTitle(AttributedText(title, attributes: attributes), for: state)
                }
                c.method("setAttributedTitle_forState") { (node: ButtonNode, title: AttributedText?, state: Int) in
                    node.setTitle(title, for: state)
                }
                c.method("attributedTitleForState") { (node: ButtonNode, state: Int) in node.title(for: state) }
                c.method("setImage_forState") { (node: ButtonNode, image: Image?, state: Int) in
                    node.setImage(image, for: state)
                }
                c.method("setBackgroundImage_forState") { (node: ButtonNode, image: Image?, state: Int) in
                    node.setBackgroundImage(image, for: state)
                }
                c.property("titleNode") { (node: ButtonNode) in node.titleNode }
                c.property("imageNode") { (node: ButtonNode) in node.imageNode }
                c.property("backgroundImageNode") { (node: ButtonNode) in node.backgroundImageNode }
                c.property(
                    "contentSpacing", get: { $0.contentSpacing },
                    set: { $0.contentSpacing = try GeometryCheck.finite($1, "contentSpacing") })
                c.property("laysOutHorizontally", get: { $0.laysOutHorizontally }, set: { $0.laysOutHorizontally = $1 })
                c.property(
                    "contentEdgeInsets", get: { $0.contentEdgeInsets },
                    set: { $0.contentEdgeInsets = try GeometryCheck.fields($1, "contentEdgeInsets") })
            }
        }

        static func scrollNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASScrollNode", superclass: "ASDisplayNode", type: ScrollNode.self,
                allocate: { environment.liveNodes.track(ScrollNode(environment: environment)) }
            ) { c in
                c.property(
                    "automaticallyManagesContentSize", get: { $0.automaticallyManagesContentSize },
                    set: { $0.automaticallyManagesContentSize = $1 })
                c.property(
                    "scrollableDirections", get: { $0.scrollableDirections },
                    set: { node, directions in
                        guard (0...15).contains(directions) else {
                            throw ScriptValueError(
                                "scrollableDirections must be an ASScrollDirection (0 to 15), got \(directions)")
                        }
                        node.scrollableDirections = directions
                    })
            }
        }

        static func networkImageNodeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "ASNetworkImageNode", superclass: "ASImageNode", type: NetworkImageNode.self,
                allocate: { environment.liveNodes.track(NetworkImageNode(environment: environment)) }
            ) { c in
                c.property("URL", get: { $0.url }, set: { try $0.setURL($1) })
                c.property("defaultImage", get: { $0.defaultImage }, set: { $0.defaultImage = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
            }
        }
    }
}

extension ControlNode.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            controlNodeClass(environment), buttonNodeClass(environment), scrollNodeClass(environment),
            networkImageNodeClass(environment),
        ]
    }

    static var worldProtocols: [ProtocolDescription] {
        [ProtocolDescription(NetworkImageNode.delegateProtocol, optional: ["imageNode_didLoadImage"])]
    }
}
