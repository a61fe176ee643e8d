import Foundation
import LuaRuntime
import ObjectBridge

/// One instantiation of a document's objects, as UIKit unarchives a nib: each object is made
/// with `initWithCoder` (its attributes and subviews decoded in the native one, which a
/// script's override reaches through `super`), then the outlets and actions are connected, the
/// document's constraints installed and its runtime attributes set, and then every object
/// gets `awakeFromNib`.
final class NibInstantiation {
    let document: IBDocument
    let environment: UIEnvironment
    let bridge: ObjectBridge
    /// File's Owner.
    let owner: BridgeObject?
    /// The objects made so far and the placeholders, by document id.
    var objects: [String: BridgeObject] = [:]
    /// Made objects in the order they were made, kept (with their userdata) until the end.
    private var made: [(object: BridgeObject, anchor: ObjectAnchor)] = []
    /// What the document connects, constrains and sets once every object exists.
    var connectionLists: [(element: IBElement, source: BridgeObject)] = []
    var constraintLists: [(element: IBElement, holder: View)] = []
    var runtimeAttributeLists: [(element: IBElement, object: BridgeObject)] = []
    /// The Lua setters outlets and attributes go through, compiled once per instantiation.
    var setters: [String: LuaFunction] = [:]
    /// Layout guides by document id (`<viewLayoutGuide key="safeArea" id=…>`).
    var guides: [String: LayoutItem] = [:]

    /// The storyboard a scene comes from, and the scenes being made around this one.
    let storyboard: Storyboard?
    let chain: SceneChain

    init(
        document: IBDocument, environment: UIEnvironment, owner: BridgeObject?, storyboard: Storyboard? = nil,
        chain: SceneChain = SceneChain()
    ) throws {
        guard let bridge = environment.bridge else {
            throw InterfaceBuilderError("this world has no scripts to make objects for", file: document.file)
        }
        self.document = document
        self.environment = environment
        self.bridge = bridge
        self.owner = owner
        self.storyboard = storyboard
        self.chain = chain
    }

    /// A xib's top-level objects (not its placeholders), made, connected and awake.
    func instantiateTopLevelObjects() throws -> [BridgeObject] {
        var topLevel: [BridgeObject] = []
        for element in document.objects {
            if element.name == "placeholder" {
                try placeholder(element)
            } else if let object = try makeObject(element) {
                topLevel.append(object)
            }
        }
        try finish(checking: document.root)
        return topLevel
    }

    /// A storyboard scene's view controller, made and awake; its view waits to be asked for.
    func instantiateScene(_ element: IBElement) throws -> ViewController {
        guard let controller = try makeObject(element) as? ViewController else {
            throw problem(element, "the scene's view controller is not a UIViewController")
        }
        try finish(checking: nil)
        return controller
    }

    /// Loads a storyboard controller's view: made from the scene, with the controller's
    /// outlets and the view's connections, constraints and awakening.
    func loadView(of scene: StoryboardScene, into controller: ViewController) throws {
        let element = scene.element
        if let id = element.id { objects[id] = controller }
        if let found = element.keyed("view") {
            guard let view = try makeObject(found) as? View else {
                throw problem(found, "the view controller's view is not a view")
            }
            try controller.setView(view)
            try decodeRefreshControl(element, controller)
        } else {
            try controller.loadView()
        }
        // The controller keeps them alive, as UIKit's keeps its storyboard's top-level objects.
        for other in scene.storyboard.otherObjects(withController: element) {
            if let object = try makeObject(other) { controller.adopt(object) }
        }
        try decodeLayoutGuides(element, controller)
        if let connections = element.child("connections") { connectionLists.append((connections, controller)) }
        try finish(checking: element)
    }

    /// Connects, constrains and awakes what was made.
    func finish(checking part: IBElement?) throws {
        for (element, source) in connectionLists { try connect(element, from: source) }
        for (element, holder) in constraintLists { try installConstraints(element, on: holder) }
        for (element, object) in runtimeAttributeLists { try setRuntimeAttributes(element, on: object) }
        for (object, _) in made { _ = try object.runOverride("awakeFromNib") }
        if let part { document.warnOfUnreadParts(under: part, environment) }
    }

    private func placeholder(_ element: IBElement) throws {
        guard let id = element.id else { return }
        _ = element["customClass"]
        _ = element["userLabel"]
        switch element["placeholderIdentifier"] {
        case "IBFilesOwner":
            if let owner { objects[id] = owner }
            if let connections = element.child("connections") {
                if let owner {
                    connectionLists.append((connections, owner))
                } else {
                    // Without an owner UIKit makes none of its connections; they are still
                    // read, so that `rebound check` shows what they name.
                    for connection in connections.children { connection.read().readAllAttributes() }
                }
            }
        case "IBFirstResponder", "IBExternalObjects"?: break
        case let other:
            warnOnce(element, "placeholder \(other ?? "(none)") is not File's Owner or First Responder; left out")
        }
    }

    /// Registers an object made from `element`, keeping it until the instantiation ends.
    func register(_ object: BridgeObject, for element: IBElement) throws {
        try chain.budget.count(element, in: document, chain: chain)
        if let id = element.id { objects[id] = object }
        (object as? View)?.documentID = element.id
        made.append((object, try bridge.anchor(object)))
    }

    /// The object with document id `id`: made, a placeholder, or nil (First Responder).
    func object(_ id: String, for element: IBElement) throws -> BridgeObject? {
        if let object = objects[id] { return object }
        if let guide = guides[id] { return guide }
        guard document.elements[id] != nil else {
            throw problem(element, "refers to id \"\(id)\", which no object in the document has")
        }
        return nil
    }

    // MARK: Errors and warnings

    func problem(_ element: IBElement, _ text: String) -> InterfaceBuilderError {
        InterfaceBuilderError(text, in: document, at: element)
    }

    /// A warning naming the file, line and element, given once for the document.
    func warnOnce(_ element: IBElement, _ text: String) {
        document.warnOnce(InterfaceBuilderError(text, in: document, at: element).description, environment)
    }
}

/// The scenes being made around one (their controllers' ids, outermost first, with the
/// relationship that led to each), and what the whole instantiation may still make: a
/// storyboard whose relationships fan out (each tab a tab bar controller of six tabs, eight
/// deep) would otherwise make millions of controllers from a few kilobytes.
struct SceneChain {
    var scenes: [(id: String, via: IBElement?)] = []
    let budget = InstantiationBudget()

    /// The chain with the scene `id` made through `relationship` inside it.
    func entering(_ id: String, via relationship: IBElement?) -> SceneChain {
        var inner = self
        inner.scenes.append((id, relationship))
        return inner
    }

    func contains(_ id: String) -> Bool { scenes.contains { $0.id == id } }
}

/// How many objects one instantiation (a scene with all its relationships, a xib, a cell) may
/// make; past `maximumObjects` it is an error that names the document and the relationship.
final class InstantiationBudget {
    static let maximumObjects = 10_000
    private(set) var objects = 0

    func count(_ element: IBElement, in document: IBDocument, chain: SceneChain) throws {
        objects += 1
        guard objects > Self.maximumObjects else { return }
        let relationship = chain.scenes.last { $0.via != nil }?.via
        let place = relationship ?? element
        let leads = relationship.map { " through its \($0["relationship"] ?? "relationship") relationships" } ?? ""
        throw InterfaceBuilderError(
            "making this makes more than \(Self.maximumObjects) objects\(leads) (scenes "
                + "\(chain.scenes.map(\.id).joined(separator: " → "))); one instantiation may make at most that many",
            in: document, at: place)
    }
}
