import LuaRuntime
import Testing

/// The collector's two modes keep the same promises: finalizers run (the last marked first), a
/// native object goes once its userdata is collected and not before, weak tables forget what
/// only they hold, and a finalizer may bring an object back.
@Suite struct CollectorModeTests {
    static let modes: [LuaState.Collector] = [.incremental, .generational]
    let counter = LiveCounter()

    /// A state in `mode` with `tracked(payload)`, which makes a native object `counter` counts.
    func makeTrackedState(_ mode: LuaState.Collector) throws -> LuaState {
        let lua = try makeState(collector: mode)
        _ = try lua.defineTrackedFactory("tracked", counter: counter)
        return lua
    }

    @Test(arguments: modes) func finalizersRunAndNativeObjectsGo(mode: LuaState.Collector) throws {
        let lua = try makeTrackedState(mode)
        // Setting a mode answers the one before.
        #expect(try lua.first("return collectgarbage('\(mode)')") == .string("\(mode)"))
        try lua.run(
            """
            order = {}
            for i = 1, 3 do setmetatable({}, { __gc = function() order[#order + 1] = i end }) end
            kept = tracked(1)
            for i = 2, 200 do local dropped = tracked(i) end
            """)
        lua.collectGarbage()
        #expect(try lua.first("return table.concat(order, ' ')") == "3 2 1")
        #expect(counter.live == 1, "only the object a global holds is left")
        try lua.run("kept = nil")
        lua.collectGarbage()
        #expect(counter.live == 0)
    }

    @Test(arguments: modes) func weakTablesForgetWhatOnlyTheyHold(mode: LuaState.Collector) throws {
        let lua = try makeTrackedState(mode)
        try lua.run(
            """
            values = setmetatable({}, { __mode = "v" })
            keys = setmetatable({}, { __mode = "k" })
            held = tracked(0)
            values.held, values.dropped = held, tracked(1)
            keys[held], keys[tracked(2)] = "held", "dropped"
            -- an ephemeron: the value refers to its own key, which nothing else holds
            do local key = {} keys[key] = { key } end
            -- old enough to be promoted before it is dropped, in the generational mode
            collectgarbage() collectgarbage()
            values.dropped = nil
            local late = tracked(3)
            values.late = late
            late = nil
            """)
        lua.collectGarbage()
        #expect(
            try lua.first(
                """
                local count = 0 for _ in pairs(keys) do count = count + 1 end
                return (values.held ~= nil and values.late == nil and keys[held] == "held" and count == 1)
                """) == true)
        #expect(counter.live == 1)
    }

    @Test(arguments: modes) func aFinalizerBringsAnObjectBack(mode: LuaState.Collector) throws {
        let lua = try makeTrackedState(mode)
        try lua.run(
            """
            do
                local holder = setmetatable({}, { __gc = function(self) revived = self.object end })
                holder.object = tracked(7)
            end
            """)
        lua.collectGarbage()
        #expect(try lua.first("return revived ~= nil") == true)
        try lua.run("revived = nil")
        lua.collectGarbage()
        lua.collectGarbage()
        #expect(counter.live == 0)
    }
}
