import Foundation
import LiveHost
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `rebound run --package`: a package someone else wrote runs sandboxed unless trusted, and
/// `--sandbox` does the same for a project.
@Suite(.serialized) struct SandboxTests {
    /// A program that tries what a hostile package would, and says what it could do.
    static let probe = """
        local C = objc.UIViewController:createSubclass("C")
        local function try(name, f)
            local ok, message = pcall(f)
            print(name .. ": " .. (ok and "allowed" or ("refused: " .. tostring(message))))
        end
        try("execute", function() return os.execute("true") end)
        try("popen", function() return io.popen("id"):read("a") end)
        try("passwd", function() return io.open("/etc/passwd"):read("l") end)
        try("write outside", function() return assert(io.open(OUTSIDE, "w")):close() end)
        try("own file", function() return assert(io.open(objc.NSBundle.mainBundle.bundlePath .. "/data.txt")):read("l") end)
        try("run folder", function()
            local defaults = objc.NSUserDefaults.standardUserDefaults
            defaults:setObject_forKey("kept", "probe")
            return defaults:synchronize()
        end)
        try("image outside", function() return objc.UIImage:imageWithContentsOfFile("/usr/share/pixmaps/debian-logo.png") end)
        return C
        """

    /// Exports the probe as a package into `folder`; returns the package's path.
    static func exportProbe(in folder: URL, outside: String) throws -> String {
        let project = folder.appendingPathComponent("Probe")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let source = probe.replacingOccurrences(of: "OUTSIDE", with: "'\(outside)'")
        try source.write(to: project.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
        try "inside\n".write(to: project.appendingPathComponent("data.txt"), atomically: true, encoding: .utf8)
        let package = folder.appendingPathComponent("Probe.luapkg").path
        let export = try ReboundProcess.run("export", project.path, "--package-id", "com.example.probe", "-o", package)
        #expect(export.status == 0, "\(export.error)")
        return package
    }

    static func environment(state: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        return environment
    }

    @Test func aPackageRunsSandboxedUnlessTrusted() throws {
        let folder = try TemporaryProject([:])
        let outside = folder.folder.appendingPathComponent("written-outside.txt").path
        let state = folder.folder.appendingPathComponent("state")
        let package = try Self.exportProbe(in: folder.folder, outside: outside)
        // The run folder is the package's id and the start of its content's hash.
        let digest = try SourcePackage(at: package).contentDigest.prefix(16)
        let run = state.appendingPathComponent("rebound/packages/com.example.probe-\(digest)").path

        let sandboxed = try ReboundProcess(
            ["run", "--package", package, "--once"], environment: Self.environment(state: state)
        )
        .finish(deadline: .seconds(60))
        let said = sandboxed.output
        #expect(
            said.contains("execute: refused: ") && said.contains("attempt to call a nil value (field 'execute')"),
            "\(said)")
        #expect(said.contains("popen: refused: "), "\(said)")
        #expect(said.contains("passwd: refused: ") && said.contains("is outside what this program may read"), "\(said)")
        #expect(!said.contains("root:"), "a line of /etc/passwd was read")
        #expect(said.contains("write outside: refused: ") && said.contains("may write"), "\(said)")
        #expect(said.contains("own file: allowed"), "\(said)")
        #expect(said.contains("run folder: allowed"), "\(said)")
        #expect(said.contains("image outside: refused: ") && said.contains("outside the program's files"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: outside))
        #expect(FileManager.default.fileExists(atPath: run + "/defaults.json"))

        let trusted = try ReboundProcess(
            ["run", "--package", package, "--once", "--trust"],
            environment: Self.environment(state: state)
        ).finish(deadline: .seconds(60))
        #expect(trusted.output.contains("execute: allowed"), "\(trusted.output)")
        #expect(trusted.output.contains("passwd: allowed"), "\(trusted.output)")
        #expect(trusted.output.contains("image outside: refused: "), "images stay inside the program in both modes")
        #expect(FileManager.default.fileExists(atPath: outside))
    }

    @Test func aProjectRunsSandboxedWhenAsked() throws {
        let project = try TemporaryProject([
            "main.lua": """
            local C = objc.UIViewController:createSubclass("C")
            print("execute: " .. tostring(os.execute))
            return C
            """
        ])
        let open = try ReboundProcess.run("run", project.path, "--once")
        #expect(open.output.contains("execute: function"))
        let sandboxed = try ReboundProcess.run("run", project.path, "--once", "--sandbox")
        #expect(sandboxed.output.contains("execute: nil"), "\(sandboxed.output)")
        let wrong = try ReboundProcess.run("run", project.path, "--once", "--trust")
        #expect(wrong.status != 0 && wrong.error.contains("--trust goes with --package"))
    }
}
