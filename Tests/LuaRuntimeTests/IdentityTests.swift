import LuaRuntime
import Testing

/// One Swift object is always one Lua value (docs/error-safety.md, rule 4).
@Suite struct IdentityTests {
    let counter = LiveCounter()

    @Test func theSameObjectPushedTwiceIsTheSameValue() throws {
        let lua = try makeState()
        let type = try lua.makeObjectType(named: "Tracked")
        let object = Tracked(counter)
        let compare = try lua.load("local a, b = ... return a == b, rawequal(a, b)", chunkName: "=compare")
        let first = try lua.value(for: object, type: type)
        let second = try lua.value(for: object, type: type)
        #expect(try compare.call(first, second) == [true, true])
        #expect(lua.object(of: first, as: Tracked.self) === object)
        #expect(lua.liveNativeObjects == 1, "the second push reused the userdata")
        #expect(try compare.call(first, lua.value(for: Tracked(counter), type: type)) == [false, false])
    }

    @Test func identityHoldsAcrossACollectionCycle() throws {
        let lua = try makeState()
        let type = try lua.makeObjectType(named: "Tracked")
        let object = Tracked(counter)
        let push = try lua.makeFunction(named: "push") { frame in
            try frame.push(object: object, type: type)
            return 1
        }
        try lua.setGlobal("push", .function(push))
        // The userdata becomes garbage; then a table with a finalizer (registered later, so
        // finalized first) pushes the object again while the old userdata awaits its own
        // finalizer, its weak cache entry already cleared. The old finalizer must leave the
        // new entry alone.
        try lua.run(
            """
            do local old = push(); old.mark = "old" end
            setmetatable({}, { __gc = function() again = push() end })
            """)
        lua.collectGarbage()
        #expect(try lua.first("return again ~= nil and rawequal(again, push()) and again.mark == nil") == true)
        #expect(lua.liveNativeObjects == 2, "the object and the push function's context")
        try lua.run("again = nil")
        lua.collectGarbage()
        #expect(lua.liveNativeObjects == 1)
        #expect(counter.live == 1, "Swift still holds the object")
    }

    @Test func scriptFieldsLiveWithTheObject() throws {
        let lua = try makeState()
        let type = try lua.makeObjectType(named: "Tracked")
        let object = Tracked(counter)
        let value = try lua.value(for: object, type: type)
        try lua.load("local o = ... o.label = 'hello' o[1] = 42", chunkName: "=set").call(value)
        #expect(
            try lua.load("local o = ... return o.label, o[1], o.missing", chunkName: "=get").call(value)
                == ["hello", 42, nil])
        #expect(try lua.describe(value).hasPrefix("Tracked: "))
    }

    @Test func droppingEveryReferenceFreesEverything() throws {
        let lua = try makeState()
        _ = try lua.defineTrackedFactory("tracked", counter: counter)
        let objectsBefore = lua.liveNativeObjects
        let referencesBefore = lua.liveReferences
        for round in 0..<100 {
            let function = try lua.makeFunction(named: "f\(round)") { frame in
                try frame.push(Int64(round))
                return 1
            }
            let table = try lua.makeTable()
            try table.set("f", .function(function))
            try table.set("object", lua.first("return tracked(\(round))"))
        }
        lua.collectGarbage()
        #expect(counter.live == 0)
        #expect(lua.liveNativeObjects == objectsBefore)
        #expect(lua.liveReferences == referencesBefore)
    }

    @Test func closingTheStateReleasesEveryObject() throws {
        let lua = try makeState()
        _ = try lua.defineTrackedFactory("tracked", counter: counter)
        try lua.run("keep = {} for i = 1, 1000 do keep[i] = tracked(i) end")
        #expect(counter.live == 1000)
        lua.close()
        #expect(counter.live == 0)
    }
}
