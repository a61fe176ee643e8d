import LuaRuntime

/// Native code calling script code: overrides, delegate methods, target/action, blocks.
extension ObjectBridge {
    /// The override of `method` (an overridable native method, such as `layoutSubviews`) that
    /// `object`'s script class defines, which native code calls instead of its own; nil to
    /// run its own.
    public func scriptOverride(_ method: String, of object: BridgeObject) -> LuaFunction? {
        object.scriptClass?.scriptMethod(named: method)
    }

    /// The script implementation of `method` of protocol `protocolName` that native code
    /// should call on `delegate` (a delegate or data source), or nil. A required method is
    /// called whenever the script defines it; an optional one only on classes that declared
    /// the protocol (or whose native superclass adopts it), and the first time one is skipped
    /// for a class, a warning says what to declare.
    public func delegateMethod(_ method: String, of delegate: BridgeObject, protocol protocolName: String)
        -> LuaFunction?
    {
        guard let cls = delegate.scriptClass else { return nil }
        if case .known(let function) = cls.lookups.answer(method, protocolName: protocolName) { return function }
        let function = findDelegateMethod(method, of: cls, protocol: protocolName)
        cls.lookups.store(function, for: method, protocolName: protocolName)
        return function
    }

    private func findDelegateMethod(_ method: String, of cls: ClassObject, protocol protocolName: String)
        -> LuaFunction?
    {
        guard let function = cls.scriptMethod(named: method) else { return nil }
        if protocols[protocolName]?.required.contains(method) != true,
            !cls.conforms(to: protocolName, descendants: descendants(of: protocolName))
        {
            if cls.warnedMethods.insert(method).inserted {
                report(
                    .warning,
                    "\(cls.name) defines \(method) of protocol \(protocolName) but does not declare the "
                        + "protocol, so it is not called: add \(cls.name):declareProtocol(\"\(protocolName)\")")
            }
            return nil
        }
        return function
    }

    /// The protocols that inherit `protocolName`, directly or not.
    func descendants(of protocolName: String) -> Set<String> {
        if let known = protocolDescendants[protocolName] { return known }
        var found: Set<String> = []
        var frontier = [protocolName]
        while let current = frontier.popLast() {
            for description in protocols.values
            where description.inherits.contains(current) && found.insert(description.name).inserted {
                frontier.append(description.name)
            }
        }
        protocolDescendants[protocolName] = found
        return found
    }

    /// Calls script method `function` on `object` and converts its first result to `R`.
    @inlinable
    public func call<each A: ScriptConvertible, R: ScriptConvertible>(
        _ function: LuaFunction, on object: BridgeObject, method: String, _ arguments: repeat each A,
        returning: R.Type
    ) throws -> R {
        if let result = try directCall(function, on: object, method: method, repeat each arguments, returning: R.self) {
            return result
        }
        return try function.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                try push(object, in: frame)
                repeat try (each arguments).push(to: call)
            },
            results: { frame, first, count in
                try read(
                    R.self, returnedBy: "\((try? classObject(for: object).name) ?? "object"):\(method)",
                    BridgeCall(frame: frame, bridge: self), at: count > 0 ? first : frame.top + 1)
            })
    }

    /// Calls script method `function` on `object` and converts its first two results: how a
    /// script returns an Objective-C method's result and its out-parameter (an attributed
    /// string's attributes, then their range).
    public func call<each A: ScriptConvertible, R1: ScriptConvertible, R2: ScriptConvertible>(
        _ function: LuaFunction, on object: BridgeObject, method: String, _ arguments: repeat each A,
        returning: (R1.Type, R2.Type)
    ) throws -> (R1, R2) {
        try function.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                try push(object, in: frame)
                repeat try (each arguments).push(to: call)
            },
            results: { frame, first, count in
                let name = "\((try? classObject(for: object).name) ?? "object"):\(method)"
                let call = BridgeCall(frame: frame, bridge: self)
                let absent = frame.top + 1
                return (
                    try read(R1.self, returnedBy: name, call, at: count > 0 ? first : absent),
                    try read(R2.self, returnedBy: name, call, at: count > 1 ? first + 1 : absent)
                )
            })
    }

    /// `call(_:on:method:_:returning:)` in one protected call that pushes the arguments too,
    /// when every argument can be pushed that way (numbers, index paths, objects that have a
    /// userdata); nil, with nothing called, otherwise.
    @inlinable
    func directCall<each A: ScriptConvertible, R: ScriptConvertible>(
        _ function: LuaFunction, on object: BridgeObject, method: String, _ arguments: repeat each A,
        returning: R.Type
    ) throws -> R? {
        var count = 1
        for _ in repeat each arguments { count += 1 }
        return try withUnsafeTemporaryAllocation(of: LuaArgument.self, capacity: count) { direct in
            try withUnsafeTemporaryAllocation(byteCount: count * directArgumentCapacity, alignment: 16) { scratch in
                direct.initializeElement(at: 0, to: .object(object))
                var index = 1
                for argument in repeat each arguments {
                    let bytes = UnsafeMutableRawBufferPointer(
                        rebasing: scratch[index * directArgumentCapacity..<(index + 1) * directArgumentCapacity])
                    guard let pushed = argument.directArgument(in: self, scratch: bytes) else {
                        return nil
                    }
                    direct.initializeElement(at: index, to: pushed)
                    index += 1
                }
                return try function.call(with: UnsafeBufferPointer(direct)) { frame, first, count in
                    try read(
                        R.self, returnedBy: "\((try? classObject(for: object).name) ?? "object"):\(method)",
                        BridgeCall(frame: frame, bridge: self), at: count > 0 ? first : frame.top + 1)
                }
            }
        }
    }

    /// Calls script method `function` on `object`, ignoring its results.
    @inlinable
    public func call<each A: ScriptConvertible>(
        _ function: LuaFunction, on object: BridgeObject, _ arguments: repeat each A
    ) throws {
        try function.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                try push(object, in: frame)
                repeat try (each arguments).push(to: call)
            }, results: { _, _, _ in })
    }

    /// Calls a block with every parameter the block type passes.
    @inlinable
    public func call<each A: ScriptConvertible>(_ block: ScriptBlock, _ arguments: repeat each A) throws {
        try block.function.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                repeat try (each arguments).push(to: call)
            }, results: { _, _, _ in })
    }

    /// Calls a block and converts its first result to `R`; errors name the block as `name`
    /// (`the section provider`).
    @inlinable
    public func call<each A: ScriptConvertible, R: ScriptConvertible>(
        _ block: ScriptBlock, named name: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R {
        try block.function.call(
            arguments: { frame in
                let call = BridgeCall(frame: frame, bridge: self)
                repeat try (each arguments).push(to: call)
            },
            results: { frame, first, count in
                try read(
                    R.self, returnedBy: name, BridgeCall(frame: frame, bridge: self),
                    at: count > 0 ? first : frame.top + 1)
            })
    }

    /// Declares `action` an action method of `target`'s class, as an Interface Builder
    /// document's action connection shows the class's interface does (Xcode connects only to
    /// declared actions).
    public func declareActionMethod(_ action: String, of target: BridgeObject) throws {
        try classObject(for: target).actionMethods.insert(action)
    }

    /// Target/action: calls `action` on `target` with `sender`. The target's class must have
    /// declared the method with `declareActionMethod` (or `publishActionMethod`).
    public func performAction(_ action: String, on target: BridgeObject, sender: BridgeObject) throws {
        let cls = try classObject(for: target)
        guard cls.lineage.contains(where: { $0.actionMethods.contains(action) }) else {
            throw BridgeError(
                "\(cls.name) has no action method '\(action)'; declare it with "
                    + "\(cls.name):declareActionMethod(\"\(action)\")")
        }
        try perform(action, on: target, sender, what: "the action method")
    }

    /// Calls the method `selector` of `target` with `arguments`, as `performSelector:` and the
    /// selectors of timers and notifications do.
    public func perform<each A: ScriptConvertible>(
        _ selector: String, on target: BridgeObject, _ arguments: repeat each A,
        what: String = "a method"
    ) throws {
        let cls = try classObject(for: target)
        guard let function = try cls.tables.method(selector).functionValue else {
            throw BridgeError(
                "\(cls.name) has no method '\(selector)' for \(what)"
                    + Suggestion.phrase(for: selector, among: cls.instanceMemberNames))
        }
        try call(function, on: target, repeat each arguments)
    }

    /// The result of the script class method `name` of `cls` (or of its nearest script
    /// superclass that defines it), called on `cls`; nil when no script class defines it.
    public func callScriptClassMethod<R: ScriptConvertible>(_ name: String, of cls: ClassObject, returning: R.Type)
        throws -> R?
    {
        guard let function = cls.lineage.lazy.compactMap({ $0.scriptClassMethods[name] }).first else { return nil }
        return try function.call(
            arguments: { frame in
                try cls.push(to: BridgeCall(frame: frame, bridge: self))
            },
            results: { frame, first, count in
                try read(
                    R.self, returnedBy: "\(cls.name).\(name)", BridgeCall(frame: frame, bridge: self),
                    at: count > 0 ? first : frame.top + 1)
            })
    }

    /// Posts `name` to its handlers (`message.post`); returns how many handlers ran.
    @discardableResult
    public func post(_ name: String, _ arguments: [LuaValue] = []) throws -> Int {
        Int(try prelude.post.call([.string(name)] + arguments).first?.integerValue ?? 0)
    }

    /// How many objects have a handler for message `name` now (0 when it cannot be read).
    public func handlerCount(for name: String) -> Int {
        Int((try? prelude.handlerCount.call(.string(name)).first?.integerValue) ?? 0)
    }
}
