import Foundation
import LuaRuntime
import Synchronization
import Testing

/// Scripts that try to crash or hang the runtime: binary chunks through every door, native
/// functions dug out of the stack, native libraries, finalizers and `__close` handlers that
/// never return, and interrupts from another thread.
@Suite struct HostileScriptTests {
    @Test func everyWayOfCompilingAcceptsTextOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lua = try makeState()
        try lua.setGlobal("folder", .string(folder.path))
        try lua.run(
            """
            local f = assert(io.open(folder .. "/binary.lua", "wb"))
            f:write(string.dump(function() return "binary ran" end))
            f:close()
            package.path = folder .. "/?.lua"
            """)
        let refusal = "attempt to load a binary chunk (mode is 't')"
        #expect(try lua.run("return load(string.dump(function() end), 'x', 'b')") == [nil, .string(refusal)])
        #expect(
            try lua.run(
                """
                local dumped, done = string.dump(function() end), false
                return load(function() if done then return nil end done = true return dumped end)
                """) == [nil, .string(refusal)])
        #expect(try lua.first("return select(2, loadfile(folder .. '/binary.lua', 'b'))") == .string(refusal))
        #expect(
            try lua.first("return select(2, pcall(dofile, folder .. '/binary.lua'))").stringValue?.hasSuffix(refusal)
                == true)
        let required = try lua.first("return select(2, pcall(require, 'binary'))").stringValue ?? ""
        #expect(required.contains("error loading module 'binary'"))
        #expect(required.contains(refusal))
        // Text still loads through each of them, with an environment where one is given.
        #expect(try lua.first("return load('return x', 'chunk', 't', { x = 7 })()") == 7)
        #expect(
            try lua.first("return load(function() local s = rawget(_G, 'piece') _G.piece = nil return s end)") != nil)
        try "return ... or 'text module'".write(
            to: folder.appendingPathComponent("text.lua"), atomically: true, encoding: .utf8)
        #expect(try lua.first("return require 'text'") == "text")
        #expect(try lua.first("return dofile(folder .. '/text.lua')") == "text module")
    }

    @Test func theStackHandsOutNoNativeFunction() throws {
        let lua = try makeState()
        // The loader inside `load`, met from its reader function.
        #expect(
            try lua.first(
                """
                local found
                load(function()
                    for level = 1, 6 do
                        local info = debug.getinfo(level, "f")
                        if info and info.func and info.func ~= load and debug.getinfo(info.func, "S").what == "C" then
                            found = info.func
                        end
                    end
                    return nil
                end)
                return found
                """) == nil)
        // The resume that runs a coroutine, met on the main thread from inside it.
        #expect(
            try lua.first(
                """
                local main = coroutine.running()
                local seen
                coroutine.wrap(function()
                    for level = 0, 4 do
                        local info = debug.getinfo(main, level, "f")
                        if info and info.func and debug.getinfo(info.func, "S").what == "C" then seen = info.func end
                    end
                end)()
                return seen
                """) == nil)
        // Levels still count from the caller, as in Lua.
        #expect(
            try lua.run("return debug.getinfo(1, 'l').currentline, debug.getinfo(1, 'S').what", chunkName: "=levels")
                == [1, "main"])
    }

    @Test func nativeLibrariesLoadOnlyFromTheSystemFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a library".utf8).write(to: folder.appendingPathComponent("planted.so"))
        let lua = try makeState()
        try lua.setGlobal("folder", .string(folder.path))
        #expect(try lua.first("return package.loadlib") == nil)
        let message =
            try lua.first(
                """
                package.cpath = folder .. "/?.so;" .. package.cpath
                return select(2, pcall(require, "planted"))
                """
            ).stringValue ?? ""
        #expect(message.contains("module 'planted' not found"))
        #expect(!message.contains(folder.path + "/planted.so"), "the planted library was looked at: \(message)")
        #expect(message.contains("/usr/lib/x86_64-linux-gnu/lua/5.4/planted.so"))
    }

    @Test func aFinalizerThatNeverEndsIsStoppedByTheBudget() {
        withDeadline {
            let warnings = WarningLog()
            let lua = try makeState(budget: .milliseconds(300), warnings: warnings.append)
            // Collected inside a script's call: the call's budget stops it.
            let error = #expect(throws: LuaError.self) {
                try lua.run(
                    "setmetatable({}, { __gc = function() while true do end end }) collectgarbage()", chunkName: "=gc")
            }
            #expect(error?.kind == .timeBudget)
            #expect(
                warnings.messages.contains {
                    $0.hasPrefix("error in __gc metamethod (gc:1: time budget of 0.3 s exceeded")
                })
            #expect(try lua.first("return 1 + 1") == 2)
            // Collected between calls, from Swift: the finalizer gets a budget of its own.
            try lua.run("setmetatable({}, { __gc = function() while true do end end })")
            lua.collectGarbage()
            #expect(warnings.messages.count == 2)
            // Still pending when the state closes.
            try lua.run("kept = setmetatable({}, { __gc = function() while true do end end })")
            lua.close()
            #expect(warnings.messages.count == 3)
        }
    }

    @Test func finalizersKeepLuasRules() throws {
        let warnings = WarningLog()
        let lua = try makeState(warnings: warnings.append)
        #expect(
            try lua.first(
                """
                local log = {}
                for i = 1, 3 do setmetatable({}, { __gc = function() log[#log + 1] = i end }) end
                collectgarbage() collectgarbage()
                return table.concat(log, " ")
                """) == "3 2 1")  // reverse order of marking
        #expect(
            try lua.first(
                """
                local count = 0
                local late = {}
                setmetatable({}, late)                 -- no __gc when set: never finalized
                late.__gc = function() count = count + 1 end
                local marked = { __gc = true }         -- marked; the __gc it has at collection runs
                setmetatable({}, marked)
                marked.__gc = function() count = count + 10 end
                collectgarbage() collectgarbage()
                return count
                """) == 10)
        #expect(
            try lua.first(
                """
                local finalized = 0
                local mt = { __gc = function(self) finalized = finalized + 1 revived = self end }
                setmetatable({ name = "phoenix" }, mt)
                collectgarbage() collectgarbage()
                local name = revived.name
                revived = nil
                collectgarbage() collectgarbage()     -- once only, unless marked again
                return name .. " " .. finalized
                """) == "phoenix 1")
        try lua.run(
            "setmetatable({}, { __gc = function() error('finalizer failed') end }) collectgarbage()", chunkName: "=fail"
        )
        #expect(warnings.messages.last == "error in __gc metamethod (fail:1: finalizer failed)")
        let protected = try lua.first(
            """
            return select(2, pcall(setmetatable, setmetatable({}, { __metatable = 'locked' }), {}))
            """)
        #expect(protected == "cannot change a protected metatable")
    }

    @Test func closingACoroutineWhoseCloseHandlerLoopsIsStopped() {
        withDeadline {
            let lua = try makeState(budget: .milliseconds(300))
            let error = #expect(throws: LuaError.self) {
                try lua.run(
                    """
                    local co = coroutine.create(function()
                        local guard <close> = setmetatable({}, { __close = function() while true do end end })
                        coroutine.yield()
                    end)
                    coroutine.resume(co)
                    local ok, message = coroutine.close(co)
                    error("close returned: " .. tostring(message))
                    """, chunkName: "=close")
            }
            #expect(error?.kind == .timeBudget)
            let wrapped = #expect(throws: LuaError.self) {
                try lua.run(
                    """
                    coroutine.wrap(function()
                        local guard <close> = setmetatable({}, { __close = function() while true do end end })
                        error("fails, then closes")
                    end)()
                    """, chunkName: "=wrap")
            }
            #expect(wrapped?.kind == .timeBudget)
            #expect(try lua.first("return 2 + 2") == 4)
        }
    }

    @Test func theCoroutineLibraryBehavesAsLuas() throws {
        let lua = try makeState()
        #expect(
            try lua.run(
                """
                local co = coroutine.create(function(a, b) local c = coroutine.yield(a + b) return c * 2 end)
                local _, first = coroutine.resume(co, 1, 2)
                local _, second = coroutine.resume(co, 10)
                local ok, dead = coroutine.resume(co)
                return first, second, ok, dead, coroutine.status(co)
                """) == [3, 20, false, "cannot resume dead coroutine", "dead"])
        #expect(
            try lua.run(
                """
                local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
                return gen(), gen(), gen()
                """) == [1, 2, 3])
        #expect(
            try lua.run("return select(2, pcall(coroutine.wrap(function() error('inner') end)))", chunkName: "=w")
                == ["w:1: inner"])
        #expect(
            try lua.first("return select(2, pcall(coroutine.close, coroutine.running()))")
                == "cannot close a running coroutine")
        #expect(
            try lua.run(
                """
                local co = coroutine.create(function() error({ code = 7 }) end)
                coroutine.resume(co)
                local ok, value = coroutine.close(co)
                return ok, value.code
                """) == [false, 7])
        #expect(
            try lua.first("return select(2, coroutine.resume(coroutine.running()))")
                == "cannot resume non-suspended coroutine")
    }

    @Test func anInterruptStopsACallThatHasNoBudget() {
        withDeadline {
            let lua = try makeState()
            let interrupter = lua.interrupter
            let started = DispatchSemaphore(value: 0) as DispatchSemaphore
            try lua.setGlobal(
                "started",
                .function(
                    lua.makeFunction(named: "started") { _ in
                        started.signal()
                        return 0
                    }))
            Thread.detachNewThread {
                started.wait()
                interrupter.interrupt()
            }
            let error = #expect(throws: LuaError.self) {
                try lua.run(
                    "started() for attempt = 1, 1e12 do pcall(function() while true do end end) end", chunkName: "=spin"
                )
            }
            #expect(error?.kind == .interrupted)
            #expect(error?.message == "spin:1: interrupted")
            #expect(try lua.first("return 'goes on'") == "goes on")
            // An interrupt while nothing runs stops the next call, and only that one.
            interrupter.interrupt()
            #expect(throws: LuaError.self) { try lua.run("while true do end") }
            #expect(try lua.first("return 'and on'") == "and on")
        }
    }

    @Test func anInterruptStopsAFinalizerWhileTheStateCloses() {
        withDeadline {
            let warnings = WarningLog()
            let lua = try makeState(warnings: warnings.append)
            let interrupter = lua.interrupter
            try lua.run("kept = setmetatable({}, { __gc = function() while true do end end })")
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.2)
                interrupter.interrupt()
            }
            lua.close()
            #expect(warnings.messages.contains { $0.contains("interrupted") })
            interrupter.interrupt()  // the state is gone: nothing happens
        }
    }

    @Test func aClosedStateAnswersWithoutTouchingFreedMemory() throws {
        let lua = try makeState(budget: .seconds(1), memoryLimit: 1 << 20)
        lua.close()
        #expect(lua.memoryLimit == 0)
        #expect(lua.timeBudget == .zero)
        #expect(lua.memoryInUse == 0)
        #expect(lua.allocationCount == 0)
        #expect(lua.liveNativeObjects == 0)
        #expect(lua.liveReferences == 0)
        lua.memoryLimit = 1 << 30
        lua.timeBudget = .seconds(2)
        lua.collectGarbage()
        #expect(throws: LuaError.self) { try lua.run("return 1") }
    }
}
