import ObjectBridge

/// `UIResponder`: the base of views, view controllers and the application, linked in UIKit's
/// responder chain (a view, its controller, its superview, ..., the window, the application,
/// the app delegate). One responder at a time is the application's first responder: the one
/// that keys go to (a text field being edited).
open class Responder: BridgeObject {
    /// The next object in the responder chain; nil at its end.
    open var nextResponder: Responder? { nil }

    /// The application whose screen this responder is on (a view's window's); nil off screen,
    /// where UIKit lets nothing become first responder.
    var onScreenApplication: Application? { nil }

    /// Whether UIKit's own class takes first responder (text inputs do); a script's override of
    /// `canBecomeFirstResponder` answers instead.
    var nativelyCanBecomeFirstResponder: Bool { false }

    /// What the keyboard types into while this responder is first: itself for a text field or
    /// a text view (asked for every typed character, where a cast to the protocol is slow).
    var textInput: (any TextInput)? { nil }

    /// The responders from this one to the end of the chain, this one first.
    public var responderChain: [Responder] {
        var chain: [Responder] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while let next = chain.last?.nextResponder, seen.insert(ObjectIdentifier(next)).inserted {
            chain.append(next)
        }
        return chain
    }

    // MARK: First responder

    public var isFirstResponder: Bool { onScreenApplication?.firstResponder === self }

    func canBecomeFirstResponder() throws -> Bool {
        try runOverride("canBecomeFirstResponder", returning: Bool.self) ?? nativelyCanBecomeFirstResponder
    }

    /// `becomeFirstResponder`: as UIKit orders it, this responder agrees (a text field asks its
    /// delegate), the current first responder resigns (and may refuse), this one takes over, and
    /// the keyboard shows for a responder that takes text.
    @discardableResult
    public func becomeFirstResponder() throws -> Bool {
        guard let application = onScreenApplication else { return false }
        if application.firstResponder === self { return true }
        guard try canBecomeFirstResponder(), try shouldBecomeFirstResponder() else { return false }
        if let current = application.firstResponder {
            guard try current.resign(from: application, force: false) else { return false }
        }
        application.firstResponder = self
        try didBecomeFirstResponder()
        try application.keyboard?.follow(application.firstResponder)
        return true
    }

    /// `resignFirstResponder`: true when this responder is no longer first (a text field's
    /// delegate may keep it); the keyboard goes when nothing that takes text is first.
    @discardableResult
    public func resignFirstResponder() throws -> Bool {
        guard let application = onScreenApplication, application.firstResponder === self else { return true }
        guard try resign(from: application, force: false) else { return false }
        try application.keyboard?.follow(application.firstResponder)
        return true
    }

    /// Stops being first responder, unless it refuses and `force` is false.
    func resign(from application: Application, force: Bool) throws -> Bool {
        if !force, !(try shouldResignFirstResponder()) { return false }
        application.firstResponder = nil
        try didResignFirstResponder()
        return true
    }

    /// What a text input asks its delegate before it takes first responder or gives it up.
    func shouldBecomeFirstResponder() throws -> Bool { true }
    func shouldResignFirstResponder() throws -> Bool { true }
    /// What a text input tells its delegate, its targets and the notification center.
    func didBecomeFirstResponder() throws {}
    func didResignFirstResponder() throws {}

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UIResponder", superclass: "NSObject", type: Responder.self, allocate: { Responder() }) { c in
                c.property("nextResponder") { (responder: Responder) in responder.nextResponder }
                c.property("isFirstResponder") { (responder: Responder) in responder.isFirstResponder }
                c.property("canBecomeFirstResponder") { (responder: Responder) in
                    try responder.canBecomeFirstResponder()
                }
                c.method("becomeFirstResponder") { (responder: Responder) in try responder.becomeFirstResponder() }
                c.method("resignFirstResponder") { (responder: Responder) in try responder.resignFirstResponder() }
            }
        }
    }
}

extension Responder.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
