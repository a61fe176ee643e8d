/// A native function was called with an argument it cannot use. The runtime turns it into
/// Lua's usual message: `bad argument #2 to 'name' (number expected, got string)`.
public struct LuaArgumentError: LuaFunctionError, Sendable {
    public var position: Int32
    public var problem: String

    public init(position: Int32, problem: String) {
        self.position = position
        self.problem = problem
    }

    public init(position: Int32, expected: String, got: String) {
        self.init(position: position, problem: "\(expected) expected, got \(got)")
    }

    public func message(function: String) -> String {
        "bad argument #\(position) to '\(function)' (\(problem))"
    }
}
