import Foundation
import ObjectBridge

/// Texture's `ASControlNode`: a node whose view is a control, sending its targets' actions with
/// the node as the sender.
open class ControlNode: DisplayNode {
    open override class var textureName: String { "ASControlNode" }

    /// The control that tracks touches and keeps the targets; the node's view once loaded.
    let control: Control

    init(touches: TouchDispatcher) {
        control = Control(touches: touches)
        super.init()
        control.actionSender = self
        adopt(control)
    }

    public override func makeView() -> View { control }

    public var isEnabled: Bool {
        get { control.isEnabled }
        set {
            control.isEnabled = newValue
            stateDidChange()
        }
    }
    public var isSelected: Bool {
        get { control.isSelected }
        set {
            control.isSelected = newValue
            stateDidChange()
        }
    }
    public var isHighlighted: Bool {
        get { control.isHighlighted }
        set {
            control.isHighlighted = newValue
            stateDidChange()
        }
    }

    /// What a kind of control node shows differently in another state (a button's title).
    func stateDidChange() {}
}

/// Texture's `ASButtonNode`: a control node with a title, an image and a background image for
/// each state, laid out as Texture lays them out: image and title in a centred stack,
/// `contentSpacing` apart, inset by `contentEdgeInsets`, over the background.
public final class ButtonNode: ControlNode {
    public override class var textureName: String { "ASButtonNode" }

    public let titleNode: TextNode
    public let imageNode = ImageNode()
    public let backgroundImageNode = ImageNode()
    /// Titles, images and background images by `UIControlState` (normal 0).
    private var titles: [Int: AttributedText] = [:]
    private var images: [Int: Image] = [:]
    private var backgroundImages: [Int: Image] = [:]
    public var contentSpacing = 8.0 { didSet { setNeedsLayout() } }
    public var laysOutHorizontally = true { didSet { setNeedsLayout() } }
    public var contentEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }

    init(touches: TouchDispatcher, engine: TextEngine) {
        titleNode = TextNode(engine: engine)
        super.init(touches: touches)
        automaticallyManagesSubnodes = true
        // Owned from the start, not only once a layout makes them subnodes: a script's fields on
        // `button.titleNode` must last as long as the button.
        for part in [titleNode, imageNode, backgroundImageNode] as [DisplayNode] { adopt(part) }
    }

    public func setTitle(_ title: AttributedText?, for state: Int) {
        titles[state] = title
        stateDidChange()
    }

    public func setImage(_ image: Image?, for state: Int) {
        images[state] = image
        stateDidChange()
    }

    public func setBackgroundImage(_ image: Image?, for state: Int) {
        backgroundImages[state] = image
        stateDidChange()
    }

    public func title(for state: Int) -> AttributedText? { titles[state] }

    override func stateDidChange() {
        let state = control.state
        titleNode.attributedText = titles[state] ?? titles[0]
        imageNode.image = images[state] ?? images[0]
        backgroundImageNode.image = backgroundImages[state] ?? backgroundImages[0]
        setNeedsLayout()
    }

    override func nativeLayoutSpec(fitting range: SizeRange) -> (any LayoutElement)? {
        let stack = StackLayoutSpec()
        stack.direction = laysOutHorizontally ? .horizontal : .vertical
        stack.spacing = contentSpacing
        stack.justifyContent = .center
        stack.alignItems = .center
        stack.children = [
            imageNode.image != nil ? imageNode : nil, titleNode.attributedText != nil ? titleNode : nil,
        ].compactMap { $0 }
        var spec: any LayoutElement = stack
        if contentEdgeInsets != .zero {
            let inset = InsetLayoutSpec()
            (inset.insets, inset.child) = (contentEdgeInsets, spec)
            spec = inset
        }
        if backgroundImageNode.image != nil {
            let background = BackgroundLayoutSpec()
            background.children = [spec, backgroundImageNode]
            spec = background
        }
        return spec
    }
}
