import Foundation
import LuaRuntime
import Testing

/// A confined state (a package the user did not write): no processes, files only under its
/// roots, symlinks and `..` resolved first, the same answer for files that exist and files
/// that do not, and no native modules.
@Suite struct ConfinementTests {
    /// A package folder with a file and a symlink out of it, and a run folder, in a temporary
    /// folder of their own.
    final class Folders {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-confine-\(UUID().uuidString)")
        var package: String { base.appendingPathComponent("App.luapkg").path }
        var run: String { base.appendingPathComponent("run").path }
        var outside: String { base.appendingPathComponent("secret.txt").path }

        init() throws {
            try FileManager.default.createDirectory(atPath: package + "/Source", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            try "inside\n".write(toFile: package + "/Source/data.txt", atomically: true, encoding: .utf8)
            try "return 'module'\n".write(toFile: package + "/Source/helper.lua", atomically: true, encoding: .utf8)
            try "secret\n".write(toFile: outside, atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: package + "/Source/link.txt", withDestinationPath: outside)
        }

        deinit { try? FileManager.default.removeItem(at: base) }

        func state() throws -> LuaState {
            var options = LuaState.Options()
            options.confinement = .init(readRoots: [package], writeRoots: [run])
            return try LuaState(options: options)
        }
    }

    @Test func processesAndRemovalsAreGone() throws {
        let folders = try Folders()
        let lua = try folders.state()
        for name in ["os.execute", "io.popen", "os.remove", "os.rename", "os.exit", "os.tmpname", "os.getenv"] {
            #expect(try lua.first("return \(name)") == nil, "\(name)")
        }
        #expect(try lua.first("return type(os.time) == 'function' and type(os.clock) == 'function'") == true)
        let open = try makeState()
        #expect(try open.first("return type(os.execute)") == "function", "an unconfined state keeps them")
    }

    @Test func filesAreReadInsideTheRootsAndWrittenInsideTheWriteRoots() throws {
        let folders = try Folders()
        let lua = try folders.state()
        #expect(try lua.first("return io.open('\(folders.package)/Source/data.txt'):read('l')") == "inside")
        #expect(
            try lua.first(
                """
                local file = assert(io.open('\(folders.run)/saved.txt', 'w'))
                file:write('kept') file:close()
                return io.open('\(folders.run)/saved.txt'):read('a')
                """) == "kept")
        #expect(
            try lua.first(
                "local n = 0 for line in io.lines('\(folders.package)/Source/data.txt') do n = n + 1 end return n") == 1
        )
        #expect(try lua.first("return loadfile('\(folders.package)/Source/helper.lua')()") == "module")
        #expect(try lua.first("package.path = '\(folders.package)/Source/?.lua' return require('helper')") == "module")
    }

    @Test(arguments: [
        ("io.open(OUTSIDE)", "io.open: "),
        ("io.open('/etc/passwd')", "io.open: '/etc/passwd' is outside what this program may read"),
        ("io.open('/etc/no-such-file')", "io.open: '/etc/no-such-file' is outside what this program may read"),
        ("io.open(PACKAGE .. '/Source/../../secret.txt')", "is outside what this program may read"),
        ("io.open(PACKAGE .. '/Source/link.txt')", "is outside what this program may read"),
        ("io.open(PACKAGE .. '/Source/new.txt', 'w')", "is outside what this program may write"),
        ("io.open(PACKAGE .. '/Source/data.txt', 'r+')", "is outside what this program may write"),
        ("io.open(RUN .. '/../secret.txt', 'a')", "is outside what this program may write"),
        ("io.lines('/etc/passwd')", "io.lines: '/etc/passwd' is outside"),
        ("io.input('/etc/passwd')", "io.input: '/etc/passwd' is outside"),
        ("io.output('/tmp/x')", "io.output: '/tmp/x' is outside what this program may write"),
        ("loadfile('/etc/passwd')", "loadfile: '/etc/passwd' is outside"),
        ("dofile('/etc/passwd')", "dofile: '/etc/passwd' is outside"),
        (
            "(function() package.path = '/etc/?' return require('passwd') end)()",
            "no file '/etc/passwd' (outside what this program may read"
        ),
    ])
    func whatLeadsOutsideIsRefusedAlike(call: String, expected: String) throws {
        let folders = try Folders()
        let lua = try folders.state()
        let source = call.replacingOccurrences(of: "OUTSIDE", with: "'\(folders.outside)'")
            .replacingOccurrences(of: "PACKAGE", with: "'\(folders.package)'").replacingOccurrences(
                of: "RUN", with: "'\(folders.run)'")
        do {
            _ = try lua.run("return " + source)
            Issue.record("\(call) was allowed")
        } catch {
            #expect(error.message.contains(expected), "\(call): \(error.message)")
            #expect(error.message.contains("sandboxed"), "\(call): \(error.message)")
            #expect(!error.message.contains("secret\n") && !error.message.contains("root:"), "the content leaked")
        }
        #expect(FileManager.default.fileExists(atPath: folders.outside))
        #expect(!FileManager.default.fileExists(atPath: folders.package + "/Source/new.txt"))
    }

    @Test func nativeModulesDoNotLoad() throws {
        let folders = try Folders()
        let lua = try folders.state()
        do {
            _ = try lua.run("return require('no_such_native_module')")
            Issue.record("require did not fail")
        } catch {
            #expect(error.message.contains("no native module: the program runs sandboxed"), "\(error.message)")
        }
    }
}
