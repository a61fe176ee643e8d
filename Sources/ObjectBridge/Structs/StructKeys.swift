import Foundation
import LuaRuntime

/// Interned field names, record shapes and metatables of every struct, made once per bridge:
/// fields of their own for the geometry every frame passes through, tables for the rest.
public final class StructKeys {
    let origin, size: LuaKey
    /// A flat rectangle's first field (`{ x =, y =, width =, height = }`).
    let x: LuaKey
    let point, sizeShape, rect, range: LuaRecordShape
    /// The shapes of the flat structs higher layers registered, by type.
    let registered: [ObjectIdentifier: LuaRecordShape]
    /// The metatable of each struct's values, by type (filled in by `installStructs`).
    let metatables: [ObjectIdentifier: LuaTable]

    init(_ state: LuaState, registering structs: [any ScriptStruct.Type]) throws(LuaError) {
        var metatables: [ObjectIdentifier: LuaTable] = [:]
        for type in structs { metatables[ObjectIdentifier(type)] = try state.makeTable() }
        func shape(_ type: any ScriptStruct.Type, wholeNumbers: Bool = false) throws(LuaError) -> LuaRecordShape {
            var keys: [LuaKey] = []
            for name in type.fieldNames { keys.append(try state.key(name)) }
            return LuaRecordShape(keys, metatable: metatables[ObjectIdentifier(type)], wholeNumbers: wholeNumbers)
        }
        origin = try state.key("origin")
        size = try state.key("size")
        x = try state.key("x")
        point = try shape(CGPoint.self)
        sizeShape = try shape(CGSize.self)
        rect = LuaRecordShape(
            nesting: [(origin, point), (size, sizeShape)], metatable: metatables[ObjectIdentifier(CGRect.self)])
        range = try shape(NSRange.self, wholeNumbers: true)
        var registered: [ObjectIdentifier: LuaRecordShape] = [:]
        for type in structs where type is any FlatScriptStruct.Type {
            registered[ObjectIdentifier(type)] = try shape(type)
        }
        self.registered = registered
        self.metatables = metatables
    }
}
