import ObjectBridge

/// A type that describes native classes of the headless world. Adopting it is how a class
/// joins the world: `Scripts/generate-world-classes.py` lists every adopter in
/// `UIWorld+Classes.swift`, and `make lint` checks that the list is current. The order does not
/// matter: the bridge registers superclasses first.
protocol WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass]
}
