import LuaRuntime

/// A script method native code calls many times on one receiver with the same leading
/// arguments and one that changes: a delegate's size for each item, its inset for each
/// section. The receiver and leading arguments are found once (and kept alive), and each call
/// is a single protected call.
public struct RepeatedCall {
    @usableFromInline unowned(unsafe) let bridge: ObjectBridge
    @usableFromInline let function: LuaFunction
    @usableFromInline let method: String
    @usableFromInline let className: String
    /// The receiver's value, then the leading arguments' values, kept alive for the calls.
    private let leadingValues: [LuaReference]
    /// The same, as the arguments each call starts with.
    @usableFromInline let leading: [LuaArgument]

    init(bridge: ObjectBridge, function: LuaFunction, receiver: BridgeObject, method: String, leading: [BridgeObject]) throws {
        self.bridge = bridge
        self.function = function
        self.method = method
        className = try bridge.classObject(for: receiver).name
        leadingValues = try ([receiver] + leading).map { object in
            guard let reference = try bridge.value(for: object).reference else { throw BridgeError("\(object) has no Lua value") }
            return reference
        }
        self.leading = leadingValues.map { .reference($0) }
    }

    /// The method's result for `argument`, as `R`.
    @inlinable
    public func call<A: ScriptConvertible, R: ScriptConvertible>(_ argument: A, returning: R.Type) throws -> R {
        try withUnsafeTemporaryAllocation(of: LuaArgument.self, capacity: leading.count + 1) { arguments in
            for (index, argument) in leading.enumerated() { arguments.initializeElement(at: index, to: argument) }
            return try withUnsafeTemporaryAllocation(byteCount: directArgumentCapacity, alignment: 16) { scratch in
                guard let last = argument.directArgument(in: bridge, scratch: scratch) else {
                    throw BridgeError("\(className):\(method): \(A.scriptType) cannot be passed directly")
                }
                arguments.initializeElement(at: leading.count, to: last)
                let result = try function.call(with: UnsafeBufferPointer(arguments)) { frame, first, count in
                    try bridge.read(R.self, returnedBy: "\(className):\(method)", BridgeCall(frame: frame, bridge: bridge),
                                    at: count > 0 ? first : frame.top + 1)
                }
                guard let result else { throw BridgeError("\(className):\(method): an argument has no Lua value") }
                return result
            }
        }
    }
}

extension ObjectBridge {
    /// `R` from a script method's result at `position`; a wrong value names the method.
    @usableFromInline
    func read<R: ScriptConvertible>(_ type: R.Type, returnedBy method: @autoclosure () -> String, _ call: BridgeCall,
                                    at position: Int32) throws -> R {
        do {
            return try R.read(from: call, at: position)
        } catch let error as ScriptValueError {
            throw BridgeError("\(method()) returned a wrong value (\(error.problem))")
        }
    }

    /// Calls of `function` as method `method` of `receiver` with `leading` as its first arguments.
    public func repeatedCall(_ function: LuaFunction, on receiver: BridgeObject, method: String,
                             leading: [BridgeObject]) throws -> RepeatedCall {
        try RepeatedCall(bridge: self, function: function, receiver: receiver, method: method, leading: leading)
    }
}
