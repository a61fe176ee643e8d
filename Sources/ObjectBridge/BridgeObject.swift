import LuaRuntime

/// The base of every Swift object scripts can see: `NSObject` on the script side.
///
/// Lua holds one retain on an object while it has a userdata for it. Native references from
/// one bridged object to another that UIKit makes strong (a view's subviews, a cell's content
/// view) go through `adopt` / `abandon`, which the bridge mirrors as edges in Lua's heap: an
/// owned object's userdata, with its script fields, then lives exactly as long as its owner,
/// and cycles through script fields stay collectable. Weak references (delegates, data sources,
/// the first responder) are `WeakObjectReference`s.
open class BridgeObject: ScriptConvertible, LuaNativeObject {
    /// The script class this object was made from, or nil for a plain native object.
    public internal(set) var scriptClass: ClassObject?
    /// The bridge that has a userdata for this object (set when it first reaches Lua).
    public var bridge: ObjectBridge? { link?.bridge }
    /// A strong reference to the bridge's link rather than a weak one to the bridge (see
    /// `BridgeLink`).
    var link: BridgeLink?
    /// Where Lua's identity cache keeps this object's userdata (0 before it has one).
    public final var luaSlot: Int32 = 0
    /// The objects this one owns, with how many times.
    private(set) var ownedObjects: [ObjectIdentifier: (object: BridgeObject, count: Int)] = [:]

    public init() {}

    /// What weak references to this object hold (see `WeakObjectReference`).
    @usableFromInline final var handle: ObjectHandle {
        if let storedHandle { return storedHandle }
        let handle = ObjectHandle(self)
        storedHandle = handle
        return handle
    }

    /// Made when the object is first referenced weakly (see `WeakObjectReference`).
    private var storedHandle: ObjectHandle?

    /// The objects this one owned die after it, one at a time (see `Teardown`).
    deinit {
        storedHandle?.object = nil
        if !ownedObjects.isEmpty {
            Teardown.release(ownedObjects.values.lazy.map(\.object))
            ownedObjects = [:]
        }
        Teardown.drain()
    }

    /// Takes a strong native reference to `child`.
    public final func adopt(_ child: BridgeObject) {
        replaceOwned(nil, with: child)
    }

    /// Gives up one strong native reference to `child` taken with `adopt`.
    public final func abandon(_ child: BridgeObject) {
        replaceOwned(child, with: nil)
    }

    /// Replaces an owned reference: abandons `old` and adopts `new` (either may be nil).
    public final func replaceOwned(_ old: BridgeObject?, with new: BridgeObject?) {
        if old === new { return }
        if let new { ownedObjects[ObjectIdentifier(new), default: (new, 0)].count += 1 }
        var removed = old
        if let old {
            let id = ObjectIdentifier(old)
            if let entry = ownedObjects[id] {
                if entry.count > 1 { ownedObjects[id]?.count -= 1 } else { ownedObjects[id] = nil }
            } else {
                removed = nil  // never adopted: no edge to remove
            }
        }
        if removed != nil || new != nil { bridge?.ownershipChanged(owner: self, removed: removed, added: new) }
    }

    // MARK: ScriptConvertible

    public class var scriptType: ScriptType { .object(String(describing: self)) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Self {
        if let object = call.frame.object(position, as: Self.self) { return object }
        throw ScriptValueError(expected: .object(call.bridge.className(of: self)), got: call.describe(position))
    }

    public func push(to call: BridgeCall) throws {
        try call.bridge.push(self, in: call.frame)
    }
}

extension BridgeObject {
    /// Its userdata when it has one (the call is made the slow way when it has none).
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        .object(self)
    }
}
