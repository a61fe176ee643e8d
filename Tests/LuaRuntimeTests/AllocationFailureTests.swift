import LuaRuntime
import Testing

/// The method of Lua's own test suite and SQLite: fail allocation number N, for every N the
/// workload makes, once and persistently. Every run succeeds or reports "not enough memory",
/// nothing crashes, and closing the state frees every Swift object Lua held.
@Suite struct AllocationFailureTests {
    /// Pushes Swift objects, calls Swift from Lua and Lua from Swift, and checks identity.
    static func workload(_ lua: LuaState, _ counter: LiveCounter) throws {
        let type = try lua.defineTrackedFactory("tracked", counter: counter)
        let sum = try lua.makeFunction(named: "sum") { frame in
            try frame.push(try frame.integer(1) + frame.integer(2))
            return 1
        }
        let label = try lua.makeFunction(named: "label") { frame in
            try frame.push("item \(try frame.integer(1))")
            return 1
        }
        try lua.setGlobal("sum", .function(sum))
        try lua.setGlobal("label", .function(label))
        let results = try lua.run(
            """
            local objects, total = {}, 0
            for i = 1, 20 do
                objects[i] = tracked(i)
                objects[i].name = label(i)
                total = sum(total, i)
            end
            return function(suffix) return objects[3].name .. suffix end, total, objects
            """, chunkName: "=workload")
        guard results.count == 3, let describe = results[0].functionValue else {
            Issue.record("workload returned \(results.count) values")
            return
        }
        #expect(try describe.call("!") == ["item 3!"])
        #expect(results[1] == 210)
        let shared = Tracked(counter)
        #expect(try lua.value(for: shared, type: type) == lua.value(for: shared, type: type))
    }

    func sweep(persistent: Bool) throws {
        let counter = LiveCounter()
        let clean = try LuaState()
        try Self.workload(clean, counter)
        let allocations = clean.allocationCount
        clean.close()
        #expect(counter.live == 0)

        var failures = 0
        for n in 1...(allocations + 1) {
            var options = LuaState.Options()
            options.allocationFailure = (n, persistent)
            options.timeBudget = .zero
            options.warningHandler = { _ in }  // finalizers that cannot run for lack of memory warn
            do {
                let lua = try LuaState(options: options)
                do {
                    try Self.workload(lua, counter)
                } catch let error as LuaError {
                    #expect(error.kind == .memory, "allocation \(n): \(error)")
                    #expect(error.message.contains("not enough memory"), "allocation \(n): \(error)")
                    failures += 1
                }
                lua.close()
            } catch let error as LuaError {
                #expect(error.kind == .memory, "allocation \(n) while creating the state: \(error)")
                failures += 1
            }
            #expect(counter.live == 0, "allocation \(n) leaked \(counter.live) objects")
        }
        // Persistent failures must surface; single ones are mostly absorbed by Lua's emergency
        // collection and retry, which is what the sweep exercises.
        if persistent { #expect(failures == allocations) }
        print("sweep persistent=\(persistent): \(allocations) allocations, \(failures) reported out of memory")
    }

    @Test func singleFailureSweep() throws { try sweep(persistent: false) }
    @Test func persistentFailureSweep() throws { try sweep(persistent: true) }
}
