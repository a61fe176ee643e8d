import LuaRuntime

/// `property()` / `property { get = fn, set = fn }`: what a script assigns to `Class.name`.
final class PropertyMarker: LuaNativeObject {
    var luaSlot: Int32 = 0
    let getter: LuaFunction?
    let setter: LuaFunction?
    init(getter: LuaFunction?, setter: LuaFunction?) {
        self.getter = getter
        self.setter = setter
    }
}
