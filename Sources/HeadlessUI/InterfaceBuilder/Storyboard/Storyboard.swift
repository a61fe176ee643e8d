import Foundation
import ObjectBridge

/// `UIStoryboard`: a storyboard document, whose scenes become view controllers on demand.
/// A scene's controller is made at once (with what its relationships hold: a navigation
/// controller's root); its view loads when first asked for, as UIKit loads it.
public final class Storyboard: BridgeObject {
    let document: IBDocument
    unowned let environment: UIEnvironment

    init(document: IBDocument, environment: UIEnvironment) {
        self.document = document
        self.environment = environment
    }

    /// A storyboard read from a document's data (a resource delivered to a script).
    public convenience init(data: Data, file: String, world: UIWorld) throws {
        let document = try IBDocument(data: data, file: file)
        guard document.kind == .storyboard else {
            throw InterfaceBuilderError("is a xib, not a storyboard; get it as a 'nib' resource", file: file)
        }
        self.init(document: document, environment: world.environment)
    }

    /// The program's storyboard `name` (`Main` is `Main.storyboard`).
    static func named(_ name: String, _ environment: UIEnvironment) throws -> Storyboard {
        guard let document = try environment.nibDocuments.document(named: name, type: "storyboard", in: environment)
        else {
            throw ScriptValueError("Could not find a storyboard named '\(name)': the program has no \(name).storyboard")
        }
        guard document.kind == .storyboard else {
            throw InterfaceBuilderError("is a xib; open it with UINib:nibWithNibName_bundle", file: document.file)
        }
        return Storyboard(document: document, environment: environment)
    }

    /// `instantiateInitialViewController`: nil when the storyboard names none.
    func instantiateInitialController() throws -> ViewController? {
        guard let id = document.root["initialViewController"] else { return nil }
        return try instantiateScene(controllerID: id, chain: SceneChain(), via: nil)
    }

    /// `instantiateViewControllerWithIdentifier`, with UIKit's message for a missing one.
    func instantiateController(identifier: String) throws -> ViewController {
        guard let element = sceneControllers.first(where: { $0["storyboardIdentifier"] == identifier }),
            let id = element.id
        else {
            throw ScriptValueError(
                "Storyboard (\(document.file)) doesn't contain a view controller with identifier '\(identifier)'")
        }
        return try instantiateScene(controllerID: id, chain: SceneChain(), via: nil)
    }

    /// The controller of the scene whose controller has `id`, made through the relationship
    /// segue `via`; `chain` holds the scenes being made around it, so that relationships that
    /// lead back in a circle, or fan out past the instantiation's budget, are an error.
    func instantiateScene(controllerID id: String, chain: SceneChain, via: IBElement?) throws -> ViewController {
        guard let element = sceneControllers.first(where: { $0.id == id }) else {
            throw InterfaceBuilderError("no scene's view controller has id \"\(id)\"", file: document.file)
        }
        guard !chain.contains(id) else {
            throw InterfaceBuilderError(
                "<\(element.name)>: its relationships lead back to it "
                    + "(\((chain.scenes.map(\.id) + [id]).joined(separator: " → ")))",
                in: document, at: element)
        }
        let instantiation = try NibInstantiation(
            document: document, environment: environment, owner: nil, storyboard: self,
            chain: chain.entering(id, via: via))
        return try instantiation.instantiateScene(element)
    }

    /// The view controller of each scene.
    var sceneControllers: [IBElement] { document.scenes.compactMap { sceneObjects($0).controller } }

    /// A scene's view controller, and its other objects (gesture recognizers, plain objects),
    /// which are made with the controller's view.
    func sceneObjects(_ scene: IBElement) -> (controller: IBElement?, others: [IBElement]) {
        scene.read()
        _ = scene["sceneID"]
        let objects = scene.list("objects")
        var controller: IBElement?
        var others: [IBElement] = []
        for object in objects {
            if object.name == "placeholder" || object.name == "exit" {
                object.readAllAttributes()
            } else if controller == nil, object["sceneMemberID"] == "viewController" {
                controller = object
            } else {
                others.append(object)
            }
        }
        return (controller, others)
    }

    /// The other objects of the scene whose view controller is `controller`.
    func otherObjects(withController controller: IBElement) -> [IBElement] {
        for scene in document.scenes {
            let objects = sceneObjects(scene)
            if objects.controller === controller { return objects.others }
        }
        return []
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIStoryboard", superclass: "NSObject", type: Storyboard.self, allocate: nil) { c in
                c.classMethod("storyboardWithName_bundle") { (name: String, _: BridgeObject?) in
                    try Storyboard.named(name, environment)
                }
                c.method("instantiateInitialViewController") { (storyboard: Storyboard) in
                    try storyboard.instantiateInitialController()
                }
                c.method("instantiateViewControllerWithIdentifier") { (storyboard: Storyboard, identifier: String) in
                    try storyboard.instantiateController(identifier: identifier)
                }
            }
        }
    }
}

/// Where a storyboard's view controller came from: its scene, whose view it loads.
final class StoryboardScene {
    let storyboard: Storyboard
    let element: IBElement

    init(storyboard: Storyboard, element: IBElement) {
        self.storyboard = storyboard
        self.element = element
    }

    /// The scene's segue with `identifier`, wherever in the scene it is declared.
    func segue(identifier: String) -> IBElement? {
        element.descendants.first { $0.name == "segue" && $0["identifier"] == identifier }
    }
}

extension Storyboard.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
