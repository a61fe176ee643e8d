import Foundation
import LuaRuntime

extension DictionaryObject {
    /// Scripts' view of `DictionaryObject`: NSDictionary and NSMutableDictionary.
    enum Script {
        static func nativeClasses() -> [NativeClass] {
            [
                NativeClass(
                    "NSDictionary", superclass: "NSObject", type: DictionaryObject.self,
                    allocate: { DictionaryObject() }
                ) { c in
                    addMakers(to: c)
                    c.property("count") { (dictionary: DictionaryObject) in dictionary.count }
                    c.method("objectForKey") { (dictionary: DictionaryObject, key: AnyScriptValue) in
                        AnyScriptValue(try dictionary.value(for: try collectionValue(key, "the key")))
                    }
                    c.property("allKeys") { (dictionary: DictionaryObject) in ArrayObject.holding(dictionary.keys) }
                    c.property("allValues") { (dictionary: DictionaryObject) in ArrayObject.holding(dictionary.values) }
                    c.method("copy") { (dictionary: DictionaryObject) in try copy(dictionary, mutable: false) }
                    c.method("mutableCopy") { (dictionary: DictionaryObject) in try copy(dictionary, mutable: true) }
                    addMetamethods(to: c)
                },
                NativeClass(
                    "NSMutableDictionary", superclass: "NSDictionary", type: MutableDictionaryObject.self,
                    allocate: { MutableDictionaryObject() }
                ) { c in
                    c.declared(inHeader: "NSDictionary")
                    addMakers(to: c)
                    c.classMethod("dictionaryWithCapacity") { (_: Int) -> MutableDictionaryObject in
                        MutableDictionaryObject()
                    }
                    c.method("setObject_forKey") {
                        (dictionary: MutableDictionaryObject, value: AnyScriptValue, key: AnyScriptValue) in
                        try dictionary.set(
                            try collectionValue(value, "the object"), for: try collectionValue(key, "the key"))
                    }
                    c.method("removeObjectForKey") { (dictionary: MutableDictionaryObject, key: AnyScriptValue) in
                        try dictionary.removeValue(for: try collectionValue(key, "the key"))
                    }
                    c.method("removeAllObjects") { (dictionary: MutableDictionaryObject) in dictionary.removeAll() }
                    c.method("addEntriesFromDictionary") {
                        (dictionary: MutableDictionaryObject, other: [String: AnyScriptValue]) in
                        try add(other, to: dictionary)
                    }
                    addMetamethods(to: c)
                },
            ]
        }

        /// The class methods that make one: empty, from a table of string keys, or from arrays of
        /// values and keys.
        private static func addMakers<Made: DictionaryObject>(to c: NativeClassBuilder<Made>) {
            c.classMethod("dictionary") { () -> Made in Made() }
            c.classMethod("dictionaryWithDictionary") { (table: [String: AnyScriptValue]) -> Made in
                let made = Made()
                try add(table, to: made)
                return made
            }
            c.classMethod("dictionaryWithObjects_forKeys") {
                (values: [AnyScriptValue], keys: [AnyScriptValue]) -> Made in
                guard values.count == keys.count else {
                    throw ScriptValueError(
                        "dictionaryWithObjects_forKeys: \(values.count) objects for \(keys.count) keys")
                }
                let made = Made()
                for (value, key) in zip(values, keys) {
                    try made.set(try collectionValue(value, "an object"), for: try collectionValue(key, "a key"))
                }
                return made
            }
        }

        /// A table's entries, in its keys' order (a table's own order is not repeatable).
        private static func add(_ table: [String: AnyScriptValue], to dictionary: DictionaryObject) throws {
            for (key, value) in table.sorted(by: { $0.key < $1.key }) {
                try dictionary.set(try collectionValue(value, "the value of '\(key)'"), for: key)
            }
        }

        private static func copy(_ dictionary: DictionaryObject, mutable: Bool) throws -> DictionaryObject {
            let made = mutable ? MutableDictionaryObject() : DictionaryObject()
            for key in dictionary.keys {
                if let value = try dictionary.value(for: key) { try made.set(value, for: key) }
            }
            return made
        }

        /// `#`, `pairs` and `for key, value in dictionary do`.
        static func addMetamethods<Dictionary: DictionaryObject>(to c: NativeClassBuilder<Dictionary>) {
            addLengthAndPairs(to: c) { $0.count }
            c.metamethod("__call") { call in
                guard let dictionary = call.frame.object(1, as: DictionaryObject.self) else { return 0 }
                let previous = try AnyScriptValue.read(from: call, at: 3).value
                let next = try dictionary.index(after: previous)
                guard next < dictionary.count else { return 0 }
                dictionary.cursor = next
                let key = dictionary.keys[next]
                try key.push(to: call)
                try AnyScriptValue(try dictionary.value(for: key)).push(to: call)
                return 2
            }
        }
    }
}
