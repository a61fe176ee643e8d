import Foundation
import LuaRuntime

/// `NSSet` (and its subclass `NSMutableSet`), which owns its objects: distinct members (strings and numbers by value,
/// objects by identity) in the order they were added. `#set` is its count; `for member in set
/// do` and `pairs(set)` (each member with true) go through it.
public class SetObject: BridgeObject {
    private(set) var members: [any ScriptConvertible] = []
    private var positions: [CollectionKey: Int] = [:]
    var cursor = 0

    public required override init() {}

    func contains(_ member: any ScriptConvertible) throws -> Bool {
        positions[try CollectionKey(member, what: "a set's member")] != nil
    }

    func insert(_ member: any ScriptConvertible) throws {
        let key = try CollectionKey(member, what: "a set's member")
        guard positions[key] == nil else { return }
        hold(member)
        positions[key] = members.count
        members.append(member)
    }

    func remove(_ member: any ScriptConvertible) throws {
        guard let index = positions.removeValue(forKey: try CollectionKey(member, what: "a set's member")) else {
            return
        }
        letGo(members.remove(at: index))
        for (key, position) in positions where position > index { positions[key] = position - 1 }
    }

    func removeAll() {
        for member in members { letGo(member) }
        members = []
        positions = [:]
    }

    /// The position after `previous` in a loop (0 to start).
    func index(after previous: (any ScriptConvertible)?) throws -> Int {
        guard let previous else { return 0 }
        let key = try CollectionKey(previous, what: "a set's member")
        if members.indices.contains(cursor), (try? CollectionKey(members[cursor], what: "")) == key {
            return cursor + 1
        }
        return (positions[key] ?? members.count) + 1
    }

    enum Script {
        static func nativeClasses() -> [NativeClass] {
            [
                NativeClass("NSSet", superclass: "NSObject", type: SetObject.self, allocate: { SetObject() }) { c in
                    addMakers(to: c)
                    c.property("count") { (set: SetObject) in set.members.count }
                    c.method("containsObject") { (set: SetObject, member: AnyScriptValue) in
                        try set.contains(try collectionValue(member, "the member"))
                    }
                    c.method("member") { (set: SetObject, member: AnyScriptValue) -> AnyScriptValue in
                        let candidate = try collectionValue(member, "the member")
                        let key = try CollectionKey(candidate, what: "the member")
                        return AnyScriptValue(set.members.first { (try? CollectionKey($0, what: "")) == key })
                    }
                    c.property("allObjects") { (set: SetObject) in ArrayObject.holding(set.members) }
                    c.property("anyObject") { (set: SetObject) in AnyScriptValue(set.members.first) }
                    addMetamethods(to: c)
                },
                NativeClass(
                    "NSMutableSet", superclass: "NSSet", type: MutableSetObject.self, allocate: { MutableSetObject() }
                ) { c in
                    addMakers(to: c)
                    c.method("addObject") { (set: MutableSetObject, member: AnyScriptValue) in
                        try set.insert(try collectionValue(member, "the member"))
                    }
                    c.method("addObjectsFromArray") { (set: MutableSetObject, members: [AnyScriptValue]) in
                        for member in members { try set.insert(try collectionValue(member, "a member")) }
                    }
                    c.method("removeObject") { (set: MutableSetObject, member: AnyScriptValue) in
                        try set.remove(try collectionValue(member, "the member"))
                    }
                    c.method("removeAllObjects") { (set: MutableSetObject) in set.removeAll() }
                    addMetamethods(to: c)
                },
            ]
        }

        private static func addMakers<Made: SetObject>(to c: NativeClassBuilder<Made>) {
            c.classMethod("set") { () -> Made in Made() }
            c.classMethod("setWithArray") { (members: [AnyScriptValue]) -> Made in
                let made = Made()
                for member in members { try made.insert(try collectionValue(member, "a member")) }
                return made
            }
        }

        /// `#`, `for member in set do` and `pairs(set)` (a member with true).
        private static func addMetamethods<Set: SetObject>(to c: NativeClassBuilder<Set>) {
            addLengthAndPairs(to: c) { $0.members.count }
            c.metamethod("__call") { call in
                guard let set = call.frame.object(1, as: SetObject.self) else { return 0 }
                let next = try set.index(after: try AnyScriptValue.read(from: call, at: 3).value)
                guard next < set.members.count else { return 0 }
                set.cursor = next
                try set.members[next].push(to: call)
                try call.frame.push(true)
                return 2
            }
        }
    }
}

/// `NSMutableSet`.
public final class MutableSetObject: SetObject {}
