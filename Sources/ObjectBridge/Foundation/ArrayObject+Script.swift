import Foundation
import LuaRuntime

extension ArrayObject {
    /// Scripts' view of `ArrayObject`: NSArray.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
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
                c.method("arrayByAddingObject") { (array: ArrayObject, element: AnyScriptValue) -> ArrayObject in
                    guard let value = element.value else { throw ScriptValueError("cannot add nil to an NSArray") }
                    return ArrayObject.holding(array.elements + [value])
                }
                c.method("arrayByAddingObjectsFromArray") { (array: ArrayObject, other: [AnyScriptValue]) in
                    ArrayObject.holding(array.elements + other.compactMap(\.value))
                }
                c.classMethod("arrayWithArray") { (elements: [AnyScriptValue]) -> ArrayObject in
                    ArrayObject.holding(try elements.map { try collectionValue($0, "an NSArray's element") })
                }
                c.method("indexOfObject") { (array: ArrayObject, candidate: AnyScriptValue) in
                    array.elements.firstIndex { isSameElement($0, candidate.value) } ?? NSNotFound
                }
                c.method("copy") { (array: ArrayObject) in ArrayObject.holding(array.elements) }
                c.method("mutableCopy") { (array: ArrayObject) in MutableArrayObject.holding(array.elements) }
                // An NSArray cannot change: an assignment to one is a mistake, said so rather
                // than kept as a script field that no loop or `#` would see.
                c.metamethod("__newindex") { _ in
                    throw ScriptValueError(
                        "an NSArray cannot be changed: make a new one with arrayByAddingObject, or copy it "
                            + "into a table (for x in array do t[#t + 1] = x end)")
                }
                addSequenceMetamethods(to: c)
            }
        }

        /// `#array`, `array[i]` and `for x in array do`, for NSArray and NSMutableArray (a
        /// class's metatable is its own).
        static func addSequenceMetamethods<Array: ArrayObject>(to c: NativeClassBuilder<Array>) {
            c.metamethod("__len") { call in
                try call.frame.push(Int64(try call.receiverArray().elements.count))
                return 1
            }
            c.metamethod("__index") { call in try call.arrayIndex() }
            c.metamethod("__call") { call in try call.arrayNext() }
        }
    }
}
