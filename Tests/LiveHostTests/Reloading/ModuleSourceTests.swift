import Foundation
import HeadlessUI
import LiveTestSupport
import LuaRuntime
import Testing

@testable import LiveHost

/// A save is read once: the bytes the host hashed to see that the file changed are the bytes
/// that run (or that a resource's bindings get), even when the file changes again before the
/// reload compiles it.
@Suite struct ModuleSourceTests {
    @Test func aReloadRunsTheBytesTheHostReadNotTheFileAsItIsNow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("module-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Main.lua")
        try Data("value = 1".utf8).write(to: file)
        let program = try Program(project: try Project(at: folder.path))
        let world = try UIWorld(diagnostics: { _ in })
        let loader = try ModuleLoader(program: program, bridge: world.bridge)
        _ = try loader.require("Main")
        let read = try #require(try program.content(of: "Main.lua"))
        try Data("value = 3".utf8).write(to: file)  // saved again after the host read it
        #expect(try program.content(of: "Main.lua")?.digest != read.digest)
        try loader.reload("Main", from: "Main.lua", source: read.bytes)
        #expect(try world.bridge.state.run("return value") == [1])
        try Data("value = 2".utf8).write(to: file)
        try loader.reload("Main", from: "Main.lua", source: try program.content(of: "Main.lua")?.bytes)
        #expect(try world.bridge.state.run("return value") == [2])
    }

    @Test func aResourceIsDeliveredFromTheBytesTheHostRead() throws {
        var options = LiveProject.options
        options.watch = false  // the test hands the host its save
        let project = try LiveProject(
            [
                "main.lua": """
                local C = objc.UIViewController:createSubclass("C")
                function C:viewDidLoad()
                    getResource("notes", "public.plain-text", self, function(self, text) notes = text end)
                end
                return C
                """,
                "notes.txt": "first",
            ], options: options)
        #expect(try project.value("notes") == "first")
        try Data("saved again".utf8).write(to: project.url("notes.txt"))  // after the host read the save
        let host = try #require(project.host)
        host.deliver(["notes.txt"], savedAt: [:], bytes: ["notes.txt": Data("as read".utf8)], on: host.devices[0])
        #expect(try project.value("notes") == "as read")
    }
}
