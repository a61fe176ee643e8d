import LuaRuntime
import ObjectBridge

/// How native code calls scripts: an object's own overridable methods (`runOverride`), and
/// the methods of a delegate or data source (`ask`, `delegateMethod`), one way for all.
extension BridgeObject {
    /// Runs this object's script override of `method` when its class has one; returns false,
    /// running nothing, when the native method should run.
    func runOverride<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws -> Bool {
        guard let bridge, let function = bridge.scriptOverride(method, of: self) else { return false }
        try bridge.call(function, on: self, repeat each arguments)
        return true
    }

    /// The result of this object's script override of `method`, or nil when there is none.
    func runOverride<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        guard let bridge, let function = bridge.scriptOverride(method, of: self) else { return nil }
        return try bridge.call(function, on: self, method: method, repeat each arguments, returning: R.self)
    }

    /// Whether this object's class has a script override of `method`.
    func hasOverride(_ method: String) -> Bool {
        bridge?.scriptOverride(method, of: self) != nil
    }

    /// This object's answer, as a delegate or data source, to `method` of `protocolName`; nil
    /// when its script does not implement it (see `ObjectBridge.delegateMethod`).
    func ask<each A: ScriptConvertible, R: ScriptConvertible>(
        _ method: String, of protocolName: String, _ arguments: repeat each A, returning: R.Type
    ) throws -> R? {
        guard let bridge, let function = bridge.delegateMethod(method, of: self, protocol: protocolName) else {
            return nil
        }
        return try bridge.call(function, on: self, method: method, repeat each arguments, returning: R.self)
    }

    /// This object's script implementation of `method` of `protocolName`, to call many times
    /// with `leading` as its first arguments (a size for each item); nil when there is none.
    func repeatedCall(_ method: String, of protocolName: String, leading: [BridgeObject]) throws -> RepeatedCall? {
        guard let bridge, let function = bridge.delegateMethod(method, of: self, protocol: protocolName) else {
            return nil
        }
        return try bridge.repeatedCall(function, on: self, method: method, leading: leading)
    }
}
