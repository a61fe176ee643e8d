/// A reference to a bridged object that lets it go, as Swift's `weak` does, without the side
/// table a `weak` reference gives its object: from then on every retain and release of that
/// object (several per call across the bridge: a text field's delegate for each typed
/// character) takes Swift's slow path. It holds the object's `ObjectHandle`, which the object
/// clears as `BridgeObject`'s deinit begins, after its subclasses' deinit bodies have run.
@propertyWrapper
public struct WeakObjectReference<Object: BridgeObject> {
    @usableFromInline var handle: ObjectHandle?

    public init(wrappedValue: Object?) { handle = wrappedValue?.handle }

    // Inlinable, so that each use is specialized: a generic getter costs a typed character
    // several metadata calls.
    @inlinable
    public var wrappedValue: Object? {
        get {
            guard let object = handle?.object else { return nil }
            // Only an `Object` is ever stored, so the cast needs no check.
            return unsafeDowncast(object, to: Object.self)
        }
        set { handle = newValue?.handle }
    }
}

/// What `WeakObjectReference`s hold in a bridged object's stead; it outlives the object.
public final class ObjectHandle {
    @usableFromInline unowned(unsafe) var object: BridgeObject?

    init(_ object: BridgeObject) { self.object = object }
}
