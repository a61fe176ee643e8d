import Annotations
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge
import Testing

/// The LuaLS definition files: generated from the registry, complete, valid Lua, stable, and
/// enough for the bundled examples.
@Suite struct AnnotationsTests {
    static func generated() throws -> (world: UIWorld, files: [String: String]) {
        let world = try UIWorld()
        return (world, LuaAnnotations(bridge: world.bridge).files())
    }

    @Test func everyFileIsLuaThatCompiles() throws {
        let (world, files) = try Self.generated()
        #expect(files.count > 100)
        for (path, text) in files {
            #expect(text.hasPrefix("---@meta "), "\(path) is a definition file")
            #expect(throws: Never.self, "\(path) compiles") { try world.bridge.state.load(text, chunkName: "@" + path) }
        }
    }

    @Test func everyRegistryMemberAppearsExactlyOnce() throws {
        let (world, files) = try Self.generated()
        let classes = world.bridge.nativeClasses
        for description in classes where !description.isExtension {
            let file = try #require(files["classes/\(description.name).d.lua"], "\(description.name) has a file")
            let members = classes.filter { $0.name == description.name }
            #expect(
                file.contains(
                    "---@class \(description.name)" + (description.superclassName.map { " : \($0)" } ?? "") + "\n"))
            for property in members.flatMap(\.properties) + members.flatMap(\.classProperties) {
                #expect(
                    Self.count("---@field \(property.name) ", in: file) == 1, "\(description.name).\(property.name)")
            }
            let properties = Set(members.flatMap(\.properties).map(\.name))
            for method in members.flatMap(\.methods) + members.flatMap(\.classMethods)
            where !properties.contains(method.name) {
                #expect(
                    Self.count("function \(description.name):\(method.name)(", in: file) == 1,
                    "\(description.name):\(method.name)")
            }
            #expect(
                Self.count("---@field \(description.name) \(description.name)\n", in: files["rebound.d.lua"] ?? "")
                    == 1,
                "objc.\(description.name)")
        }
        for description in classes.flatMap(\.enums) {
            let file = try #require(files["modules/\(description.module).d.lua"])
            #expect(Self.count("M.\(description.name) = {", in: file) == 1, "\(description.module).\(description.name)")
            for member in description.members {
                #expect(file.contains("    \(member.name) = \(member.value),"), "\(description.name).\(member.name)")
            }
        }
        for description in world.bridge.structDescriptions {
            let file = try #require(files["structs/\(description.name).d.lua"])
            for field in description.recordFields { #expect(Self.count("---@field \(field.name) ", in: file) == 1) }
            for method in description.methods {
                #expect(Self.count("function \(description.name):\(method.name)(", in: file) == 1)
            }
            let module = try #require(files["modules/\(description.header).d.lua"])
            for function in description.functions {
                #expect(Self.count("function M.\(function.name)(", in: module) == 1)
            }
        }
    }

    @Test func typesAreScriptNamesAndGenericsMakeSubclasses() throws {
        let (_, files) = try Self.generated()
        let label = try #require(files["classes/UILabel.d.lua"])
        #expect(label.contains("---@field font UIFont\n"), "Swift's class names never show")
        #expect(label.contains("---@field shadowColor UIColor?\n"))
        #expect(label.contains("---@return T|UILabel\nfunction UILabel:createSubclass(name) end"))
        let view = try #require(files["classes/UIView.d.lua"])
        #expect(
            view.contains(
                "---@param frame CGRect\n---@return UIView\nfunction UIView:newWithFrame(frame) end"))
        #expect(view.contains("function UIView:insertSubview_atIndex(subview, index) end"))
        #expect(view.contains("function UIView:convertPoint_toView(point, view) end"))
        #expect(view.contains("function UIView:addSubview(subview) end"), "not the method's name repeated")
        let table = try #require(files["classes/UITableViewController.d.lua"])
        #expect(
            table.contains("function UITableViewController:tableView_cellForRowAtIndexPath(tableView, indexPath) end"))
        #expect(view.contains("UIView.Autoresizing = require(\"UIKit.UIView\").Autoresizing"))
        let rect = try #require(files["structs/CGRect.d.lua"])
        #expect(rect.contains("---@field origin CGPoint\n---@field size CGSize\n"))
        #expect(rect.contains("function struct.CGRect(x, y, width, height) end"))
        let globals = try #require(files["rebound.d.lua"])
        for name in [
            "class.createClass(name, superclass)", "message.post(name, ...)", "simulate.flick(options)",
            "getResource(name, type)", "property(accessors)",
        ] {
            #expect(globals.contains("function \(name) end"), "\(name)")
        }
        #expect(
            files["modules/UIKit.UIView.d.lua"]?.hasPrefix("---@meta UIKit.UIView\n") == true,
            "require finds modules by name")
    }

    @Test func outputIsStableAndRewrittenOnlyWhereItChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-annotations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let world = try UIWorld()
        let annotations = LuaAnnotations(bridge: world.bridge)
        let count = annotations.files().count
        #expect(try annotations.write(to: folder).changes == count)
        #expect(
            try LuaAnnotations(bridge: try UIWorld().bridge).files() == annotations.files(),
            "the same registry, the same bytes")
        let label = folder.appendingPathComponent("classes/UILabel.d.lua")
        let before = try FileManager.default.attributesOfItem(atPath: label.path)[.modificationDate] as? Date
        try "stale".write(to: folder.appendingPathComponent("classes/UIView.d.lua"), atomically: true, encoding: .utf8)
        #expect(try annotations.write(to: folder).changes == 1, "its own stale file is rewritten")
        #expect(try FileManager.default.attributesOfItem(atPath: label.path)[.modificationDate] as? Date == before)
        #expect(try annotations.write(to: folder).changes == 0)
    }

    /// The folder may hold the user's own definition files: only the files it wrote itself are
    /// ever removed or replaced.
    @Test func onlyItsOwnFilesAreRemovedOrReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-annotations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = ["mine.d.lua", "classes/UIMine.d.lua", "modules/My.Module.d.lua"]
        for path in mine {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "---@meta _\n-- the user's own\n".write(to: url, atomically: true, encoding: .utf8)
        }
        // A registry with one more class, then the usual one: the class's file, written by
        // the first, is removed by the second.
        let richer = try UIWorld()
        try richer.bridge.register([
            NativeClass("UIGone", superclass: "NSObject", type: BridgeObject.self, allocate: nil) { _ in }
        ])
        try LuaAnnotations(bridge: richer.bridge).write(to: folder)
        let gone = folder.appendingPathComponent("classes/UIGone.d.lua").path
        #expect(FileManager.default.fileExists(atPath: gone))
        let written = try LuaAnnotations(bridge: try UIWorld().bridge).write(to: folder)
        #expect(written.changes >= 1 && written.leftAlone.isEmpty, "\(written)")
        #expect(!FileManager.default.fileExists(atPath: gone))
        for path in mine {
            #expect(
                try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8).contains("the user's own"),
                "\(path)")
        }
        // Without its list (a folder from before it kept one), a file that differs is not its to replace.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(LuaAnnotations.manifestName))
        let label = folder.appendingPathComponent("classes/UILabel.d.lua")
        try "---@meta _\n-- edited by hand\n".write(to: label, atomically: true, encoding: .utf8)
        let again = try LuaAnnotations(bridge: try UIWorld().bridge).write(to: folder)
        #expect(again.leftAlone == ["classes/UILabel.d.lua"])
        #expect(try String(contentsOf: label, encoding: .utf8).contains("edited by hand"))
    }

    /// What LuaLS would call undefined in the bundled examples, checked without it (no package
    /// manager this project can use provides lua-language-server): every class, struct and SDK
    /// module they name, and every method they call that they do not define, is annotated.
    @Test func theBundledExamplesUseOnlyAnnotatedNames() throws {
        let (_, files) = try Self.generated()
        let annotations = files.values.joined(separator: "\n")
        let annotated = Self.matches(#"function [\w.]+[:.](\w+)\("#, in: annotations)
            .union(Self.matches(#"---@field (\w+)"#, in: annotations))
        for example in ["WordsCollection", "Mosaic"] {
            let folder = try BundledExamples.url(example)
            let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".lua")
            }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
            for name in Self.matches(#"objc\.(\w+)"#, in: sources) {
                #expect(files["classes/\(name).d.lua"] != nil, "\(example): objc.\(name)")
            }
            for name in Self.matches(#"struct\.(\w+)"#, in: sources) {
                #expect(files["structs/\(name).d.lua"] != nil, "\(example): struct.\(name)")
            }
            for module in Self.matches(
                #"require\s*\(?\s*"((?:UIKit|Foundation|QuartzCore|CoreGraphics)\.\w+)""#, in: sources)
            {
                #expect(files["modules/\(module).d.lua"] != nil, "\(example): require \(module)")
            }
            let defined = Self.matches(#"function [\w.\[\]]+[:.](\w+)\("#, in: sources)
            let unknown = Self.matches(#":(\w+)\("#, in: sources).subtracting(annotated).subtracting(defined)
            #expect(unknown.isEmpty, "\(example) calls methods no annotation has: \(unknown.sorted())")
        }
    }

    @Test(.enabled(if: AnnotationsTests.languageServer != nil)) func theLanguageServerFindsNothingInTheExamples() throws
    {
        // Runs only where a lua-language-server is on the PATH; no package manager this project
        // can use provides one, so the test above stands in for it elsewhere.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-luals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in ["WordsCollection", "Mosaic"] {
            let project = folder.appendingPathComponent(example)
            try FileManager.default.copyItem(at: try BundledExamples.url(example), to: project)
            try LuaAnnotations(bridge: try UIWorld().bridge).write(
                to: project.appendingPathComponent(".rebound/annotations"))
            try #"{"runtime.version": "Lua 5.4", "workspace.library": [".rebound/annotations"]}"#
                .write(to: project.appendingPathComponent(".luarc.json"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.languageServer))
            process.arguments = ["--check", project.path, "--checklevel=Warning"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(!text.contains("undefined-field") && !text.contains("undefined-global"), "\(example): \(text)")
        }
    }

    static let languageServer: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/lua-language-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static func count(_ text: String, in file: String) -> Int { file.components(separatedBy: text).count - 1 }

    static func matches(_ pattern: String, in text: String) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            expression.matches(in: text, range: range).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            })
    }

    /// docs/reference is what the registry generates: a class, method or enum that changes
    /// changes its page, and `REBOUND_UPDATE_DOCS=1 swift test --filter AnnotationsTests` writes it.
    @Test func theCommittedReferenceIsWhatTheRegistryGenerates() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let folder = root.appendingPathComponent("docs/reference")
        let reference = MarkdownReference(bridge: try UIWorld().bridge)
        if ProcessInfo.processInfo.environment["REBOUND_UPDATE_DOCS"] == "1" { try reference.write(to: folder) }
        let files = reference.files()
        #expect(files["classes/UILabel.md"]?.contains("`label:setText(value)`") == true)
        #expect(files["modules/UIKit.UIView.md"]?.contains("| `FlexibleWidth` | `flexibleWidth` |") == true)
        let committed = Set(
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter {
                $0.hasSuffix(".md")
            })
        #expect(committed == Set(files.keys), "pages missing or left over: REBOUND_UPDATE_DOCS=1 swift test")
        for (path, text) in files {
            let page = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            #expect(page == text, "docs/reference/\(path) is stale: REBOUND_UPDATE_DOCS=1 swift test")
        }
    }
}
