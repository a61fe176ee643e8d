import LuaRuntime

/// Reads the arguments after the receiver, one parameter at a time.
@usableFromInline
final class ArgumentCursor {
    @usableFromInline let call: BridgeCall
    @usableFromInline let signature: Signature
    @usableFromInline var index = 0

    @usableFromInline
    init(call: BridgeCall, signature: Signature) throws {
        self.call = call
        self.signature = signature
        let given = Int(call.frame.argumentCount) - 1
        if given > signature.parameters.count {
            let count = signature.parameters.count
            throw BridgeError("\(signature.displayName) takes \(count) argument\(count == 1 ? "" : "s"), got \(given)")
        }
    }

    @inlinable
    func next<T: ScriptConvertible>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        let position = Int32(index + 2)
        do {
            return try T.read(from: call, at: position)
        } catch let error as ScriptValueError {
            throw BridgeError("bad argument #\(index + 1) (\(signature.parameterName(index))) to "
                + "'\(signature.displayName)' (\(error.problem))")
        }
    }
}
