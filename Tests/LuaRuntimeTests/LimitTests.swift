import LuaRuntime
import Testing

/// The time budget and the memory limit stop runaway scripts, and the state goes on.
@Suite struct LimitTests {
    func expectStopped(_ source: String, budget: Duration = .milliseconds(200)) throws {
        let lua = try makeState(budget: budget)
        let error = #expect(throws: LuaError.self) { try lua.run(source, chunkName: "=loop") }
        #expect(error?.kind == .timeBudget, "\(source): \(String(describing: error))")
        #expect(error?.message.contains("time budget of 0.2 s exceeded") == true)
        #expect(try lua.first("local n = 0 for i = 1, 1000 do n = n + i end return n") == 500500)
    }

    @Test func stopsAnEndlessLoop() throws {
        try expectStopped("while true do end")
    }

    @Test func aScriptsOwnPcallCannotSwallowTheBudget() throws {
        try expectStopped(
            """
            for attempt = 1, 1e9 do pcall(function() while true do end end) end
            return "swallowed"
            """)
    }

    @Test func stopsALoopInsideACoroutine() throws {
        try expectStopped("coroutine.wrap(function() while true do end end)()")
        try expectStopped(
            """
            local co = coroutine.create(function() while true do end end)
            local ok, message = coroutine.resume(co)
            return "the coroutine's error did not stop the caller"
            """)
    }

    @Test func stopsACoroutineThatYieldsForever() throws {
        try expectStopped(
            """
            local co = coroutine.wrap(function() while true do coroutine.yield() end end)
            while true do co() end
            """)
    }

    @Test func theBudgetCoversCallsBackIntoLuaFromSwift() throws {
        let lua = try makeState(budget: .milliseconds(200))
        let relay = try lua.makeFunction(named: "relay") { frame in
            try frame.value(1).functionValue?.call()
            return 0
        }
        try lua.setGlobal("relay", .function(relay))
        let error = #expect(throws: LuaError.self) { try lua.run("relay(function() while true do end end)") }
        #expect(error?.kind == .timeBudget)
        #expect(try lua.first("return 1 + 1") == 2)
    }

    @Test func workWithinTheBudgetIsNotInterrupted() throws {
        let lua = try makeState(budget: .seconds(30))
        for _ in 0..<3 {
            #expect(try lua.first("local n = 0 for i = 1, 2e6 do n = n + 1 end return n") == 2_000_000)
        }
    }

    @Test func stringRepBeyondTheLimit() throws {
        let lua = try makeState()
        let error = #expect(throws: LuaError.self) { try lua.run(#"return string.rep("x", 2^31 - 1)"#) }
        #expect(error?.kind == .memory)
        #expect(error?.message == "not enough memory")
        // 2^31 is past Lua's own string size limit, which it reports before allocating.
        let tooLarge = #expect(throws: LuaError.self) { try lua.run(#"return string.rep("x", 2^31)"#) }
        #expect(tooLarge?.message.contains("resulting string too large") == true)
        #expect(try lua.first(#"return #string.rep("x", 1000)"#) == 1000)
    }

    @Test func tableGrowthBeyondTheLimit() throws {
        let lua = try makeState(memoryLimit: 64 << 20)
        let error = #expect(throws: LuaError.self) {
            try lua.run("local t = {} for i = 1, 1e9 do t[i] = { i } end")
        }
        #expect(error?.kind == .memory)
        lua.collectGarbage()
        #expect(lua.memoryInUse < 8 << 20, "the failed table was collected")
        #expect(try lua.first("local t = {} for i = 1, 1000 do t[i] = i end return #t") == 1000)
    }
}
