import Foundation
import LuaRuntime
import ObjectBridge

/// Making the objects a document describes: the class its element and `customClass` name,
/// then `initWithCoder` (or `init` for a plain object), as UIKit unarchives them.
extension NibInstantiation {
    /// The object `element` describes, made and registered; nil (with a warning) for an
    /// element Rebound has no class for.
    func makeObject(_ element: IBElement) throws -> BridgeObject? {
        element.read()
        guard let cls = try objectClass(for: element) else { return nil }
        let decodedByCoder =
            cls.isSubclass(ofClassNamed: "UIView") || cls.isSubclass(ofClassNamed: "UIViewController")
            || cls.isSubclass(ofClassNamed: "UICollectionViewLayout")
        let made =
            decodedByCoder
            ? try bridge.instantiate(cls, initializer: "initWithCoder", Coder(self, element))
            : try bridge.instantiate(cls, initializer: "init")
        guard let object = made else {
            throw problem(element, "\(cls.name)'s initializer returned nil")
        }
        // An object without `initWithCoder` (a gesture recognizer, a plain object) still has
        // its connections and runtime attributes.
        if !decodedByCoder { try decode(element, into: object) }
        try register(object, for: element)
        return object
    }

    /// The class an element stands for: its `customClass` when Rebound knows it (a class of
    /// the bridge, or one the project's module of that name defines), else the UIKit class
    /// its element names, as UIKit falls back with "Unknown class … in Interface Builder file".
    func objectClass(for element: IBElement) throws -> ClassObject? {
        guard let base = Self.baseClassName(of: element.name).flatMap({ bridge.classes[$0] }) else {
            warnOnce(element, "Rebound has no class for <\(element.name)>; it is left out")
            element.markClassless()
            return nil
        }
        guard let custom = element["customClass"] else { return base }
        guard let cls = try customClass(named: custom) else {
            warnOnce(element, "Unknown class \(custom) in Interface Builder file; \(base.name) is used")
            return base
        }
        guard cls.isSubclass(of: base) || base.name == "NSObject" else {
            throw problem(
                element, "customClass \(custom) is not a subclass of \(base.name), which <\(element.name)> makes")
        }
        return cls
    }

    /// The class named `name`, requiring the project's module of that name when no class has
    /// it yet (`ViewController.lua` defines `ViewController`).
    func customClass(named name: String) throws -> ClassObject? {
        if let known = bridge.classes[name] { return known }
        // The name comes from a document: only a class name may become a module to require.
        guard let first = name.first, !first.isNumber,
            name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }),
            environment.programFiles?.file(name + ".lua") != nil
        else { return nil }
        let require = try bridge.state.global("require")
        _ = try bridge.state.call(require, [.string(name)])
        return bridge.classes[name]
    }

    /// `imageView` is `UIImageView`; `customObject` is a plain `NSObject`.
    static func baseClassName(of elementName: String) -> String? {
        if elementName == "customObject" { return "NSObject" }
        if elementName == "containerView" { return "UIView" }
        // Xcode has always written a long press so.
        if elementName == "pongPressGestureRecognizer" { return "UILongPressGestureRecognizer" }
        guard let first = elementName.first, first.isLowercase else { return nil }
        return "UI" + first.uppercased() + elementName.dropFirst()
    }

    /// The native `initWithCoder`: what `element` says of the object, by its kind.
    func decode(_ element: IBElement, into object: BridgeObject) throws {
        switch object {
        case let view as View: try decodeView(element, view)
        case let controller as ViewController: try decodeController(element, controller)
        case let layout as FlowLayout: try decodeFlowLayout(element, layout)
        case let item as BarButtonItem: try decodeBarButtonItem(element, item)
        case let recognizer as GestureRecognizer: try decodeGestureRecognizer(element, recognizer)
        case let item as NavigationItem: try decodeNavigationItem(element, item)
        case let item as TabBarItem: try decodeTabBarItem(element, item)
        default: break
        }
        // A storyboard controller's outlets lead into its view, connected when the view loads.
        if let connections = element.child("connections"), !(object is ViewController && storyboard != nil) {
            connectionLists.append((connections, object))
        }
        if let attributes = element.child("userDefinedRuntimeAttributes") {
            runtimeAttributeLists.append((attributes, object))
        }
    }
}
