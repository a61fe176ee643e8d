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

    init(bridge: ObjectBridge, function: LuaFunction, receiver: BridgeObject, method: String, leading: [BridgeObject])
        throws
    {
        self.bridge = bridge
        self.function = function
        self.method = method
        className = try bridge.classObject(for: receiver).name
        leadingValues = try ([receiver] + leading).map { object in
            guard let reference = try bridge.value(for: object).reference else {
                throw BridgeError("\(object) has no Lua value")
            }
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
                    try bridge.read(
                        R.self, returnedBy: "\(className):\(method)", BridgeCall(frame: frame, bridge: bridge),
                        at: count > 0 ? first : frame.top + 1)
                }
                guard let result else { throw BridgeError("\(className):\(method): an argument has no Lua value") }
                return result
            }
        }
    }
}

extension RepeatedCall {
    /// How many items `callForEachItem` asks about in one protected call (and so under one time
    /// budget): a run of them takes well under a millisecond.
    @usableFromInline static let itemsPerRun = 256

    /// The method's results for the index paths of `items` in `section`, for a method whose
    /// result is a flat struct (a size for each item): each run of items is one protected call,
    /// and the results are read in place. A result that is not such a record ends its run and
    /// is converted as `call` converts it (which says what is wrong with it).
    // Inlinable so that it is specialized for its struct: unspecialized, each result's append
    // looked up the array's generic metadata (a third of the flow row's bridge cost).
    @inlinable
    public func callForEachItem<R: FlatScriptStruct>(
        _ items: Range<Int>, inSection section: Int,
        returning: R.Type
    ) throws -> [R] {
        guard let type = bridge.valueType(of: IndexPathValue.self),
            let fieldOffset = MemoryLayout<IndexPathValue>.offset(of: \.item)
        else {
            return try items.map { try call(IndexPathValue(item: $0, section: section), returning: R.self) }
        }
        let shape = try R.shape(in: bridge.structKeys)
        let fields = shape.keys.count
        var results: [R] = []
        results.reserveCapacity(items.count)
        var template = IndexPathValue(item: 0, section: section)
        try leading.withUnsafeBufferPointer { leading in
            try withUnsafeBytes(of: &template) { template in
                try withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.itemsPerRun * fields) { buffer in
                    var next = items.lowerBound
                    while next < items.upperBound {
                        let count = min(Self.itemsPerRun, items.upperBound - next)
                        var stopped: R?
                        let done = try function.callForEach(
                            leading: leading, valueTypeID: type, valueBytes: template, varying: fieldOffset, from: next,
                            count: count, reading: shape, into: buffer
                        ) { frame, position in
                            stopped = try bridge.read(
                                R.self, returnedBy: "\(className):\(method)",
                                BridgeCall(frame: frame, bridge: bridge), at: position)
                        }
                        for index in 0..<done {
                            results.append(
                                R(
                                    fields: UnsafeMutableBufferPointer(
                                        rebasing: buffer[index * fields..<(index + 1) * fields])))
                        }
                        next += done
                        if let stopped {
                            results.append(stopped)
                            next += 1
                        }
                    }
                }
            }
        }
        return results
    }
}

extension ObjectBridge {
    /// `R` from a script method's result at `position`; a wrong value names the method.
    @inlinable
    func read<R: ScriptConvertible>(
        _ type: R.Type, returnedBy method: @autoclosure () -> String, _ call: BridgeCall,
        at position: Int32
    ) throws -> R {
        do {
            return try R.read(from: call, at: position)
        } catch let error as ScriptValueError {
            throw BridgeError("\(method()) returned a wrong value (\(error.problem))")
        }
    }

    /// Calls of `function` as method `method` of `receiver` with `leading` as its first arguments.
    public func repeatedCall(
        _ function: LuaFunction, on receiver: BridgeObject, method: String,
        leading: [BridgeObject]
    ) throws -> RepeatedCall {
        try RepeatedCall(bridge: self, function: function, receiver: receiver, method: method, leading: leading)
    }
}
