import LuaRuntime

extension ObjectBridge {
    /// The id of the Lua type of `Value`'s class, once that class is registered.
    @usableFromInline
    func valueType<Value: ScriptValueObject>(of _: Value.Type) -> Int32? {
        let swiftType = ObjectIdentifier(Value.self)
        return valueTypes.first { $0.swiftType == swiftType }?.id
    }

    /// The class of the value at `position`, with how to read it, if it is a value.
    func valueClass(at position: Int32, in frame: LuaFrame) -> (cls: ClassObject, kind: ValueClass)? {
        frame.valueTypeID(position).flatMap { valueClasses[$0] }
    }
}

extension BridgeCall {
    /// The value at `position` if it is an instance of a value class.
    func scriptValue(at position: Int32) throws -> (any ScriptConvertible)? {
        guard let entry = bridge.valueClass(at: position, in: frame) else { return nil }
        return try entry.kind.read(self, position)
    }
}
