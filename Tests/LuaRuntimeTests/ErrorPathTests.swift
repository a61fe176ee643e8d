import LuaRuntime
import Testing

/// Every way an error can travel between Lua and Swift leaves the state usable and leaks nothing.
@Suite struct ErrorPathTests {
    let counter = LiveCounter()

    /// After an error: a new chunk runs correctly and no Swift object stays alive.
    func expectRecovered(_ lua: LuaState) throws {
        #expect(try lua.first("local t = {} for i = 1, 100 do t[i] = i end return #t") == 100)
        try lua.run("collectgarbage()")
        lua.collectGarbage()
        #expect(counter.live == 0)
    }

    @Test func luaErrorBelowASwiftCallbackReachesTheOuterCaller() throws {
        let lua = try makeState()
        _ = try lua.defineTrackedFactory("tracked", counter: counter)
        let callLua = try lua.makeFunction(named: "callLua") { frame in
            let held = Tracked(counter)  // alive in this Swift frame while the error passes
            _ = held
            return try Int32(frame.value(1).functionValue?.call().count ?? 0)
        }
        try lua.setGlobal("callLua", .function(callLua))
        let error = #expect(throws: LuaError.self) {
            try lua.run(
                """
                local keep = tracked(1)
                callLua(function()
                    local inner = tracked(2)
                    error("deep failure")
                end)
                """, chunkName: "@Sources/Deep.lua")
        }
        #expect(error?.kind == .runtime)
        #expect(error?.message == "Sources/Deep.lua:4: deep failure")
        #expect(error?.source == "Sources/Deep.lua")
        #expect(error?.line == 4)
        #expect(error?.traceback?.contains("in function 'callLua'") == true)
        try expectRecovered(lua)
    }

    @Test func swiftErrorBecomesALuaErrorAtTheCallingLine() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused by Swift" } }
        let lua = try makeState()
        let refuse = try lua.makeFunction(named: "refuse") { _ in throw Refused() }
        try lua.setGlobal("refuse", .function(refuse))
        let caught = try lua.run(
            """
            local ok, message = pcall(function() refuse() end)
            return ok, message
            """, chunkName: "@Main.lua")
        #expect(caught == [false, "Main.lua:1: refused by Swift"])
        let error = #expect(throws: LuaError.self) { try lua.run("\n\nrefuse()", chunkName: "@Main.lua") }
        #expect(error?.message == "Main.lua:3: refused by Swift")
        #expect(error?.line == 3)
        try expectRecovered(lua)
    }

    @Test func argumentErrorsNameTheFunctionAndArgument() throws {
        let lua = try makeState()
        let add = try lua.makeFunction(named: "add") { frame in
            try frame.push(try frame.integer(1) + frame.integer(2))
            return 1
        }
        try lua.setGlobal("add", .function(add))
        #expect(try lua.first("return add(2, 3)") == 5)
        let error = #expect(throws: LuaError.self) { try lua.run("return add(2, 'x')", chunkName: "=test") }
        #expect(error?.message == "test:1: bad argument #2 to 'add' (number expected, got string)")
        let fractional = #expect(throws: LuaError.self) { try lua.run("return add(2.5, 1)", chunkName: "=test") }
        #expect(fractional?.message.contains("number with no integer representation") == true)
        try expectRecovered(lua)
    }

    @Test func metamethodErrorsFromLuaAndFromSwift() throws {
        let lua = try makeState()
        try lua.run(
            """
            angry = setmetatable({}, {
                __index = function(_, key) error("no field " .. key) end,
                __add = function() error("cannot add") end,
                __tostring = function() error("cannot describe") end,
            })
            """)
        let index = #expect(throws: LuaError.self) { try lua.globals().get("angry").tableValue?.get("size") }
        #expect(index?.message.hasSuffix("no field size") == true)
        let add = #expect(throws: LuaError.self) { try lua.run("return angry + 1") }
        #expect(add?.message.hasSuffix("cannot add") == true)
        let describe = #expect(throws: LuaError.self) { try lua.describe(lua.global("angry")) }
        #expect(describe?.message.hasSuffix("cannot describe") == true)
        try expectRecovered(lua)
    }

    @Test func errorValuesThatAreNotStrings() throws {
        let lua = try makeState()
        let table = #expect(throws: LuaError.self) { try lua.run("error({ code = 7 })") }
        #expect(table?.message == "(error object is a table value)")
        let none = #expect(throws: LuaError.self) { try lua.run("error()") }
        #expect(none?.message == "(error object is a nil value)")
        let described = #expect(throws: LuaError.self) {
            try lua.run("error(setmetatable({}, { __tostring = function() return 'described' end }))")
        }
        #expect(described?.message == "described")
        let failing = #expect(throws: LuaError.self) {
            try lua.run("error(setmetatable({}, { __tostring = function() error('again') end }))")
        }
        // Lua hands the handler's own error to the handler again, so it is what is reported.
        #expect(failing?.message.hasSuffix("again") == true)

        // A table raised through a Swift callback reaches the script's pcall unchanged.
        let rethrow = try lua.makeFunction(named: "rethrow") { frame in
            try frame.value(1).functionValue?.call()
            return 0
        }
        try lua.setGlobal("rethrow", .function(rethrow))
        #expect(
            try lua.first(
                """
                local original = { code = 7 }
                local ok, caught = pcall(rethrow, function() error(original) end)
                return not ok and rawequal(caught, original) and caught.code
                """) == 7)
        try expectRecovered(lua)
    }

    @Test func errorsInFinalizersBecomeWarnings() throws {
        let warnings = WarningLog()
        let lua = try makeState(warnings: { warnings.append($0) })
        try lua.run(
            """
            setmetatable({}, { __gc = function() error("finalizer failed") end })
            """)
        lua.collectGarbage()
        #expect(warnings.messages.contains { $0.contains("finalizer failed") })
        try expectRecovered(lua)
    }

    @Test func syntaxErrorsNameTheFileAndLine() throws {
        let lua = try makeState()
        let error = #expect(throws: LuaError.self) {
            try lua.load("local a = 1\nlocal b = = 2\n", chunkName: "@Sources/LabelCell.lua")
        }
        #expect(error?.kind == .syntax)
        #expect(error?.source == "Sources/LabelCell.lua")
        #expect(error?.line == 2)
        #expect(error?.message == "Sources/LabelCell.lua:2: unexpected symbol near '='")
        try expectRecovered(lua)
    }

    @Test func aClosedStateRefusesWork() throws {
        let lua = try makeState()
        let function = try lua.load("return 1", chunkName: "=f")
        lua.close()
        #expect(throws: LuaError.self) { try lua.run("return 1") }
        #expect(throws: LuaError.self) { try function.call() }
    }
}
