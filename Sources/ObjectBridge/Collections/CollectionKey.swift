import Foundation
import LuaRuntime

/// A dictionary's key or a set's member as Foundation compares them: strings and numbers by
/// value (an integer and the same float are one key, as NSNumbers are), objects by identity.
enum CollectionKey: Hashable {
    case string(String)
    case number(Double)
    case object(ObjectIdentifier)

    /// The key for `value`; an error for nil or a value that cannot be one (a function, a table).
    init(_ value: any ScriptConvertible, what: String) throws {
        switch value {
        case let text as String: self = .string(text)
        case let integer as Int: self = .number(Double(integer))
        case let number as Double:
            guard !number.isNaN else { throw ScriptValueError("\(what) cannot be NaN") }
            self = .number(number)
        case let flag as Bool: self = .number(flag ? 1 : 0)
        case let object as BridgeObject: self = .object(ObjectIdentifier(object))
        default: throw ScriptValueError("\(what) must be a string, a number or an object, got \(type(of: value))")
        }
    }
}

extension BridgeObject {
    /// Owns `value` while a collection holds it (an object: see `adopt`), so that its Lua side
    /// and script fields last as long as it is in the collection.
    func hold(_ value: any ScriptConvertible) {
        if let object = value as? BridgeObject { adopt(object) }
    }

    /// Gives up what `hold` took.
    func letGo(_ value: any ScriptConvertible) {
        if let object = value as? BridgeObject { abandon(object) }
    }
}

/// Checks a value from a script that a collection keeps: nil is refused, as Foundation refuses it.
func collectionValue(_ value: AnyScriptValue, _ what: String) throws -> any ScriptConvertible {
    guard let kept = value.value else { throw ScriptValueError("\(what) cannot be nil (NSNull is not nil)") }
    return kept
}

/// `#collection` and `pairs(collection)`, which hands the loop to the collection's `__call`.
func addLengthAndPairs<Object: BridgeObject>(to c: NativeClassBuilder<Object>, count: @escaping (Object) -> Int) {
    c.metamethod("__len") { call in
        guard let collection = call.frame.object(1, as: Object.self) else { return 0 }
        try call.frame.push(Int64(count(collection)))
        return 1
    }
    c.metamethod("__pairs") { call in
        try call.frame.pushCopy(1)
        try call.frame.pushCopy(1)
        try call.frame.pushNil()
        return 3
    }
}
