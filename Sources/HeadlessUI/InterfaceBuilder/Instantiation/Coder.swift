import Foundation
import ObjectBridge

/// `NSCoder`, as `initWithCoder` receives it while a document is instantiated: the element the
/// object is decoded from. The native `initWithCoder` of views, view controllers and layouts
/// decodes it; a script's override calls that through `super`.
public final class Coder: BridgeObject {
    /// Weak: a script may keep the coder, which must not keep the instantiation (and through
    /// it the world) alive.
    private weak var instantiation: NibInstantiation?
    let element: IBElement

    init(_ instantiation: NibInstantiation, _ element: IBElement) {
        self.instantiation = instantiation
        self.element = element
    }

    /// The native `initWithCoder`: the object takes what its element says.
    func decode(into object: BridgeObject) throws {
        guard let instantiation else {
            throw ScriptValueError(
                "this NSCoder was for a document instantiated earlier; initWithCoder decodes only then")
        }
        try instantiation.decode(element, into: object)
    }

    static func nativeClass() -> NativeClass {
        NativeClass("NSCoder", superclass: "NSObject", type: Coder.self, allocate: nil) { _ in }
    }

    /// `initWithCoder` and `awakeFromNib` for a class whose instances documents hold.
    static func addMethods<Object: BridgeObject>(to c: NativeClassBuilder<Object>) {
        c.method("initWithCoder", overridable: true) { (object: Object, coder: Coder) -> Object in
            try coder.decode(into: object)
            return object
        }
        c.method("awakeFromNib", overridable: true) { (_: Object) in }
    }
}

extension Coder: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
