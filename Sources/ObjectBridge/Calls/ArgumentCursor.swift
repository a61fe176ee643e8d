import LuaRuntime

/// Reads a call's parameters one at a time: the arguments after the receiver, or for functions
/// and struct methods every value from the first.
/// A value on the caller's stack: reading a call's arguments allocates nothing and retains
/// nothing, since the member's closure keeps its signature alive for the call.
@usableFromInline
struct ArgumentCursor {
    @usableFromInline let call: BridgeCall
    @usableFromInline unowned(unsafe) let signature: Signature
    @usableFromInline var index = 0

    @usableFromInline
    init(call: BridgeCall, signature: Signature) throws {
        self.call = call
        self.signature = signature
        let given = Int(call.frame.argumentCount) - Int(signature.firstPosition) + 1
        if given > signature.parameters.count, !signature.isVariadic {
            let count = signature.parameters.count - (signature.receiverIsFirstParameter ? 1 : 0)
            let extra = given - (signature.receiverIsFirstParameter ? 1 : 0)
            throw BridgeError("\(signature.displayName) takes \(count) argument\(count == 1 ? "" : "s"), got \(extra)")
        }
    }

    @inlinable
    mutating func next<T: ScriptConvertible>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        let position = Int32(index) + signature.firstPosition
        do {
            let value = try T.read(from: call, at: position)
            if signature.refusesNaN && Self.isNaN(value) { throw nanError(T.self) }
            return value
        } catch let error as ScriptValueError {
            if signature.receiverIsFirstParameter && index == 0 {
                throw call.receiverError(signature, expected: "a \(T.scriptType)")
            }
            throw BridgeError(
                "bad argument #\(signature.argumentNumber(index)) (\(signature.parameterName(index))) to "
                    + "'\(signature.displayName)' (\(error.problem))")
        }
    }

    @usableFromInline
    func nanError<T: ScriptConvertible>(_ type: T.Type) -> BridgeError {
        if signature.receiverIsFirstParameter && index == 0 {
            return BridgeError("\(signature.displayName) needs a \(T.scriptType) as self, got one with a nan field")
        }
        let got = T.scriptType == .number ? "nan" : "a \(T.scriptType) with a nan field"
        return BridgeError(
            "bad argument #\(signature.argumentNumber(index)) (\(signature.parameterName(index))) to "
                + "'\(signature.displayName)' (\(T.scriptType) expected, got \(got))")
    }

    @inlinable
    static func isNaN<T>(_ value: T) -> Bool {
        if let number = value as? Double { return number.isNaN }
        if let structure = value as? any ScriptStruct { return structure.containsNaN }
        return false
    }
}
