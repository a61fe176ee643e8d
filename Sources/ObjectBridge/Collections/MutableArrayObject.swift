import Foundation
import LuaRuntime

/// `NSMutableArray`: an NSArray that changes, from 0 as Foundation indexes it in its methods
/// and from 1 with `array[i]` (which also sets an element, or adds one just past the end).
public final class MutableArrayObject: ArrayObject {
    func checkedIndex(_ index: Int, allowsEnd: Bool = false) throws -> Int {
        let limit = elements.count + (allowsEnd ? 1 : 0)
        guard index >= 0, index < limit else {
            throw ScriptValueError(
                "index \(index) beyond bounds [0 .. \(limit - 1)]" + (limit == 0 ? " (the array is empty)" : ""))
        }
        return index
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "NSMutableArray", superclass: "NSArray", type: MutableArrayObject.self,
                allocate: { MutableArrayObject([]) }
            ) { c in
                c.classMethod("array") { () -> MutableArrayObject in MutableArrayObject([]) }
                c.classMethod("arrayWithCapacity") { (_: Int) -> MutableArrayObject in MutableArrayObject([]) }
                c.classMethod("arrayWithArray") { (elements: [AnyScriptValue]) -> MutableArrayObject in
                    MutableArrayObject(try elements.map { try collectionValue($0, "an NSMutableArray's element") })
                }
                c.method("addObject") { (array: MutableArrayObject, element: AnyScriptValue) in
                    array.elements.append(try collectionValue(element, "the object added"))
                }
                c.method("addObjectsFromArray") { (array: MutableArrayObject, others: [AnyScriptValue]) in
                    array.elements += try others.map { try collectionValue($0, "an object added") }
                }
                c.method("insertObject_atIndex") { (array: MutableArrayObject, element: AnyScriptValue, index: Int) in
                    let value = try collectionValue(element, "the object inserted")
                    array.elements.insert(value, at: try array.checkedIndex(index, allowsEnd: true))
                }
                c.method("removeObjectAtIndex") { (array: MutableArrayObject, index: Int) in
                    array.elements.remove(at: try array.checkedIndex(index))
                }
                c.method("removeLastObject") { (array: MutableArrayObject) in _ = array.elements.popLast() }
                c.method("removeAllObjects") { (array: MutableArrayObject) in array.elements.removeAll() }
                c.method("removeObject") { (array: MutableArrayObject, element: AnyScriptValue) in
                    array.elements.removeAll { isSameElement($0, element.value) }
                }
                c.method("replaceObjectAtIndex_withObject") {
                    (array: MutableArrayObject, index: Int, element: AnyScriptValue) in
                    array.elements[try array.checkedIndex(index)] = try collectionValue(element, "the new object")
                }
                c.method("exchangeObjectAtIndex_withObjectAtIndex") { (array: MutableArrayObject, a: Int, b: Int) in
                    array.elements.swapAt(try array.checkedIndex(a), try array.checkedIndex(b))
                }
                ArrayObject.Script.addSequenceMetamethods(to: c)
                c.metamethod("__newindex") { call in
                    guard let array = call.frame.object(1, as: MutableArrayObject.self) else { return 0 }
                    guard call.frame.type(2) == .number, let index = try? call.frame.integer(2) else {
                        throw ScriptValueError("an NSMutableArray's elements are set by number (array[1] = x)")
                    }
                    let value = try collectionValue(try AnyScriptValue.read(from: call, at: 3), "an element")
                    let position = try array.checkedIndex(Int(clamping: index) - 1, allowsEnd: true)
                    if position == array.elements.count {
                        array.elements.append(value)
                    } else {
                        array.elements[position] = value
                    }
                    return 0
                }
            }
        }
    }
}
