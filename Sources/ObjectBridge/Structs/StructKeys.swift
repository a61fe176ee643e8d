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
    /// The shapes of the paired structs (`PairedScriptStruct`), by type: their keys are the
    /// two nested fields.
    let paired: [ObjectIdentifier: LuaRecordShape]
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
        var paired: [ObjectIdentifier: LuaRecordShape] = [:]
        for case let type as any PairedScriptStruct.Type in structs {
            paired[ObjectIdentifier(type)] = try Self.pairedShape(
                type, state,
                parts: [ObjectIdentifier(CGSize.self): sizeShape, ObjectIdentifier(CGPoint.self): point]
                    .merging(registered) { first, _ in first },
                metatable: metatables[ObjectIdentifier(type)])
        }
        self.paired = paired
        self.metatables = metatables
    }

    private static func pairedShape<S: PairedScriptStruct>(
        _ type: S.Type, _ state: LuaState, parts: [ObjectIdentifier: LuaRecordShape], metatable: LuaTable?
    ) throws(LuaError) -> LuaRecordShape {
        guard let part = parts[ObjectIdentifier(S.Part.self)] else {
            throw LuaError(
                kind: .runtime, message: "struct \(S.structName)'s parts (\(S.Part.structName)) are not registered")
        }
        let (first, second) = S.partNames
        return LuaRecordShape(
            nesting: [(try state.key(first), part), (try state.key(second), part)], metatable: metatable)
    }
}
