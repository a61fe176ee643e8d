import Foundation
import LuaRuntime

/// Interned field names and record shapes of every struct, made once per bridge: fields of
/// their own for the geometry every frame passes through, a table for the registered rest.
public final class StructKeys {
    let origin, size: LuaKey
    let point, sizeShape, rect, range: LuaRecordShape
    /// The shapes of the flat structs higher layers registered, by type.
    let registered: [ObjectIdentifier: LuaRecordShape]

    init(_ state: LuaState, registering structs: [any ScriptStruct.Type]) throws(LuaError) {
        func shape(_ names: [String]) throws(LuaError) -> LuaRecordShape {
            var keys: [LuaKey] = []
            for name in names { keys.append(try state.key(name)) }
            return LuaRecordShape(keys)
        }
        origin = try state.key("origin")
        size = try state.key("size")
        point = try shape(CGPoint.fieldNames)
        sizeShape = try shape(CGSize.fieldNames)
        rect = LuaRecordShape(nesting: [(origin, point), (size, sizeShape)])
        range = try shape(NSRange.fieldNames)
        var registered: [ObjectIdentifier: LuaRecordShape] = [:]
        for type in structs where type is any FlatScriptStruct.Type {
            registered[ObjectIdentifier(type)] = try shape(type.fieldNames)
        }
        self.registered = registered
    }
}
