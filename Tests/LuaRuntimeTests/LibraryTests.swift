import Foundation
import LuaRuntime
import Testing

/// The standard libraries, the module paths, and what scripts may not reach.
@Suite struct LibraryTests {
    @Test func everyStandardLibraryIsOpen() throws {
        let lua = try makeState()
        for library in ["string", "table", "math", "io", "os", "utf8", "coroutine", "package", "debug"] {
            #expect(try lua.first("return type(\(library))") == "table", "\(library)")
        }
        #expect(try lua.first("return utf8.char(233)") == "é")
    }

    /// The hook, the registry, metatables behind `__metatable`, upvalues, user values and locals
    /// of native frames are how a script could break the host's invariants.
    @Test func theDebugLibraryOnlyReads() throws {
        let lua = try makeState()
        let removed = [
            "sethook", "gethook", "getregistry", "setmetatable", "getupvalue",
            "setupvalue", "upvaluejoin", "upvalueid", "getuservalue", "setuservalue", "getlocal",
            "setlocal", "debug", "setcstacklimit",
        ]
        for name in removed {
            #expect(try lua.first("return debug.\(name)") == nil, "\(name)")
            #expect(try lua.first("return require('debug').\(name)") == nil, "\(name)")
        }
        // getmetatable's answer, which a locked metatable hides (busted asks it of everything).
        #expect(try lua.first("return debug.getmetatable(setmetatable({}, { __metatable = 'locked' }))") == "locked")
        #expect(try lua.first("local m = {}; return debug.getmetatable(setmetatable({}, m)) == m") == true)
        #expect(try lua.first("return getfenv") == nil, "scripts do not get 5.1's environments")
        #expect(try lua.first("return debug.traceback('here'):match('^here\\nstack traceback:') ~= nil") == true)
        #expect(try lua.first("return debug.getinfo(1, 'S').what") == "main")
    }

    /// Lua 5.1's getfenv and setfenv, for busted in `rebound test`: a Lua function's own _ENV
    /// only, never a native function's, and never another function's that shared it.
    @Test func functionEnvironmentsForTools() throws {
        let lua = try makeState()
        try lua.openFunctionEnvironments()
        #expect(
            try lua.first(
                """
                x = "global"
                local function f() return x end
                local function g() return x end
                setfenv(f, { x = "own" })
                return f() .. " " .. g() .. " " .. tostring(getfenv(f).x) .. " " .. tostring(getfenv(g) == _G)
                """) == "own global own true")
        #expect(try lua.first("return getfenv(1) == _G") == true, "a level")
        #expect(
            try lua.first("return setfenv(print, {}) == print and getfenv(print) == _G") == true,
            "a native function is left alone")
        #expect(
            try lua.first("return select(2, pcall(setfenv, function() end, 'not a table'))").stringValue?
                .contains("table expected") == true)
        #expect(try lua.first("return select(2, pcall(getfenv, 99))").stringValue?.contains("invalid level") == true)
    }

    @Test func precompiledChunksAreRefused() throws {
        let lua = try makeState()
        #expect(
            try lua.run("return load(string.dump(function() return 1 end))")
                == [nil, "attempt to load a binary chunk (mode is 't')"])
        #expect(try lua.first("return load('return 7', 'seven', 'b')()") == 7)
    }

    @Test func packagePathsReachDebianAndLuaRocksFolders() throws {
        let lua = try makeState()
        let path = try lua.first("return package.path").stringValue ?? ""
        let cpath = try lua.first("return package.cpath").stringValue ?? ""
        #expect(path.contains("/usr/share/lua/5.4/?.lua"))
        #expect(path.contains("/.luarocks/share/lua/5.4/?.lua"))
        #expect(cpath.contains("/usr/lib/x86_64-linux-gnu/lua/5.4/?.so"))
    }

    @Test func modulesLoadFromFilesWithTheirRealChunkNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sources/CollectionController.lua")
        try "local M = {}\nfunction M.fail()\n  return nil + 1\nend\nreturn M\n".write(
            to: file, atomically: true, encoding: .utf8)
        let lua = try makeState()
        let module = try lua.load(contentsOfFile: file.path, displayPath: "Sources/CollectionController.lua").call()
        let fail = try module.first?.tableValue?.get("fail")
        let error = #expect(throws: LuaError.self) { try lua.call(fail ?? .nil) }
        #expect(error?.source == "Sources/CollectionController.lua")
        #expect(error?.line == 3)
        #expect(error?.message.hasPrefix("Sources/CollectionController.lua:3: attempt to perform arithmetic") == true)

        let missing = #expect(throws: LuaError.self) {
            try lua.load(contentsOfFile: folder.appendingPathComponent("none.lua").path)
        }
        #expect(missing?.kind == .file)
    }

    @Test func valuesCrossBothWays() throws {
        let lua = try makeState()
        let echo = try lua.makeValueFunction(named: "echo") { $0 }
        try lua.setGlobal("echo", .function(echo))
        #expect(try lua.run("return echo(1, 2.5, 'three', true, nil, 6)") == [1, 2.5, "three", true, nil, 6])
        let table = try lua.makeTable()
        try table.set("answer", 42)
        try table.set(1, "first")
        let pairs = try table.pairs()
        #expect(pairs.count == 2)
        #expect(table.rawLength == 1)
        #expect(try lua.call(lua.first("return function(t) return t.answer end"), [.table(table)]) == [42])
    }
}
