import Foundation
import LuaRuntime
import Testing

/// The edges of a confined program's sandbox: pattern matching that the time budget stops, no
/// standard input, no temporary files outside its roots, a search path that looks nowhere
/// outside them, and a locked string metatable. Each attack ends with a sentinel call the state
/// must answer.
@Suite struct SandboxEdgeTests {
    static func confined(budget: Duration = .seconds(120)) throws -> LuaState {
        var options = LuaState.Options()
        options.timeBudget = budget
        options.confinement = .init(readRoots: [FileManager.default.temporaryDirectory.path], writeRoots: [])
        return try LuaState(options: options)
    }

    /// Random patterns and subjects, from a fixed seed, through find, match, gmatch and gsub:
    /// the budgeted matcher answers exactly as Lua's own, errors included.
    static let differential = """
        math.randomseed(20261128)
        local pieces = { "a", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "[ab]", "[^a]", "[a-c]", "[%d_]",
            "*", "+", "-", "?", "(", ")", "()", "%b()", "%f[%a]", "%f[%A]", "%1", "%2", "^", "$", "%", "[", "]",
            "%.", "x", "%x" }
        local letters = { "a", "b", "c", "(", ")", " ", "1", "x", "_", "\\n", "." }
        local function pick(list) return list[math.random(#list)] end
        local function show(ok, ...)
            local parts = { ok and "ok" or "error" }
            for i = 1, select("#", ...) do
                local value = select(i, ...)
                if not ok then value = tostring(value):gsub("^[^:]*:%d+: ", "") end
                parts[#parts + 1] = type(value) .. ":" .. tostring(value):gsub("\\n", "\\\\n")
            end
            return table.concat(parts, "|")
        end
        local log = {}
        local function note(...) log[#log + 1] = show(...) end
        for case = 1, 4000 do
            local pattern = {}
            for _ = 1, math.random(0, 7) do pattern[#pattern + 1] = pick(pieces) end
            pattern = table.concat(pattern)
            local subject = {}
            for _ = 1, math.random(0, 14) do subject[#subject + 1] = pick(letters) end
            subject = table.concat(subject)
            local init = math.random(-16, 16)
            note(pcall(string.find, subject, pattern, init))
            note(pcall(string.find, subject, pattern, init, true))
            note(pcall(string.match, subject, pattern, init))
            note(pcall(string.gsub, subject, pattern, "<%0>"))
            note(pcall(string.gsub, subject, pattern, "[%1]", math.random(0, 3)))
            note(pcall(string.gsub, subject, pattern, function(a, b) return b or a end))
            note(pcall(string.gsub, subject, pattern, { a = "A", [""] = false }))
            note(pcall(string.gsub, subject, pattern, "%z"))
            note(pcall(function()
                local found = {}
                for a, b in string.gmatch(subject, pattern, init) do
                    found[#found + 1] = tostring(a) .. "/" .. tostring(b)
                    if #found > 20 then break end
                end
                return table.concat(found, ",")
            end))
        end
        return table.concat(log, "\\n")
        """

    @Test func theBudgetedMatcherAnswersAsLuasOwn() throws {
        let own = try makeState().run(Self.differential)
        let budgeted = try Self.confined().run(Self.differential)
        let (lines, budgetedLines) = (
            own.first?.stringValue?.split(separator: "\n", omittingEmptySubsequences: false) ?? [],
            budgeted.first?.stringValue?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
        )
        #expect(lines.count == 36_000 && budgetedLines.count == lines.count, "\(lines.count), \(budgetedLines.count)")
        let differences = zip(lines, budgetedLines).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(
            differences.isEmpty, "first difference: \(differences.first.map { "\($0.offset): \($0.element)" } ?? "")")
        #expect(lines.contains { $0.hasPrefix("error") } && lines.contains { $0.hasPrefix("ok|number") })
    }

    /// Backtracking that would take hours: the time budget stops it (its own `pcall` cannot
    /// keep it going, however many times it tries), or with no budget the matcher's own count
    /// of steps, and the state answers afterwards.
    @Test(arguments: [
        #"string.find(("a"):rep(40), "(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)x")"#,
        #"(("a"):rep(40)):match("(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)x")"#,
        #"string.gsub(("a"):rep(40), "(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)x", "")"#,
        #"for _ in string.gmatch(("a"):rep(40), "(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)(.-)x") do end"#,
        #"string.find(("a"):rep(1000000), ("a"):rep(500000) .. "b", 1, true)"#,
    ])
    func aBacktrackingPatternIsStopped(code: String) throws {
        let lua = try Self.confined(budget: .milliseconds(500))
        #expect {
            // On a fast machine the matcher's count of steps may end one search first: that
            // error can be caught, so the search goes on again until the budget ends it.
            try lua.run("while true do pcall(function() \(code) end) end")
        } throws: { error in
            (error as? LuaError)?.message.contains("time budget of 0.5 s exceeded") == true
        }
        #expect(try lua.first("return 6 * 7") == 42)
        let unbudgeted = try Self.confined(budget: .zero)
        let counted = try unbudgeted.first("local ok, e = pcall(function() \(code) end) return e")
        #expect(
            counted.stringValue?.contains("pattern too complex: it took more than 200000000 steps") == true,
            "\(counted)")
        #expect(try unbudgeted.first("return 6 * 7") == 42)
    }

    @Test func thereIsNoStandardInput() throws {
        let lua = try Self.confined()
        for (code, expected) in [
            ("io.read()", "io.read: a sandboxed program has no standard input"),
            ("io.read('n')", "io.read: a sandboxed program has no standard input"),
            ("for line in io.lines() do end", "io.lines: a sandboxed program has no standard input"),
            ("io.input():read()", "attempt to use a closed file"),
            ("io.stdin:read()", "attempt to index a nil value (field 'stdin')"),
            ("io.tmpfile()", "attempt to call a nil value (field 'tmpfile')"),
        ] {
            let message = try lua.first("local ok, e = pcall(function() \(code) end) return e")
            #expect(message.stringValue?.contains(expected) == true, "\(code): \(message) (expected \(expected))")
        }
        // A file of its own is still read, through io.input too.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-input-\(UUID())").path
        try "first\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try lua.first("io.input('\(file)') return io.input():read('l')") == "first")
        #expect(try lua.first("return 6 * 7") == 42)
    }

    /// `package.searchpath` answers the same whether a file outside the roots exists or not,
    /// and finds files inside them.
    @Test func theSearchPathLooksNowhereOutsideTheRoots() throws {
        let lua = try Self.confined()
        let exists = try lua.run("return package.searchpath('passwd', '/etc/?')")
        let missing = try lua.run("return package.searchpath('no-such-file', '/etc/?')")
        #expect(exists.first == .nil && missing.first == .nil)
        let outside = "(outside what this program may read: it runs sandboxed)"
        #expect(exists.last?.stringValue == "no file '/etc/passwd' \(outside)", "\(exists)")
        #expect(missing.last?.stringValue == "no file '/etc/no-such-file' \(outside)", "\(missing)")
        let required = try lua.first(
            "package.path = '/etc/?' local ok, e = pcall(require, 'passwd') return e")
        #expect(required.stringValue?.contains("no file '/etc/passwd'") == true, "\(required)")
        let module = FileManager.default.temporaryDirectory.appendingPathComponent("rebound_search_\(getpid()).lua")
        try "return 'found'".write(to: module, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: module) }
        let folder = FileManager.default.temporaryDirectory.path
        #expect(
            try lua.first("return package.searchpath('rebound_search_\(getpid())', '/etc/?;\(folder)/?.lua')")
                == .string(module.path))
        #expect(
            try lua.first("package.path = '\(folder)/?.lua' return require('rebound_search_\(getpid())')") == "found")
        #expect(try lua.first("return 6 * 7") == 42)
    }

    @Test func theStringMetatableIsLocked() throws {
        let lua = try Self.confined()
        #expect(try lua.first("return getmetatable('')") == "locked")
        let changed = try lua.first("local ok, e = pcall(function() getmetatable('').__index = {} end) return e")
        #expect(changed.stringValue?.contains("attempt to index a string value") == true, "\(changed)")
        #expect(try lua.first("return ('abc'):upper()") == "ABC")
        #expect(try makeState().first("return type(getmetatable(''))") == "table", "a trusted program keeps it open")
    }
}
