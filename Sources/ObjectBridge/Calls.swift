import LuaRuntime

/// An error a script caused through the bridge. Its message names the class, the member and,
/// for arguments, the parameter; it reaches the script as a Lua error at the calling line.
public struct BridgeError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Who is being called, for checks and messages.
@usableFromInline
struct Signature {
    @usableFromInline let className: String
    @usableFromInline let method: String
    @usableFromInline let parameters: [ScriptType]
    /// A property's getter or setter rather than a method.
    @usableFromInline var isProperty = false

    @usableFromInline
    init(className: String, method: String, parameters: [ScriptType], isProperty: Bool = false) {
        self.className = className
        self.method = method
        self.parameters = parameters
        self.isProperty = isProperty
    }

    /// `UIView:addSubview`, `UIColor:colorWithWhite_alpha`, or `UIView.frame` for a property.
    @usableFromInline var displayName: String { isProperty ? "\(className).\(method)" : "\(className):\(method)" }

    @usableFromInline func parameterName(_ index: Int) -> String {
        if isProperty { return method }
        let parts = method.split(separator: "_")
        return index < parts.count ? String(parts[index]) : "argument \(index + 1)"
    }
}

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
    func classReceiver(_ signature: Signature) throws {
        if let receiver = frame.object(1, as: ClassObject.self),
           receiver.isSubclass(ofClassNamed: signature.className) {
            return
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
