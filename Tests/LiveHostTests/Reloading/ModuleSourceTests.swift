import Foundation
import HeadlessUI
import LuaRuntime
import Testing

@testable import LiveHost

/// A save is read once: the bytes the host hashed to see that the file changed are the bytes
/// that run, even when the file changes again before the reload compiles it.
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
}
