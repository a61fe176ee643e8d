import LuaRuntime
import ObjectBridge
import Testing

/// The registry fuzzer over the test classes, and the 100,000-object leak test.
@Suite struct FuzzAndLeakTests {
    @Test func hundredThousandHostileCallsOverTheRegistry() throws {
        let bridge = try TestBridge().bridge
        #expect(try RegistryFuzzer.memberCount(bridge) > 40)
        let outcome = try RegistryFuzzer.run(bridge)
        #expect(outcome.calls >= 100_000)
        #expect(outcome.badFailures == 0, "every failure must be a Lua error with a message")
        #expect(outcome.failures > 0 && outcome.failures < outcome.calls)
        #expect(try bridge.state.run("return 40 + 2") == [42])
        #expect(outcome.objectsAfter == outcome.objectsBefore)
    }

    @Test func hundredThousandScriptObjectsLeaveNothingBehind() throws {
        var options = LuaState.Options()
        options.timeBudget = .seconds(120)
        let t = try TestBridge(options: options)
        let bridge = t.bridge
        try t.run(
            """
            Cell = objc.Widget:createSubclass("LeakCell")
            function Cell:refresh() self.refreshed = true end
            Cell:declareActionMethod("refresh")
            Cell:new()  -- caches the class's `new`
            """)
        bridge.state.collectGarbage()
        let objects = bridge.state.liveNativeObjects
        let references = bridge.state.liveReferences
        try t.run(
            """
            for i = 1, 100000 do
                local cell = Cell:new()
                local other = Cell:new()
                cell.index = i
                cell.content = other              -- a native ownership edge
                other.owner = cell                -- and a field back: a cycle through Lua
                cell:addMessageHandler("system.did_load_module", function(self) self.count = i end)
                other:addMessageHandler({ "a", "b" }, "refresh")
                cell:keepBlock(function() return cell, other end)  -- a completion block holding its owner,
                cell:callKeptBlock()                               -- released after use
                other:keepBlock(function() return i end)           -- a block kept until its holder goes
                cell.delegate = other             -- weak
            end
            message.post("a")
            """)
        try t.run("collectgarbage(); collectgarbage()")
        bridge.state.collectGarbage()
        #expect(bridge.state.liveNativeObjects == objects)
        #expect(bridge.state.liveReferences == references)
    }

    @Test func ownedObjectsKeepTheirFieldsWhileTheirOwnerLives() throws {
        let t = try TestBridge()
        try t.run(
            """
            owner = objc.Widget:new()
            local child = objc.Widget:new()
            child.note = "kept"
            owner.content = child
            """)
        try t.run("collectgarbage(); collectgarbage()")
        #expect(try t.run("return owner.content.note") == ["kept"])
        try t.run("owner.content = nil; collectgarbage(); collectgarbage()")
        #expect(try t.run("return owner.content") == [nil])
    }
}
