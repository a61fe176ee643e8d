import Foundation
import LuaRuntime

/// The script side of NSString: its class, whose members Lua strings answer to.
public final class NSStringClass: BridgeObject {}

/// Foundation's classes every bridge has.
func foundationClasses() -> [NativeClass] { [
    NativeClass("NSObject", superclass: nil, type: BridgeObject.self, allocate: BridgeObject.init) { c in
        c.valueMethod("init", receiver: ScriptInstance.self) { $0 }
        c.method("isEqual") { (object: BridgeObject, other: BridgeObject?) in object === other }
        c.valueMethod("isKindOfClass", receiver: ScriptInstance.self) { (instance: ScriptInstance, cls: ClassObject) in
            instance.cls.isSubclass(of: cls)
        }
        c.valueMethod("respondsToSelector", receiver: ScriptInstance.self) { (instance: ScriptInstance, name: String) in
            instance.cls.instanceMemberNames.contains(name.replacingOccurrences(of: ":", with: "_")
                .trimmingCharacters(in: CharacterSet(charactersIn: "_")))
        }
        c.valueProperty("description", receiver: ScriptInstance.self) { "<\($0.cls.name)>" }
    },
    NativeClass("NSString", superclass: "NSObject", type: NSStringClass.self, allocate: nil) { c in
        c.valueProperty("length", receiver: String.self) { $0.utf16.count }
        c.valueProperty("uppercaseString", receiver: String.self) { $0.uppercased() }
        c.valueProperty("lowercaseString", receiver: String.self) { $0.lowercased() }
        c.valueProperty("intValue", receiver: String.self) { Int($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
        c.valueProperty("doubleValue", receiver: String.self) { Double($0.trimmingCharacters(in: .whitespaces)) ?? 0 }
        c.valueMethod("componentsSeparatedByString", receiver: String.self) { (text: String, separator: String) in
            separator.isEmpty ? [text] : text.components(separatedBy: separator)
        }
        c.valueMethod("isEqualToString", receiver: String.self) { (text: String, other: String) in text == other }
        c.valueMethod("hasPrefix", receiver: String.self) { (text: String, prefix: String) in text.hasPrefix(prefix) }
        c.valueMethod("hasSuffix", receiver: String.self) { (text: String, suffix: String) in text.hasSuffix(suffix) }
        c.valueMethod("stringByAppendingString", receiver: String.self) { (text: String, other: String) in text + other }
        c.valueMethod("substringWithRange", receiver: String.self) { (text: String, range: NSRange) throws -> String in
            let units = Array(text.utf16)
            guard range.location + range.length <= units.count else {
                throw ScriptValueError("range {\(range.location), \(range.length)} is outside a string of length \(units.count)")
            }
            return String(decoding: units[range.location..<(range.location + range.length)], as: UTF16.self)
        }
        c.valueMethod("rangeOfString", receiver: String.self) { (text: String, part: String) -> NSRange in
            guard !part.isEmpty, let found = text.range(of: part) else { return NSRange(location: NSNotFound, length: 0) }
            return NSRange(found, in: text)
        }
    },
    NativeClass("NSArray", superclass: "NSObject", type: ArrayObject.self, allocate: { ArrayObject([]) }) { c in
        c.property("count") { (array: ArrayObject) in array.elements.count }
        c.method("objectAtIndex") { (array: ArrayObject, index: Int) throws -> AnyScriptValue in
            guard array.elements.indices.contains(index) else {
                throw ScriptValueError("index \(index) beyond bounds [0 .. \(array.elements.count - 1)]")
            }
            return AnyScriptValue(array.elements[index])
        }
        c.property("firstObject") { (array: ArrayObject) in AnyScriptValue(array.elements.first) }
        c.property("lastObject") { (array: ArrayObject) in AnyScriptValue(array.elements.last) }
        c.method("containsObject") { (array: ArrayObject, candidate: AnyScriptValue) in
            array.elements.contains { isSameElement($0, candidate.value) }
        }
        c.metamethod("__len") { call in
            try call.frame.push(Int64(try call.receiverArray().elements.count))
            return 1
        }
        c.metamethod("__index") { call in try call.arrayIndex() }
        c.metamethod("__call") { call in try call.arrayNext() }
    },
    IndexSetObject.describe(),
    NativeClass(values: IndexPathValue.self, superclass: "NSObject") { c in
        c.valueProperty("item", receiver: IndexPathValue.self) { $0.item }
        c.valueProperty("row", receiver: IndexPathValue.self) { $0.item }
        c.valueProperty("section", receiver: IndexPathValue.self) { $0.section }
        c.valueProperty("length", receiver: IndexPathValue.self) { _ in 2 }
        c.valueMethod("isEqual", receiver: IndexPathValue.self) { (path: IndexPathValue, other: AnyScriptValue) in
            path == other.value as? IndexPathValue
        }
        c.valueMethod("compare", receiver: IndexPathValue.self) { (path: IndexPathValue, other: IndexPathValue) in
            path < other ? -1 : path == other ? 0 : 1
        }
        c.classMethod("indexPathForItem_inSection") { (item: Int, section: Int) in
            try IndexPathValue(checkedItem: item, section: section)
        }
        c.classMethod("indexPathForRow_inSection") { (row: Int, section: Int) in
            try IndexPathValue(checkedItem: row, section: section)
        }
        c.metamethod("__eq") { call in
            let equal = (try? IndexPathValue.read(from: call, at: 1) == IndexPathValue.read(from: call, at: 2)) ?? false
            try call.frame.push(equal)
            return 1
        }
        c.metamethod("__tostring") { call in
            let path = try IndexPathValue.read(from: call, at: 1)
            try call.frame.push("<NSIndexPath section \(path.section), item \(path.item)>")
            return 1
        }
        c.metamethod("__lt") { call in
            guard let a = try? IndexPathValue.read(from: call, at: 1), let b = try? IndexPathValue.read(from: call, at: 2) else {
                throw BridgeError("attempt to compare an NSIndexPath with \(call.describe(2))")
            }
            try call.frame.push(a < b)
            return 1
        }
    },
] }

/// Any value that crossed the bridge, pushed as it is (an array element, a dictionary value).
public struct AnyScriptValue: ScriptConvertible {
    public let value: (any ScriptConvertible)?
    public init(_ value: (any ScriptConvertible)?) { self.value = value }

    public static var scriptType: ScriptType { .any }

    public static func read(from call: BridgeCall, at position: Int32) throws -> AnyScriptValue {
        switch call.frame.type(position) {
        case .nil, .none: return AnyScriptValue(nil)
        case .boolean: return AnyScriptValue(call.frame.boolean(position))
        case .number:
            if let integer = try? call.frame.integer(position), let value = Int(exactly: integer) { return AnyScriptValue(value) }
            return AnyScriptValue(try call.frame.number(position))
        case .string: return AnyScriptValue(try call.frame.string(position))
        case .function: return AnyScriptValue(try ScriptBlock.read(from: call, at: position))
        case .userdata:
            if let object = call.frame.object(position, as: BridgeObject.self) { return AnyScriptValue(object) }
            if let cls = call.frame.object(position, as: ClassObject.self) { return AnyScriptValue(cls) }
            if let value = try call.scriptValue(at: position) { return AnyScriptValue(value) }
            throw call.mismatch(.any, at: position)
        case .table: return AnyScriptValue(try ScriptTable.read(from: call, at: position))
        default: throw call.mismatch(.any, at: position)
        }
    }

    public func push(to call: BridgeCall) throws {
        if let value { try value.push(to: call) } else { try call.frame.pushNil() }
    }
}

/// A Lua table passed through native code unchanged.
public struct ScriptTable: ScriptConvertible {
    public let table: LuaTable
    public static var scriptType: ScriptType { .dictionary(.any) }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ScriptTable {
        guard case .table(let table) = try call.frame.value(position) else { throw call.mismatch(scriptType, at: position) }
        return ScriptTable(table: table)
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(.table(table)) }
}

/// Whether an array element is `candidate`: the same object, or an equal value (NSArray's
/// `isEqual`, for the classes whose instances are values).
func isSameElement(_ element: any ScriptConvertible, _ candidate: Any?) -> Bool {
    if let value = element as? any ScriptValueObject { return value.isEqual(to: candidate) }
    return (element as? BridgeObject).map { $0 === candidate as? BridgeObject } ?? false
}

extension BridgeCall {
    func receiverArray() throws -> ArrayObject {
        guard let array = frame.object(1, as: ArrayObject.self) else {
            throw BridgeError("NSArray expected, got \(describe(1))")
        }
        return array
    }

    /// `array[i]` from 1; other keys go to the class's dispatch.
    func arrayIndex() throws -> Int32 {
        let array = try receiverArray()
        if frame.type(2) == .number {
            guard let index = try? frame.integer(2), index >= 1, index <= Int64(array.elements.count) else { return 0 }
            try array.elements[Int(index) - 1].push(to: self)
            return 1
        }
        guard let dispatch = try bridge.classObject(for: array).defaultIndex else { return 0 }
        let value = try frame.call(dispatch.reference, arguments: { frame in
            try frame.pushCopy(1)
            try frame.pushCopy(2)
        }, results: { first, count in count > 0 ? try frame.value(first) : LuaValue.nil })
        try frame.push(value)
        return 1
    }

    /// `for x in array do`: Lua calls the array with the previous element; the array keeps
    /// its position, and checks it against the element when elements are objects (so nested
    /// loops over one array stay right).
    func arrayNext() throws -> Int32 {
        let array = try receiverArray()
        var next = 0
        if frame.type(3) != .nil, frame.type(3) != .none {
            if let object = frame.object(3, as: BridgeObject.self) {
                next = array.index(after: { ($0 as? BridgeObject) === object })
            } else if let value = try? scriptValue(at: 3) {
                next = array.index(after: { isSameElement($0, value) })
            } else {
                next = array.cursor + 1
            }
        }
        guard next < array.elements.count else { return 0 }
        array.cursor = next
        try array.elements[next].push(to: self)
        return 1
    }
}
