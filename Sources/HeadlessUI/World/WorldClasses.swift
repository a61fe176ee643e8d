import ObjectBridge

/// A type that describes part of the headless world: its native classes, and the protocols and
/// binding modules that go with them. Adopting it is how a class joins the world:
/// `Scripts/generate-world-classes.py` lists every adopter in `UIWorld+Classes.swift`, and
/// `make lint` checks that the list is current. The order does not matter: the bridge registers
/// superclasses first.
protocol WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass]
    /// The delegate and data source protocols its classes ask.
    static var worldProtocols: [ProtocolDescription] { get }
    /// The SDK headers' binding modules it adds to (`UIKit.UIScrollView`).
    static func worldModules(_ environment: UIEnvironment) -> [BindingModule]
}

extension WorldClasses {
    static var worldProtocols: [ProtocolDescription] { [] }
    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] { [] }
}
