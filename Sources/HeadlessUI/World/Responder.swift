import ObjectBridge

/// `UIResponder`: the base of views, view controllers and the application, linked in UIKit's
/// responder chain (a view, its controller, its superview, ..., the window, the application,
/// the app delegate).
open class Responder: BridgeObject {
    /// The next object in the responder chain; nil at its end.
    open var nextResponder: Responder? { nil }

    /// The responders from this one to the end of the chain, this one first.
    public var responderChain: [Responder] {
        var chain: [Responder] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let next = chain.last?.nextResponder, seen.insert(ObjectIdentifier(next)).inserted {
            chain.append(next)
        }
        return chain
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UIResponder", superclass: "NSObject", type: Responder.self, allocate: { Responder() }) { c in
                c.property("nextResponder") { (responder: Responder) in responder.nextResponder }
            }
        }
    }
}
