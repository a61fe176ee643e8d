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
                c.metamethod("__len") { call in
                    try call.frame.push(Int64(try call.receiverArray().elements.count))
                    return 1
                }
                c.metamethod("__index") { call in try call.arrayIndex() }
                c.metamethod("__call") { call in try call.arrayNext() }
            }
        }
    }
}
