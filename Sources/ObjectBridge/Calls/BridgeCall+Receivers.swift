import LuaRuntime

extension BridgeCall {
    /// The receiver of an instance member, checked: an object of `T`, alive.
    @inlinable
    func receiver<T: BridgeObject>(_ type: T.Type, _ signature: Signature) throws -> T {
        if let object = frame.object(1, as: T.self) { return object }
        throw receiverError(signature, expected: signature.className)
    }

    /// Runs `body` with the receiver, checked as `receiver` checks it, without retaining it.
    @inlinable
    func withReceiver<T: BridgeObject, R>(_ type: T.Type, _ signature: Signature, _ body: (T) throws -> R) throws -> R {
        if let result = try frame.withObject(1, as: T.self, body) { return result }
        throw receiverError(signature, expected: signature.className)
    }

    /// The receiver of a member of a script value type (a Lua string for NSString).
    @inlinable
    func valueReceiver<T: ScriptConvertible>(_ type: T.Type, _ signature: Signature) throws -> T {
        if let value = try? T.read(from: self, at: 1) { return value }
        if case .object(let name) = T.scriptType { throw receiverError(signature, expected: name) }
        throw receiverError(signature, expected: "a \(T.scriptType)")
    }

    /// The receiver of a class member: the class or one of its subclasses.
    @usableFromInline
    @discardableResult
    func classReceiver(_ signature: Signature) throws -> ClassObject {
        if let receiver = frame.object(1, as: ClassObject.self),
            receiver.isSubclass(ofClassNamed: signature.className)
        {
            return receiver
        }
        throw receiverError(signature, expected: "the class \(signature.className)")
    }

    @usableFromInline
    func receiverError(_ signature: Signature, expected: String) -> BridgeError {
        let call = signature.isProperty ? "obj.\(signature.method)" : "obj:\(signature.method)(...)"
        if frame.isReleasedObject(1) {
            return BridgeError("\(signature.displayName) called on a \(describe(1)) whose native object is gone")
        }
        var message = "\(signature.displayName) needs \(expected) as self, got \(describe(1))"
        if !signature.isProperty, Int(frame.argumentCount) <= signature.parameters.count {
            message += " (write \(call), with ':')"
        }
        return BridgeError(message)
    }
}
