import Foundation
import LuaRuntime

extension IndexSetObject {
    /// Scripts' view of `IndexSetObject`: NSIndexSet.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "NSIndexSet", superclass: "NSObject", type: IndexSetObject.self, allocate: { IndexSetObject([]) }
            ) { c in
                c.classMethod("indexSet") { IndexSetObject([]) }
                c.classMethod("indexSetWithIndex") { (index: Int) -> IndexSetObject in
                    guard index >= 0 else { throw ScriptValueError("index must be from 0, got \(index)") }
                    return IndexSetObject([index])
                }
                c.classMethod("indexSetWithIndexesInRange") { (range: NSRange) -> IndexSetObject in
                    guard range.length <= ArrayObject.maximumCount else {
                        throw ScriptValueError(
                            "a range of \(range.length) indexes is longer than \(ArrayObject.maximumCount)")
                    }
                    return IndexSetObject(range.location..<(range.location + range.length))
                }
                c.property("count") { (set: IndexSetObject) in set.indexes.count }
                c.property("firstIndex") { (set: IndexSetObject) in set.indexes.first ?? NSNotFound }
                c.property("lastIndex") { (set: IndexSetObject) in set.indexes.last ?? NSNotFound }
                c.method("containsIndex") { (set: IndexSetObject, index: Int) in set.indexes.contains(index) }
            }
        }
    }
}
