import Foundation
import Testing

/// `rebound export`, `rebound package` and `rebound run --package` as a user runs them.
@Suite(.serialized) struct PackageCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-pkg-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    @Test func exportVerifyListAndRunStandalone() throws {
        defer { cleanUp() }
        let package = folder.appendingPathComponent("Mosaic.luapkg").path
        let export = try ReboundProcess.run(
            "export", ReboundProcess.examples + "/Mosaic", "--package-id", "com.example.mosaic",
            "-o", package)
        #expect(export.status == 0)
        #expect(
            export.output.hasPrefix(
                "exported Mosaic as package 'com.example.mosaic' to \(package): 3 modules, no resources"))

        let verify = try ReboundProcess.run("package", "verify", package)
        #expect(verify.status == 0)
        #expect(verify.output.contains("is intact"))

        let list = try ReboundProcess.run("package", "list", package)
        #expect(list.status == 0)
        #expect(
            list.output.hasPrefix("package com.example.mosaic (Mosaic), format 1\nstart module main, device phone\n"))
        #expect(list.output.contains("  main.lua\n"))
        let manifest = try String(contentsOfFile: package + "/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"resources\" : [],\n"), "an empty list on one line: \(manifest)")

        let run = try ReboundProcess.run("run", "--package", package, "--package-id", "com.example.mosaic", "--once")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("started Mosaic.luapkg/Source/main.lua in "))
        #expect(run.output.contains("UICollectionView ("))
    }

    /// A project with a syntax error and no package id: the syntax error is what is said.
    @Test func exportListsSyntaxErrorsBeforeAskingForAnID() throws {
        defer { cleanUp() }
        let project = folder.appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(#"{ "start": "main" }"#.utf8).write(to: project.appendingPathComponent("rebound.json"))
        try Data("local x = = 1\n".utf8).write(to: project.appendingPathComponent("main.lua"))
        let export = try ReboundProcess.run(
            "export", project.path, "-o", folder.appendingPathComponent("B.luapkg").path)
        #expect(export.status == 1)
        #expect(export.error.contains("has syntax errors; nothing was exported"), "\(export.error)")
        #expect(export.error.contains("main.lua:1:"))
        #expect(!export.error.contains("no package id"))
    }

    @Test func aDamagedPackageIsRefusedWithEveryProblemNamed() throws {
        defer { cleanUp() }
        let package = folder.appendingPathComponent("Mosaic.luapkg")
        #expect(
            try ReboundProcess.run(
                "export", ReboundProcess.examples + "/Mosaic", "--package-id", "m", "-o", package.path
            ).status == 0)
        try Data("-- changed\n".utf8).write(to: package.appendingPathComponent("Source/main.lua"))
        try Data().write(to: package.appendingPathComponent("Source/stray.txt"))

        let verify = try ReboundProcess.run("package", "verify", package.path)
        #expect(verify.status == 1)
        #expect(verify.error.contains("error: Mosaic.luapkg: Source/main.lua: 11 bytes, the manifest says"))
        #expect(verify.error.contains("error: Mosaic.luapkg: Source/stray.txt: not listed in manifest.json\n"))

        let run = try ReboundProcess.run("run", "--package", package.path, "--once")
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error == verify.error)

        let wrongID = try ReboundProcess.run("run", "--package", package.path, "--package-id", "other", "--once")
        #expect(wrongID.error == "error: Mosaic.luapkg is package 'm', not 'other'\n")
    }

    @Test func exportRefusesAProjectWithSyntaxErrors() throws {
        defer { cleanUp() }
        let project = folder.appendingPathComponent("Broken")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("return (\n".utf8).write(to: project.appendingPathComponent("main.lua"))
        let export = try ReboundProcess.run(
            "export", project.path, "--package-id", "b",
            "-o", folder.appendingPathComponent("Broken.luapkg").path)
        #expect(export.status == 1)
        #expect(export.error.contains("error: main.lua:2: unexpected symbol near <eof>\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Broken.luapkg").path))
    }
}
