import Foundation
import ObjectBridge

/// `UINib`: a xib document, read once and instantiated any number of times.
public final class Nib: BridgeObject {
    let document: IBDocument

    init(document: IBDocument) {
        self.document = document
    }

    /// A nib read from a document's data (a resource delivered to a script).
    public convenience init(data: Data, file: String) throws {
        self.init(document: try IBDocument(data: data, file: file))
    }

    /// `instantiateWithOwner_options`: the document's top-level objects, with File's Owner
    /// connected to `owner`.
    func instantiate(owner: BridgeObject?, environment: UIEnvironment) throws -> [BridgeObject] {
        guard document.kind == .xib else {
            throw InterfaceBuilderError(
                "is a storyboard; open it with UIStoryboard:storyboardWithName_bundle", file: document.file)
        }
        return try NibInstantiation(document: document, environment: environment, owner: owner)
            .instantiateTopLevelObjects()
    }

    /// The nib named `name` in the program, or an error that says where it was looked for.
    static func named(_ name: String, _ environment: UIEnvironment) throws -> Nib {
        guard let document = try environment.nibDocuments.document(named: name, type: "xib", in: environment) else {
            throw ScriptValueError("Could not load NIB in bundle: the program has no \(name).xib")
        }
        return Nib(document: document)
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UINib", superclass: "NSObject", type: Nib.self, allocate: nil) { c in
                c.classMethod("nibWithNibName_bundle") { (name: String, _: BridgeObject?) in
                    try Nib.named(name, environment)
                }
                c.method("instantiateWithOwner_options") {
                    (nib: Nib, owner: BridgeObject?, _: AnyScriptValue?) -> [BridgeObject] in
                    try nib.instantiate(owner: owner, environment: environment)
                }
            }
        }
    }
}

extension Nib.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
