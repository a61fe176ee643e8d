/// A Lua value as Swift sees it.
///
/// Strings are decoded as UTF-8 (invalid bytes become U+FFFD); tables, functions, userdata and
/// threads are held through registry references, so they stay alive while Swift holds them.
public enum LuaValue {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case lightUserdata(UnsafeMutableRawPointer?)
    case table(LuaTable)
    case function(LuaFunction)
    case userdata(LuaUserdata)
    case thread(LuaThread)

    /// Lua's name for the value's type, as `type()` gives it.
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .lightUserdata, .userdata: "userdata"
        case .table: "table"
        case .function: "function"
        case .thread: "thread"
        }
    }

    /// Lua's truth: everything but `nil` and `false` is true.
    public var isTruthy: Bool {
        switch self {
        case .nil, .boolean(false): false
        default: true
        }
    }

    public var integerValue: Int64? {
        switch self {
        case .integer(let i): i
        case .number(let d): Int64(exactly: d)
        default: nil
        }
    }

    public var numberValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var tableValue: LuaTable? {
        if case .table(let t) = self { return t }
        return nil
    }

    public var functionValue: LuaFunction? {
        if case .function(let f) = self { return f }
        return nil
    }

    /// The registry reference holding a table, function, userdata or thread.
    public var reference: LuaReference? {
        switch self {
        case .table(let t): t.reference
        case .function(let f): f.reference
        case .userdata(let u): u.reference
        case .thread(let t): t.reference
        default: nil
        }
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
}

extension LuaValue: Equatable {
    /// Raw equality: numbers by value (an integer equals the float with the same value),
    /// strings by content, everything else by identity.
    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case (.boolean(let a), .boolean(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.integer, .number), (.number, .integer), (.number, .number): lhs.numberValue == rhs.numberValue
        case (.string(let a), .string(let b)): a == b
        case (.lightUserdata(let a), .lightUserdata(let b)): a == b
        default:
            if let a = lhs.reference, let b = rhs.reference { a.refersToSameValue(as: b) } else { false }
        }
    }
}
