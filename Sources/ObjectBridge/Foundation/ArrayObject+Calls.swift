import Foundation
import LuaRuntime

/// Whether an array element is `candidate`: the same object, or an equal value (NSArray's
/// `isEqual`, for the classes whose instances are values, strings and numbers).
func isSameElement(_ element: any ScriptConvertible, _ candidate: Any?) -> Bool {
    if let value = element as? any ScriptValueObject { return value.isEqual(to: candidate) }
    if let object = element as? BridgeObject { return object === candidate as? BridgeObject }
    // Strings and numbers by value, as NSString's and NSNumber's isEqual compare them.
    guard let candidate = candidate as? any ScriptConvertible, let key = try? CollectionKey(element, what: "")
    else { return false }
    return (try? CollectionKey(candidate, what: "")) == key
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
        let value = try frame.call(
            dispatch.reference,
            arguments: { frame in
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
        if frame.isPropertyCall {  // `view:subviews()`: the array itself
            try frame.pushCopy(1)
            return 1
        }
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
