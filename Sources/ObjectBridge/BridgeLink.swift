import LuaRuntime

/// What objects and services hold to find their bridge, instead of a `weak` reference to it:
/// a weak reference gives the bridge a side table, and then every retain of the bridge (one
/// per call across it) takes the slow path. The bridge clears its link as its deinit begins,
/// when weak references would read nil.
public final class BridgeLink {
    public internal(set) unowned(unsafe) var bridge: ObjectBridge?
}
