import CLuaShim

/// A Swift object that can stand in Lua as a native-object userdata.
///
/// Lua's identity cache is keyed by a slot number, not by address: the object keeps the slot
/// of its userdata, so pushing it again costs two array reads and hashes nothing.
public protocol LuaNativeObject: AnyObject {
    /// The identity-cache slot of the object's userdata, 0 before it has one. Only the runtime
    /// sets it; a stale slot (its userdata collected) is recognised and replaced.
    var luaSlot: Int32 { get set }
}
