import LuaRuntime

extension Double: ScriptConvertible {
    public static var scriptType: ScriptType { .number }
    @inline(__always)
    public static func read(from call: BridgeCall, at position: Int32) throws -> Double {
        guard call.frame.isNumber(position) else { throw call.mismatch(.number, at: position) }
        return try call.frame.number(position)
    }
    @inline(__always)
    public func push(to call: BridgeCall) throws { try call.frame.push(self) }
}

extension Int: ScriptConvertible {
    public static var scriptType: ScriptType { .integer }
    @inline(__always)
    public static func read(from call: BridgeCall, at position: Int32) throws -> Int {
        guard call.frame.isNumber(position) else { throw call.mismatch(.integer, at: position) }
        guard let value = try? call.frame.integer(position), let result = Int(exactly: value) else {
            let number = (try? call.frame.number(position)) ?? .nan
            throw ScriptValueError("integer expected, got \(number)")
        }
        return result
    }
    @inline(__always)
    public func push(to call: BridgeCall) throws { try call.frame.push(Int64(self)) }
}

extension Bool: ScriptConvertible {
    public static var scriptType: ScriptType { .boolean }
    public static func read(from call: BridgeCall, at position: Int32) throws -> Bool {
        switch call.frame.type(position) {
        case .boolean: return call.frame.boolean(position)
        case .nil, .none: return false
        default: throw call.mismatch(.boolean, at: position)
        }
    }
    public func push(to call: BridgeCall) throws { try call.frame.push(self) }
}

extension String: ScriptConvertible {
    public static var scriptType: ScriptType { .string }
    public static func read(from call: BridgeCall, at position: Int32) throws -> String {
        guard call.frame.type(position) == .string || call.frame.type(position) == .number else {
            throw call.mismatch(.string, at: position)
        }
        return try call.frame.string(position)
    }
    public func push(to call: BridgeCall) throws { try call.frame.push(self) }

    /// A string that fits the scratch (a typed character) goes as its bytes, copied there.
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        let copied = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard bytes.count <= scratch.count else { return nil }
            scratch.copyMemory(from: UnsafeRawBufferPointer(bytes))
            return bytes.count
        }
        guard let copied, let count = copied else { return nil }
        return .string(UnsafeRawBufferPointer(rebasing: scratch[..<count]))
    }
}

extension Optional: ScriptConvertible where Wrapped: ScriptConvertible {
    public static var scriptType: ScriptType { .optional(Wrapped.scriptType) }
    public static func read(from call: BridgeCall, at position: Int32) throws -> Wrapped? {
        switch call.frame.type(position) {
        case .nil, .none: return nil
        default: return try Wrapped.read(from: call, at: position)
        }
    }
    public func push(to call: BridgeCall) throws {
        if let self { try self.push(to: call) } else { try call.frame.pushNil() }
    }
}

/// Arrays come from a native NSArray or from a Lua sequence, and go to Lua as an NSArray.
extension Array: ScriptConvertible where Element: ScriptConvertible {
    public static var scriptType: ScriptType { .array(Element.scriptType) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> [Element] {
        if let array = call.frame.object(position, as: ArrayObject.self) {
            return try array.elements.enumerated().map { index, element in
                guard let element = element as? Element else {
                    throw ScriptValueError(
                        "array element \(index + 1) is \(type(of: element).scriptType), \(Element.scriptType) expected")
                }
                return element
            }
        }
        guard call.frame.type(position) == .table else { throw call.mismatch(scriptType, at: position) }
        let count = call.frame.rawLength(position)
        guard count <= ArrayObject.maximumCount else {
            throw ScriptValueError("a sequence of \(count) elements is longer than \(ArrayObject.maximumCount)")
        }
        var result: [Element] = []
        result.reserveCapacity(count)
        for index in 1...Swift.max(count, 1) where index <= count {
            try call.frame.withElement(position, index) { element in
                do {
                    result.append(try Element.read(from: call, at: element))
                } catch let error as ScriptValueError {
                    throw ScriptValueError("element \(index): \(error.problem)")
                }
            }
        }
        return result
    }

    public func push(to call: BridgeCall) throws {
        try ArrayObject(self).push(to: call)
    }
}

/// Dictionaries with string keys come from Lua tables and go back as Lua tables that also
/// answer NSDictionary's members (`Prelude.dictionaryMetatable`).
extension Dictionary: ScriptConvertible where Key == String, Value: ScriptConvertible {
    public static var scriptType: ScriptType { .dictionary(Value.scriptType) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> [String: Value] {
        guard call.frame.type(position) == .table else { throw call.mismatch(scriptType, at: position) }
        var result: [String: Value] = [:]
        try call.frame.forEachPair(position) { key, value in
            guard call.frame.type(key) == .string else {
                throw ScriptValueError("dictionary keys must be strings, got \(call.describe(key))")
            }
            let name = try call.frame.string(key)
            do {
                result[name] = try Value.read(from: call, at: value)
            } catch let error as ScriptValueError {
                throw ScriptValueError("value for key '\(name)': \(error.problem)")
            }
            return true
        }
        return result
    }

    public func push(to call: BridgeCall) throws {
        let table = try call.bridge.state.makeTable(recordCapacity: count)
        for (key, value) in self.sorted(by: { $0.key < $1.key }) {
            try value.push(to: call)
            try table.set(.string(key), try call.frame.value(call.frame.top))
            call.frame.pop()
        }
        try table.setMetatable(call.bridge.prelude.dictionaryMetatable)
        try call.frame.push(.table(table))
    }
}

/// Any Lua value, passed through native code as it is (a resource's value).
extension LuaValue: ScriptConvertible {
    public static var scriptType: ScriptType { .any }
    public static func read(from call: BridgeCall, at position: Int32) throws -> LuaValue {
        try call.frame.value(position)
    }
    public func push(to call: BridgeCall) throws { try call.frame.push(self) }
}

extension Int {
    @inlinable
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        .integer(Int64(self))
    }
}

extension Double {
    @inlinable
    public func directArgument(in bridge: ObjectBridge, scratch: UnsafeMutableRawBufferPointer) -> LuaArgument? {
        .number(self)
    }
}
