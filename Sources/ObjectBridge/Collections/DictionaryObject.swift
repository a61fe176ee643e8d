import Foundation
import LuaRuntime

/// `NSDictionary` (and its subclass `NSMutableDictionary`): values by key (strings and
/// numbers by value, objects by identity), kept in the order they were first set so that a
/// loop is repeatable. `#dictionary` is its count; `for key, value in pairs(dictionary)` and
/// `for key, value in dictionary do` go through it.
public class DictionaryObject: BridgeObject {
    private(set) var keys: [any ScriptConvertible] = []
    private var entries: [CollectionKey: (index: Int, value: any ScriptConvertible)] = [:]
    /// Where the last loop step was, so that a loop goes on without a search.
    var cursor = 0

    public required override init() {}

    var count: Int { keys.count }

    func value(for key: any ScriptConvertible) throws -> (any ScriptConvertible)? {
        entries[try CollectionKey(key, what: "a dictionary's key")]?.value
    }

    /// Sets the value of `key`; the dictionary owns the objects among its keys and values.
    func set(_ value: any ScriptConvertible, for key: any ScriptConvertible) throws {
        let id = try CollectionKey(key, what: "a dictionary's key")
        hold(value)
        if let (index, old) = entries[id] {
            letGo(old)
            entries[id] = (index, value)
        } else {
            hold(key)
            entries[id] = (keys.count, value)
            keys.append(key)
        }
    }

    func removeValue(for key: any ScriptConvertible) throws {
        guard let (index, value) = entries.removeValue(forKey: try CollectionKey(key, what: "a dictionary's key"))
        else { return }
        letGo(value)
        letGo(keys.remove(at: index))
        for (id, entry) in entries where entry.index > index { entries[id] = (entry.index - 1, entry.value) }
    }

    func removeAll() {
        for (_, entry) in entries { letGo(entry.value) }
        for key in keys { letGo(key) }
        keys = []
        entries = [:]
    }

    var values: [any ScriptConvertible] { keys.compactMap { try? value(for: $0) } }

    /// The index of the key after `previous` in a loop (0 to start).
    func index(after previous: (any ScriptConvertible)?) throws -> Int {
        guard let previous else { return 0 }
        let id = try CollectionKey(previous, what: "a dictionary's key")
        if keys.indices.contains(cursor), (try? CollectionKey(keys[cursor], what: "")) == id { return cursor + 1 }
        return (entries[id]?.index ?? keys.count) + 1
    }
}

/// `NSMutableDictionary`.
public final class MutableDictionaryObject: DictionaryObject {}
