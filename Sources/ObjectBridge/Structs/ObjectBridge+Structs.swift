import Foundation
import LuaRuntime

/// What the bridge keeps of a struct type: its values' methods (native and script), and the
/// native ones, which a script method of the same name shadows until it goes.
struct StructType {
    let methods: LuaTable
    let nativeMethods: [String: LuaFunction]
}

extension ObjectBridge {
    /// The `struct` global: `struct.CGRect(x, y, w, h)` makes a value, `struct.CGRect.getMinX`
    /// is a method of values, and `function struct.CGRect:area() ... end` adds one.
    func installStructs() throws {
        let structs = try state.makeTable()
        for type in scriptStructs { try structs.set(type.structName, .table(try installStruct(type))) }
        try state.setGlobal("struct", .table(structs))
    }

    private func installStruct<S: ScriptStruct>(_ type: S.Type) throws -> LuaTable {
        let members = StructMembers<S>()
        S.describeMembers(members)
        structModuleMembers[S.header, default: []] += members.moduleMembers
        structDescriptions.append(
            StructDescription(
                name: S.structName, fields: S.fieldNames, recordFields: S.recordFields, header: S.header,
                methods: members.methodDescriptions, functions: members.functionDescriptions))
        let methods = try state.makeTable()
        var nativeMethods: [String: LuaFunction] = [:]
        for (name, body) in members.methods {
            let method = try function(named: "\(S.structName):\(name)", body)
            nativeMethods[name] = method
            try methods.set(name, .function(method))
        }
        guard let metatable = structKeys.metatables[ObjectIdentifier(S.self)] else {
            throw BridgeError("struct \(S.structName) is not registered with the bridge")
        }
        try metatable.set("__index", .table(methods))
        try metatable.set("__name", .string(S.structName))
        try metatable.set(
            "__eq",
            .function(
                function(named: "\(S.structName) ==") { call in
                    guard let a = try? S.read(from: call, at: 1), let b = try? S.read(from: call, at: 2) else {
                        try call.frame.push(false)
                        return 1
                    }
                    try call.frame.push(a == b)
                    return 1
                }))
        try metatable.set(
            "__tostring",
            .function(
                function(named: "\(S.structName) tostring") { call in
                    let value = try S.read(from: call, at: 1)
                    try call.frame.push(
                        "\(S.structName)(\(value.constructorValues.map(Self.formatNumber).joined(separator: ", ")))")
                    return 1
                }))
        try state.answerPropertyCalls(metatable)
        try metatable.set("__metatable", .string(S.structName))
        structTypes[S.structName] = StructType(methods: methods, nativeMethods: nativeMethods)

        let typeTable = try state.makeTable()
        let typeMetatable = try state.makeTable()
        let constructor = try structConstructor(S.self)
        try typeMetatable.set(
            "__call",
            .function(
                try S.recordShape(in: structKeys).map {
                    try state.makeStructConstructor($0, defaults: S.constructorDefaults, fallback: constructor)
                } ?? constructor))
        try typeMetatable.set("__index", .table(methods))
        try typeMetatable.set(
            "__newindex",
            .function(
                function(named: "struct.\(S.structName) newindex") {
                    [unowned(unsafe) self] call in
                    try self.defineStructMethod(of: S.structName, call)
                    return 0
                }))
        try typeMetatable.set("__metatable", .string("struct.\(S.structName)"))
        try typeTable.setMetatable(typeMetatable)
        return typeTable
    }

    /// A number as Lua prints it: whole numbers without a fraction.
    static func formatNumber(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `struct.Name(numbers...)` or `struct.Name { fields }` (the type table is argument 1).
    private func structConstructor(_ type: any ScriptStruct.Type) throws -> LuaFunction {
        let names = type.fieldNames
        let defaults = type.constructorDefaults
        let what = "struct.\(type.structName)"
        return try function(named: what) { call in
            let given = call.frame.argumentCount - 1
            if given == 1, call.frame.type(2) == .table {
                do {
                    try type.read(from: call, at: 2).push(to: call)
                } catch let error as ScriptValueError {
                    throw BridgeError("bad argument #1 to '\(what)' (\(error.problem))")
                }
                return 1
            }
            guard given <= names.count else {
                throw BridgeError(
                    "\(what) takes \(names.count) numbers (\(names.joined(separator: ", "))), got \(given) arguments")
            }
            try withUnsafeTemporaryAllocation(of: Double.self, capacity: names.count) { values in
                for (index, field) in names.enumerated() {
                    let position = Int32(index + 2)
                    switch call.frame.type(position) {
                    case .number: values[index] = try call.frame.number(position)
                    case .none, .nil: values[index] = defaults[index]
                    default:
                        throw BridgeError(
                            "bad argument #\(index + 1) (\(field)) to '\(what)' (number expected, got \(call.describe(position)))"
                        )
                    }
                }
                try type.init(constructorValues: values).push(to: call)
            }
            return 1
        }
    }

    /// `struct.Name.method = fn` (`function struct.Name:method() ... end`): a script method every
    /// value has, shadowing a native one of that name (CodeFlow programs define their own
    /// `NSRange:maxLocation`); nil removes it.
    private func defineStructMethod(of structName: String, _ call: BridgeCall) throws {
        guard let type = structTypes[structName] else { return }
        guard call.frame.type(2) == .string else {
            throw BridgeError("methods of struct.\(structName) need string names, got \(call.describe(2))")
        }
        let name = try call.frame.string(2)
        switch try call.frame.value(3) {
        case .function(let method):
            try type.methods.set(name, .function(method))
            scriptStructMethods[structName, default: [:]][name] = method
            recordDefinition(.structMethod, name, ofType: structName)
        case .nil:
            try removeStructMethod(name, of: structName)
        default:
            throw BridgeError("struct.\(structName).\(name) must be a function, got \(call.describe(3))")
        }
    }

    /// Removes the script method `name` of a struct type, bringing back the native one it shadowed.
    func removeStructMethod(_ name: String, of structName: String) throws {
        guard scriptStructMethods[structName]?.removeValue(forKey: name) != nil,
            let type = structTypes[structName]
        else { return }
        try type.methods.set(name, type.nativeMethods[name].map { .function($0) } ?? .nil)
    }

    /// Puts the struct types' script methods back as `methods` has them.
    func restoreStructMethods(_ methods: [String: [String: LuaFunction]]) throws {
        for (structName, current) in scriptStructMethods {
            for name in current.keys where methods[structName]?[name] == nil {
                try removeStructMethod(name, of: structName)
            }
        }
        for (structName, kept) in methods {
            for (name, method) in kept {
                try structTypes[structName]?.methods.set(name, .function(method))
                scriptStructMethods[structName, default: [:]][name] = method
            }
        }
    }
}
