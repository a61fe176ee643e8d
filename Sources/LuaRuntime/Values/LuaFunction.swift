import CLuaShim

/// A Lua function held from Swift.
public struct LuaFunction {
    public let reference: LuaReference
    init(_ reference: LuaReference) { self.reference = reference }

    /// Calls the function in protected mode, under the state's time budget.
    @discardableResult
    public func call(_ arguments: LuaValue...) throws(LuaError) -> [LuaValue] {
        try call(arguments)
    }

    @discardableResult
    public func call(_ arguments: [LuaValue]) throws(LuaError) -> [LuaValue] {
        try reference.core.call(.function(self), arguments)
    }
}
