import ObjectBridge

extension BridgeObject {
    /// Runs the script implementation of `method` when this object's class has one (its
    /// bridge finds it); returns false, running nothing, when the native one should run.
    func runOverride<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws -> Bool {
        guard let bridge, let function = bridge.override(method, of: self) else { return false }
        try bridge.call(function, on: self, method: method, repeat each arguments)
        return true
    }

    /// The result of the script implementation of `method`, or nil when there is none.
    func runOverride<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        guard let bridge, let function = bridge.override(method, of: self) else { return nil }
        return try bridge.call(function, on: self, method: method, repeat each arguments, returning: R.self)
    }
}
