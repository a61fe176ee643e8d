import LuaRuntime

/// The base of every Swift object scripts can see: `NSObject` on the script side.
///
/// Lua holds one retain on an object while it has a userdata for it. Native references from
/// one bridged object to another that UIKit makes strong (a view's subviews, a cell's content
/// view) go through `adopt` / `abandon`, which the bridge mirrors as edges in Lua's heap: an
/// owned object's userdata, with its script fields, then lives exactly as long as its owner,
/// and cycles through script fields stay collectable. Weak references (delegates, data sources,
/// targets) are plain Swift `weak` properties.
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

    /// The objects this one owned die after it, one at a time (see `Teardown`).
    deinit {
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

/// What objects and services hold to find their bridge, instead of a `weak` reference to it:
/// a weak reference gives the bridge a side table, and then every retain of the bridge (one
/// per call across it) takes the slow path. The bridge clears its link as its deinit begins,
/// when weak references would read nil.
public final class BridgeLink {
    public internal(set) unowned(unsafe) var bridge: ObjectBridge?
}

/// A native array (`NSArray`): `#array`, `array[i]` from 1, and `for x in array do`.
public final class ArrayObject: BridgeObject {
    /// The longest Lua sequence accepted where an array is expected.
    public static let maximumCount = 10_000_000

    public let elements: [any ScriptConvertible]
    /// The index `for x in array do` returned last (the loop passes back the element, not the
    /// index, so the array remembers where it is).
    var cursor = 0

    public init(_ elements: [any ScriptConvertible]) {
        self.elements = elements
    }

    /// Where a loop goes on after the element `isPrevious` picks: after the cursor when it is
    /// there (the usual case), else after the first such element (the array is looped over in
    /// more than one place at once), else after the cursor.
    func index(after isPrevious: (any ScriptConvertible) -> Bool) -> Int {
        if elements.indices.contains(cursor) && isPrevious(elements[cursor]) { return cursor + 1 }
        return (elements.firstIndex(where: isPrevious) ?? cursor) + 1
    }
}

/// A Lua function held by native code as a block. It stays alive while native code holds the
/// block and is released with it; calling it passes every block parameter, and the function
/// may declare fewer.
public final class ScriptBlock: ScriptConvertible {
    public let function: LuaFunction

    init(_ function: LuaFunction) { self.function = function }

    public static var scriptType: ScriptType { .block }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ScriptBlock {
        guard call.frame.type(position) == .function else { throw call.mismatch(.block, at: position) }
        guard case .function(let function) = try call.frame.value(position) else {
            throw call.mismatch(.block, at: position)
        }
        return ScriptBlock(function)
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(.function(function)) }
}
