import LuaRuntime

/// The registry-driven API fuzzer: calls every member of every registered native class (later
/// layers' classes join through the registry) with random and hostile receivers and arguments:
/// wrong types, nil, huge numbers, NaN, deep and cyclic tables, trap metatables, erroring
/// functions, other classes' objects and classes. Every failure must be a Lua error with a
/// message, and the process must not crash.
public enum RegistryFuzzer {
    /// What a run did.
    public struct Outcome: Sendable {
        public var calls = 0
        public var failures = 0
        /// Failures whose error was not a non-empty string: each one is a bug.
        public var badFailures = 0
        /// Live native objects after the first round (which fills caches) and after the run
        /// and a full collection: equal when nothing leaked.
        public var objectsBefore = 0
        public var objectsAfter = 0
    }

    /// Runs `rounds` rounds of `callsPerRound` calls, each round with its own seed; with
    /// `collectEvery`, a full collection runs after every that many calls, so objects die and
    /// finalizers run between the hostile calls.
    public static func run(
        _ bridge: ObjectBridge, rounds: Int = 11, callsPerRound: Int = 10_000,
        collectEvery: Int = 0
    ) throws -> Outcome {
        let members = try registryTable(bridge)
        let driver = try bridge.state.load(Self.driver, chunkName: "=fuzzer")
        var outcome = Outcome()
        for round in 0..<rounds {
            if round == 1 {
                bridge.state.collectGarbage()
                outcome.objectsBefore = bridge.state.liveNativeObjects
            }
            let results = try driver.call(
                .table(members), .integer(Int64(callsPerRound)), .integer(Int64(round * 7919 + 1)),
                .integer(Int64(collectEvery)))
            outcome.calls += Int(results[0].integerValue ?? 0)
            outcome.failures += Int(results[1].integerValue ?? 0)
            outcome.badFailures += Int(results[2].integerValue ?? 0)
        }
        try bridge.state.run("collectgarbage()")
        bridge.state.collectGarbage()
        bridge.state.collectGarbage()
        outcome.objectsAfter = bridge.state.liveNativeObjects
        return outcome
    }

    /// How many members the fuzzer reaches.
    public static func memberCount(_ bridge: ObjectBridge) throws -> Int {
        try registryTable(bridge).rawLength
    }

    /// Every member of every registered class, as the fuzzer's Lua driver reads it.
    private static func registryTable(_ bridge: ObjectBridge) throws -> LuaTable {
        let members = try bridge.state.makeTable()
        var index: Int64 = 0
        func add(_ kind: String, _ cls: ClassObject, _ name: String, _ arity: Int) throws {
            let entry = try bridge.state.makeTable()
            try entry.set("kind", .string(kind))
            try entry.set("className", .string(cls.name))
            try entry.set("name", .string(name))
            try entry.set("arity", .integer(Int64(arity)))
            index += 1
            try members.set(.integer(index), .table(entry))
        }
        for description in bridge.nativeClasses {
            guard let cls = bridge.classes[description.name] else { continue }
            for method in description.methods { try add("method", cls, method.name, method.parameters.count) }
            for property in description.properties { try add("property", cls, property.name, 1) }
            for method in description.classMethods { try add("classMethod", cls, method.name, method.parameters.count) }
            for property in description.classProperties { try add("classProperty", cls, property.name, 0) }
            for method in description.methods where method.name.hasPrefix("init") {
                try add("new", cls, "new" + method.name.dropFirst(4), method.parameters.count)
            }
        }
        for (_, entry) in try members.pairs() {
            guard case .table(let entry) = entry, case .string(let name) = try entry.get("className") else { continue }
            try entry.set("class", try bridge.state.run("return objc['\(name)']", chunkName: "=registry").first ?? .nil)
        }
        return members
    }

    private static let driver = String(decoding: PackageResources.fuzzer_lua, as: UTF8.self)
}
