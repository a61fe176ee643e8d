import LuaRuntime

/// The type of a parameter, result or property as scripts see it. The registry keeps one for
/// every member, so the same description drives conversion, error messages, the API fuzzer
/// and editor annotations.
public indirect enum ScriptType: Sendable, Equatable, CustomStringConvertible {
    case number
    case integer
    case boolean
    case string
    /// An instance of the named class (or of a subclass).
    case object(String)
    /// A class value.
    case classValue
    /// A struct, read from a table with its field names.
    case structure(String)
    case array(ScriptType)
    case dictionary(ScriptType)
    /// A Lua function called by native code.
    case block
    case optional(ScriptType)
    /// Any script value.
    case any
    /// Any number of values of a type: the last parameter of a variadic method.
    case variadic(ScriptType)
    case void

    public var description: String {
        switch self {
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .string: "string"
        case .object(let name): name
        case .classValue: "class"
        case .structure(let name): name
        case .array(let element): "array of \(element)"
        case .dictionary(let value): "dictionary of \(value)"
        case .block: "function"
        case .optional(let wrapped): "\(wrapped) or nil"
        case .any: "any value"
        case .variadic(let element): "any number of \(element)"
        case .void: "nothing"
        }
    }
}
