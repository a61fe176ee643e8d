import CLuaShim

/// The type of a value on the stack, as `type()` names it.
public enum LuaType: Int32 {
    case none = -1
    case `nil` = 0
    case boolean, lightUserdata, number, string, table, function, userdata, thread
}
