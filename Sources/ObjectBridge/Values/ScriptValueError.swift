import LuaRuntime

/// A value that could not be converted; the bridge adds which argument, method and class.
public struct ScriptValueError: LuaFunctionError, CustomStringConvertible {
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public init(expected: ScriptType, got: String) { problem = "\(expected) expected, got \(got)" }
    public var description: String { problem }

    /// Raised from a native member, the message names it: `UIView.frame: frame.size must ...`.
    public func message(function: String) -> String { "\(function): \(problem)" }
}
