import Foundation
import LuaRuntime

/// `NSIndexSet`: a sorted set of non-negative integers (sections to insert or delete).
public final class IndexSetObject: BridgeObject {
    public let indexes: [Int]

    public init(_ indexes: some Sequence<Int>) {
        self.indexes = Self.sortedUnique(indexes)
    }

    static func sortedUnique(_ indexes: some Sequence<Int>) -> [Int] {
        Array(Set(indexes)).sorted()
    }

    static func describe() -> NativeClass {
        NativeClass("NSIndexSet", superclass: "NSObject", type: IndexSetObject.self, allocate: { IndexSetObject([]) }) { c in
            c.classMethod("indexSet") { IndexSetObject([]) }
            c.classMethod("indexSetWithIndex") { (index: Int) -> IndexSetObject in
                guard index >= 0 else { throw ScriptValueError("index must be from 0, got \(index)") }
                return IndexSetObject([index])
            }
            c.classMethod("indexSetWithIndexesInRange") { (range: NSRange) -> IndexSetObject in
                guard range.length <= ArrayObject.maximumCount else {
                    throw ScriptValueError("a range of \(range.length) indexes is longer than \(ArrayObject.maximumCount)")
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

/// Indexes where native code takes an `NSIndexSet`: an index set, or a Lua sequence of integers.
public struct Indexes: ScriptConvertible {
    public let values: [Int]

    public static var scriptType: ScriptType { .object("NSIndexSet") }

    public static func read(from call: BridgeCall, at position: Int32) throws -> Indexes {
        if let set = call.frame.object(position, as: IndexSetObject.self) { return Indexes(values: set.indexes) }
        guard call.frame.type(position) == .table else { throw call.mismatch(scriptType, at: position) }
        let sequence = try [Int].read(from: call, at: position)
        guard sequence.allSatisfy({ $0 >= 0 }) else { throw ScriptValueError("indexes must be from 0, got \(sequence)") }
        return Indexes(values: IndexSetObject.sortedUnique(sequence))
    }

    public func push(to call: BridgeCall) throws { try IndexSetObject(values).push(to: call) }
}
