import Foundation
import LuaRuntime

/// `NSMutableArray`: an NSArray that changes, from 0 as Foundation indexes it in its methods
/// and from 1 with `array[i]` (which also sets an element, or adds one just past the end). It
/// owns the objects in it.
public final class MutableArrayObject: ArrayObject {
    func insert(_ element: any ScriptConvertible, at index: Int) {
        hold(element)
        elements.insert(element, at: index)
    }

    func replace(at index: Int, with element: any ScriptConvertible) {
        hold(element)
        letGo(elements[index])
        elements[index] = element
    }

    func remove(at index: Int) { letGo(elements.remove(at: index)) }

    func removeAll(where shouldRemove: (any ScriptConvertible) -> Bool = { _ in true }) {
        for element in elements where shouldRemove(element) { letGo(element) }
        elements.removeAll(where: shouldRemove)
    }

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
                c.declared(inHeader: "NSArray")
                c.classMethod("array") { () -> MutableArrayObject in MutableArrayObject([]) }
                c.classMethod("arrayWithCapacity") { (_: Int) -> MutableArrayObject in MutableArrayObject([]) }
                c.classMethod("arrayWithArray") { (elements: [AnyScriptValue]) -> MutableArrayObject in
                    MutableArrayObject.holding(
                        try elements.map { try collectionValue($0, "an NSMutableArray's element") })
                }
                c.method("addObject") { (array: MutableArrayObject, element: AnyScriptValue) in
                    array.insert(try collectionValue(element, "the object added"), at: array.elements.count)
                }
                c.method("addObjectsFromArray") { (array: MutableArrayObject, others: [AnyScriptValue]) in
                    for other in try others.map({ try collectionValue($0, "an object added") }) {
                        array.insert(other, at: array.elements.count)
                    }
                }
                c.method("insertObject_atIndex") { (array: MutableArrayObject, element: AnyScriptValue, index: Int) in
                    let value = try collectionValue(element, "the object inserted")
                    array.insert(value, at: try array.checkedIndex(index, allowsEnd: true))
                }
                c.method("removeObjectAtIndex") { (array: MutableArrayObject, index: Int) in
                    array.remove(at: try array.checkedIndex(index))
                }
                c.method("removeLastObject") { (array: MutableArrayObject) in
                    if !array.elements.isEmpty { array.remove(at: array.elements.count - 1) }
                }
                c.method("removeAllObjects") { (array: MutableArrayObject) in array.removeAll() }
                c.method("removeObject") { (array: MutableArrayObject, element: AnyScriptValue) in
                    array.removeAll { isSameElement($0, element.value) }
                }
                c.method("replaceObjectAtIndex_withObject") {
                    (array: MutableArrayObject, index: Int, element: AnyScriptValue) in
                    array.replace(
                        at: try array.checkedIndex(index), with: try collectionValue(element, "the new object"))
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
                        array.insert(value, at: position)
                    } else {
                        array.replace(at: position, with: value)
                    }
                    return 0
                }
            }
        }
    }
}
