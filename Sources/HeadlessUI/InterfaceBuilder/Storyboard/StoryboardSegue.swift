import Foundation
import ObjectBridge

/// `UIStoryboardSegue`: a transition from a storyboard, made new each time it is performed.
/// The calls go in the order the storyboard article (and UIKit) give: the source's
/// `shouldPerformSegueWithIdentifier_sender` (for a segue a control or cell triggers), a new
/// destination, the source's `prepareForSegue_sender` with the destination's view not yet
/// loaded, then the transition and its appearance calls.
public final class StoryboardSegue: BridgeObject {
    public private(set) var identifier: String?
    public private(set) var source: ViewController?
    public private(set) var destination: ViewController?
    /// The document's `kind`, and whether it animates.
    var kind = "custom"
    var animates = true

    /// `initWithIdentifier_source_destination`.
    func configure(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        replaceOwned(self.source, with: source)
        self.source = source
        replaceOwned(self.destination, with: destination)
        self.destination = destination
    }

    /// The native `perform`: the transition the kind names.
    func perform() throws {
        guard let source, let destination else { throw ScriptValueError("the segue has no source or destination") }
        switch kind {
        case "showDetail" where source.splitViewController != nil:
            try source.splitViewController?.showDetail(destination)
        case "show", "push", "showDetail":
            if let navigation = source as? NavigationController ?? source.navigationController {
                try navigation.push(destination, animated: animates)
            } else {
                try source.present(destination, animated: animates)
            }
        case "presentation", "modal", "popoverPresentation":
            try source.present(destination, animated: animates)
        case "unwind":
            try unwindTransition(from: source, to: destination)
        default:
            throw ScriptValueError("a custom segue's class must override perform")
        }
    }

    /// Performs the document's `segue` from `source`; `triggered` for one a control or cell
    /// set off (which `shouldPerformSegueWithIdentifier_sender` may stop).
    static func perform(
        _ element: IBElement, of scene: StoryboardScene, from source: ViewController, sender: BridgeObject?,
        triggered: Bool
    ) throws {
        let storyboard = scene.storyboard
        let identifier = element["identifier"]
        if triggered, let identifier,
            try source.runOverride(
                "shouldPerformSegueWithIdentifier_sender", identifier, sender, returning: Bool.self) == false
        {
            return
        }
        let kind = element["kind"] ?? "custom"
        if kind == "unwind" {
            return try unwind(element, of: scene, from: source, sender: sender, identifier: identifier)
        }
        guard let destinationID = element["destination"] else {
            throw InterfaceBuilderError("it has no destination", in: storyboard.document, at: element)
        }
        let destination = try storyboard.instantiateScene(controllerID: destinationID, chain: SceneChain(), via: nil)
        if kind == "popoverPresentation" { destination.modalPresentationStyle = .popover }
        try applyModalStyles(of: element, to: destination, in: storyboard.document)
        let segue = try make(element, kind: kind, storyboard: storyboard)
        segue.kind = kind
        segue.animates = element["animates"] != "NO"
        segue.configure(identifier: identifier, source: source, destination: destination)
        _ = try source.runOverride("prepareForSegue_sender", segue, sender)
        if try !segue.runOverride("perform") { try segue.perform() }
    }

    /// A presentation's `modalPresentationStyle` and `modalTransitionStyle`, from a segue or a
    /// controller's element, given to `controller`.
    static func applyModalStyles(of element: IBElement, to controller: ViewController, in document: IBDocument) throws {
        if let style: ModalPresentationStyle = try named(element, "modalPresentationStyle", in: document) {
            controller.modalPresentationStyle = style
        }
        if let style: ModalTransitionStyle = try named(element, "modalTransitionStyle", in: document) {
            controller.modalTransitionStyle = style
        }
    }

    private static func named<Style: NamedUIKitEnum>(_ element: IBElement, _ attribute: String, in document: IBDocument)
        throws -> Style?
    {
        guard let name = element[attribute] else { return nil }
        guard let style = Style(documentName: name) else {
            throw InterfaceBuilderError(
                "\(attribute)=\"\(name)\" is not a \(Style.typeName)", in: document, at: element)
        }
        return style
    }

    /// An `embed` segue of a container view, performed as its controller's view loads: the
    /// destination becomes a child whose view fills the container, after the parent's
    /// `prepareForSegue_sender`.
    static func embed(_ element: IBElement, of scene: StoryboardScene, in parent: ViewController, container: View)
        throws
    {
        let storyboard = scene.storyboard
        guard let destinationID = element["destination"] else {
            throw InterfaceBuilderError("it has no destination", in: storyboard.document, at: element)
        }
        let child = try storyboard.instantiateScene(controllerID: destinationID, chain: SceneChain(), via: nil)
        let segue = try make(element, kind: "embed", storyboard: storyboard)
        segue.kind = "embed"
        segue.configure(identifier: element["identifier"], source: parent, destination: child)
        _ = try parent.runOverride("prepareForSegue_sender", segue, nil as BridgeObject?)
        try parent.addChild(child)
        let view = try child.view()
        view.frame = container.bounds
        view.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try container.addSubview(view)
        try child.containment("didMoveToParentViewController", parent)
    }

    /// The segue object: a custom segue's script class, else `UIStoryboardSegue`.
    static func make(_ element: IBElement, kind: String, storyboard: Storyboard) throws -> StoryboardSegue {
        guard let bridge = storyboard.environment.bridge else { throw ScriptValueError("this world has no scripts") }
        var cls = bridge.classes["UIStoryboardSegue"]
        if let custom = element["customClass"] {
            guard let found = bridge.classes[custom], found.isSubclass(ofClassNamed: "UIStoryboardSegue") else {
                throw InterfaceBuilderError(
                    "customClass \(custom) is not a UIStoryboardSegue class", in: storyboard.document,
                    at: element)
            }
            cls = found
        }
        guard let cls, let made = try bridge.instantiate(cls, initializer: "init") as? StoryboardSegue else {
            throw ScriptValueError("UIStoryboardSegue could not be made")
        }
        return made
    }

    static func nativeClass() -> NativeClass {
        NativeClass(
            "UIStoryboardSegue", superclass: "NSObject", type: StoryboardSegue.self, allocate: { StoryboardSegue() }
        ) {
            c in
            c.method("initWithIdentifier_source_destination", overridable: true) {
                (segue: StoryboardSegue, identifier: String?, source: ViewController, destination: ViewController)
                    -> StoryboardSegue in
                segue.configure(identifier: identifier, source: source, destination: destination)
                return segue
            }
            c.property("identifier") { (segue: StoryboardSegue) in segue.identifier }
            c.property("sourceViewController") { (segue: StoryboardSegue) in segue.source }
            c.property("destinationViewController") { (segue: StoryboardSegue) in segue.destination }
            c.method("perform", overridable: true) { (segue: StoryboardSegue) in try segue.perform() }
        }
    }
}

extension StoryboardSegue: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
