import Crypto
import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import ObjectBridge
import Testing

/// Source packages: export, standalone runs, a project over a package, and every way a
/// package can be wrong.
@Suite(.serialized) struct PackageTests {
    static let controller = """
        local Controller = objc.UIViewController:createSubclass("Controller")
        function Controller:viewDidLoad()
            self:getResource("greeting", "txt", function(self, text) greeting = text end)
        end
        Shape = require "Shape"
        return Controller
        """

    static let shape = """
        local Shape = class.createClass("Shape")
        function Shape:area() return 4 end
        return Shape
        """

    /// A scratch folder, removed at the end of the test.
    final class Scratch {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rebound-package-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }
        func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

        func write(_ path: String, _ text: String) throws {
            try FileManager.default.createDirectory(
                at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url(path))
        }

        /// A small project and its package, `Small.luapkg`.
        func smallPackage() throws -> URL {
            try write("Small/main.lua", PackageTests.controller)
            try write("Small/Shape.lua", PackageTests.shape)
            try write("Small/greeting.txt", "hello from the package")
            let package = url("Small.luapkg")
            _ = try PackageExport.export(try Project(at: url("Small").path), id: "com.example.small", to: package)
            return package
        }
    }

    static let examples = (try? BundledExamples.folder()) ?? URL(fileURLWithPath: "Resources/Examples")

    /// Every view under the window: class, exact frame, index path, text.
    static func screen(_ world: UIWorld) -> [String] {
        var lines: [String] = []
        var stack: [(View, Int)] = [(world.window, 0)]
        while let (view, depth) = stack.popLast() {
            let name = (try? world.bridge.classObject(for: view).name) ?? "\(type(of: view))"
            var line = "\(depth) \(name) \(view.frame)"
            if let path = (view as? ReusableView)?.layoutAttributes?.indexPath {
                line += " \(path.section).\(path.item)"
            }
            if let label = view as? Label { line += " \(label.text ?? "")" }
            lines.append(line)
            stack += view.subviews.reversed().map { ($0, depth + 1) }
        }
        return lines
    }

    /// Every file of a folder, by relative path.
    static func files(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    // MARK: Export and standalone runs

    @Test(arguments: ["WordsCollection", "Mosaic"])
    func aStandaloneRunShowsExactlyWhatTheLiveProjectShows(example: String) throws {
        let scratch = try Scratch()
        let live = try LiveProject(example: example)
        #expect(live.host.isRunning)
        let package = scratch.url("\(example).luapkg")
        let result = try PackageExport.export(
            try Project(at: live.folder.path), id: "com.example.\(example)", to: package)
        #expect(result.manifest.name == live.folder.lastPathComponent)

        var options = LiveProject.options
        options.watch = false
        var events: [HostEvent] = []
        let standalone = try LiveHost(
            program: try Program(project: nil, package: try SourcePackage(at: package.path)),
            options: options
        ) { event, _ in events.append(event) }
        try standalone.start()
        #expect(standalone.isRunning)
        #expect(events.first?.kind == .started, "\(events)")
        #expect(events.first?.file?.hasPrefix("\(example).luapkg/Source/") == true)
        let standaloneScreen = Self.screen(try #require(standalone.world))
        #expect(standaloneScreen.count > 10)
        #expect(standaloneScreen == Self.screen(live.world))
    }

    @Test func theSameProjectGivesTheSameBytes() throws {
        let scratch = try Scratch()
        let project = try Project(at: Self.examples.appendingPathComponent("WordsCollection").path)
        for folder in ["one", "two"] {
            try FileManager.default.createDirectory(at: scratch.url(folder), withIntermediateDirectories: true)
        }
        _ = try PackageExport.export(project, id: nil, to: scratch.url("one/Words.luapkg"))
        _ = try PackageExport.export(project, id: nil, to: scratch.url("two/Words.luapkg"))
        let first = try Self.files(of: scratch.url("one/Words.luapkg"))
        #expect(
            first.keys.sorted() == [
                "Source/CollectionController.lua", "Source/LabelCell.lua", "Source/PinchFlowLayout.lua",
                "Source/h2g2.txt", "manifest.json",
            ])
        #expect(first == (try Self.files(of: scratch.url("two/Words.luapkg"))))
        _ = try PackageExport.export(project, id: nil, to: scratch.url("one/Words.luapkg"))
        #expect(first == (try Self.files(of: scratch.url("one/Words.luapkg"))))
        let manifest = try PackageManifest.decode(try #require(first["manifest.json"]))
        #expect(manifest.id == "com.example.WordsCollection")
        #expect(manifest.start == "CollectionController")
    }

    /// A package that declares another's id does not share its run folder (its defaults and
    /// knobs); the same content exported again keeps its own.
    @Test func theRunFolderIsKeyedByTheContentAsWellAsTheID() throws {
        let scratch = try Scratch()
        let first = try SourcePackage(at: try scratch.smallPackage().path)
        try scratch.write("Small/Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return 5"))
        _ = try PackageExport.export(
            try Project(at: scratch.url("Small").path), id: "com.example.small", to: scratch.url("Other.luapkg"))
        let impostor = try SourcePackage(at: scratch.url("Other.luapkg").path)
        #expect(first.manifest.id == impostor.manifest.id)
        let (mine, theirs) = (
            try Program(project: nil, package: first).runFolder, try Program(project: nil, package: impostor).runFolder
        )
        #expect(
            mine != nil && theirs != nil && mine != theirs,
            "\(String(describing: mine)) and \(String(describing: theirs))")
        #expect(mine?.lastPathComponent.hasPrefix("com.example.small-") == true)
        #expect(
            try Program(project: nil, package: try SourcePackage(at: scratch.url("Small.luapkg").path)).runFolder
                == mine)
    }

    @Test func onlyModulesAndResourcesGoIn() throws {
        let scratch = try Scratch()
        let files = [
            "main.lua": Self.controller, "Shape.lua": Self.shape, "greeting.txt": "hi", "Cells/Cell.lua": "return 1",
            "icons/star@2x.png": "png bytes", "rebound.json": "{\"packageId\": \"com.example.p\"}",
            "notes.md": "# notes", ".git/config": "x", ".hidden.lua": "x", "4913": "", "main.lua~": "old",
            ".main.lua.swp": "x", "build/out.json": "{}", "DerivedData/x.lua": "x", "Old.luapkg/manifest.json": "{}",
        ]
        for (path, text) in files { try scratch.write("P/\(path)", text) }
        let result = try PackageExport.export(
            try Project(at: scratch.url("P").path), id: nil, to: scratch.url("P.luapkg"))
        #expect(result.manifest.modules.map(\.path) == ["Cells/Cell.lua", "Shape.lua", "main.lua"])
        #expect(result.manifest.resources.map(\.path) == ["greeting.txt", "icons/star@2x.png"])
        #expect(result.leftOut == ["notes.md"])
        #expect(result.manifest.id == "com.example.p")
        #expect(try SourcePackage(at: scratch.url("P.luapkg").path).paths.count == 5)
    }

    @Test func aProjectWithSyntaxErrorsIsRefusedWithEveryErrorAndTheOldPackageStays() throws {
        let scratch = try Scratch()
        let package = try scratch.smallPackage()
        let before = try Self.files(of: package)
        try scratch.write("Small/Shape.lua", "local x = = 1")
        try scratch.write("Small/Other.lua", "return (")
        let error = #expect(throws: PackageError.self) {
            try PackageExport.export(try Project(at: scratch.url("Small").path), id: "com.example.small", to: package)
        }
        #expect(error?.problems.contains { $0.hasPrefix("Shape.lua:1:") } == true)
        #expect(error?.problems.contains { $0.hasPrefix("Other.lua:1:") } == true)
        #expect(try Self.files(of: package) == before)
    }

    @Test func anExportThatFailsMidwayLeavesThePreviousPackageExactlyAsItWas() throws {
        let scratch = try Scratch()
        let package = try scratch.smallPackage()
        let before = try Self.files(of: package)
        try scratch.write("Small/Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return 5"))
        // Sorted last, so every other file has been copied when it fails.
        try scratch.write("Small/zz.txt", String(repeating: "x", count: 4096))
        let error = #expect(throws: PackageError.self) {
            try PackageExport.export(
                try Project(at: scratch.url("Small").path), id: "com.example.small", to: package,
                sizeLimit: 1024)
        }
        #expect(error?.description.contains("zz.txt is 4096 bytes, over the 1024 bytes size limit") == true)
        #expect(try Self.files(of: package) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.folder.path).sorted()
        #expect(left == ["Small", "Small.luapkg"])
    }

    @Test func aFolderThatIsNotAPackageIsNeverReplaced() throws {
        let scratch = try Scratch()
        try scratch.write("Small/main.lua", Self.controller)
        try scratch.write("Small/Shape.lua", Self.shape)
        try scratch.write("Mine.luapkg/thesis.txt", "years of work")
        #expect(throws: PackageError.self) {
            try PackageExport.export(
                try Project(at: scratch.url("Small").path), id: "a", to: scratch.url("Mine.luapkg"))
        }
        #expect(try Self.files(of: scratch.url("Mine.luapkg")) == ["thesis.txt": Data("years of work".utf8)])
    }

    // MARK: A project over a package

    @Test func theProjectsFilesWinAndTheRestComesFromThePackage() throws {
        let scratch = try Scratch()
        let package = try SourcePackage(at: try scratch.smallPackage().path)
        let project = try LiveProject(
            [
                "main.lua": Self.controller,
                "Shape.lua": Self.shape.replacingOccurrences(of: "return 4", with: "return 5"),
                "greeting.txt": "hello from the project",
            ], start: false)
        try project.launch(package: package)
        #expect(try project.value("Shape:new():area()") == 5)
        #expect(try project.value("greeting") == "hello from the project")

        // Removing the project's copies brings the package's back, live.
        try FileManager.default.removeItem(at: project.url("Shape.lua"))
        #expect(project.waitFor(.reloaded) == 1)
        #expect(project.events(.reloaded).first?.file == "Small.luapkg/Source/Shape.lua")
        #expect(try project.value("Shape:new():area()") == 4)
        try FileManager.default.removeItem(at: project.url("greeting.txt"))
        #expect(project.waitFor(.resource) == 1)
        #expect(project.events(.resource).first?.file == "Small.luapkg/Source/greeting.txt")
        #expect(try project.value("greeting") == "hello from the package")

        // And saving it again in the project wins again.
        try project.write("Shape.lua", Self.shape.replacingOccurrences(of: "return 4", with: "return 6"))
        #expect(project.waitFor(.reloaded, count: 2) == 2)
        #expect(try project.value("Shape:new():area()") == 6)
    }

    @Test func aModuleOnlyThePackageHasComesFromThePackage() throws {
        let scratch = try Scratch()
        let package = try SourcePackage(at: try scratch.smallPackage().path)
        let project = try LiveProject(["main.lua": Self.controller], start: false)
        try project.launch(package: package)
        #expect(project.host.isRunning)
        #expect(try project.value("Shape:new():area()") == 4)
        #expect(try project.value("greeting") == "hello from the package")
    }

    @Test func theProjectsPackageIdMustBeThePackages() throws {
        let scratch = try Scratch()
        let package = try SourcePackage(at: try scratch.smallPackage().path)
        try scratch.write("Other/main.lua", Self.controller)
        try scratch.write("Other/rebound.json", "{\"packageId\": \"com.example.other\"}")
        let error = #expect(throws: ProjectError.self) {
            try Program(project: try Project(at: scratch.url("Other").path), package: package)
        }
        #expect(
            error?.description
                == "Small.luapkg is package 'com.example.small', but rebound.json asks for 'com.example.other'")
        #expect(throws: PackageError.self) { try SourcePackage(at: package.url.path, expectedID: "com.example.other") }
    }

    // MARK: Bad packages

    /// A way to spoil a good package, and what the refusal must say.
    struct Spoiler: CustomTestStringConvertible, Sendable {
        let name: String
        let expected: String
        let spoil: @Sendable (URL, Scratch) throws -> Void
        var testDescription: String { name }
    }

    static func editManifest(_ package: URL, _ change: (inout [String: Any]) -> Void) throws {
        let url = package.appendingPathComponent("manifest.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
    }

    static func addModule(_ entry: [String: Any]) -> (inout [String: Any]) -> Void {
        { manifest in manifest["modules"] = (manifest["modules"] as? [[String: Any]] ?? []) + [entry] }
    }

    static let shapeHash = "a" + String(repeating: "0", count: 63)

    static let spoilers: [Spoiler] = [
        Spoiler(name: "not JSON", expected: "manifest.json is not a valid manifest") { package, _ in
            try Data("{ not json".utf8).write(to: package.appendingPathComponent("manifest.json"))
        },
        Spoiler(name: "a missing field", expected: "'start'") { package, _ in
            try editManifest(package) { $0["start"] = nil }
        },
        Spoiler(name: "an unknown format", expected: "format 7 is not one this version of Rebound reads") {
            package, _ in
            try editManifest(package) { $0["format"] = 7 }
        },
        Spoiler(name: "no manifest", expected: "manifest.json is missing") { package, _ in
            try FileManager.default.removeItem(at: package.appendingPathComponent("manifest.json"))
        },
        Spoiler(
            name: "an entry with ..", expected: "entry '../../outside.lua': the path leads out of its folder with '..'"
        ) { package, scratch in
            try scratch.write("outside.lua", "return 1")
            try editManifest(package, addModule(["path": "../../outside.lua", "size": 8, "sha256": shapeHash]))
        },
        Spoiler(name: "an absolute entry", expected: "entry '/etc/hostname': an absolute path") { package, _ in
            try editManifest(package) { $0["resources"] = [["path": "/etc/hostname", "size": 1, "sha256": shapeHash]] }
        },
        Spoiler(
            name: "a symlink out of the package", expected: "Source/Shape.lua: a symlink that leads outside the package"
        ) { package, scratch in
            try scratch.write("elsewhere/Shape.lua", PackageTests.shape)
            let link = package.appendingPathComponent("Source/Shape.lua")
            try FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: scratch.url("elsewhere/Shape.lua"))
        },
        Spoiler(name: "a duplicate entry", expected: "entry 'Shape.lua' is listed twice") { package, _ in
            try editManifest(package) { manifest in
                let modules = manifest["modules"] as? [[String: Any]] ?? []
                manifest["modules"] = modules + modules.filter { $0["path"] as? String == "Shape.lua" }
            }
        },
        Spoiler(name: "a missing file", expected: "Source/Shape.lua: missing") { package, _ in
            try FileManager.default.removeItem(at: package.appendingPathComponent("Source/Shape.lua"))
        },
        Spoiler(name: "an extra file", expected: "Source/Extra.lua: not listed in manifest.json") { package, _ in
            try Data("return 1".utf8).write(to: package.appendingPathComponent("Source/Extra.lua"))
        },
        Spoiler(name: "a changed file", expected: "Source/Shape.lua: its SHA-256 differs from the manifest's") {
            package, _ in
            try Data(PackageTests.shape.replacingOccurrences(of: "return 4", with: "return 5").utf8)
                .write(to: package.appendingPathComponent("Source/Shape.lua"))
        },
        Spoiler(name: "a file of another size", expected: "Source/greeting.txt: 4 bytes, the manifest says 22") {
            package, _ in
            try Data("hey!".utf8).write(to: package.appendingPathComponent("Source/greeting.txt"))
        },
        Spoiler(name: "a module that does not compile", expected: "Small.luapkg/Source/Shape.lua:1:") { package, _ in
            let broken = Data("return = 1".utf8)
            try broken.write(to: package.appendingPathComponent("Source/Shape.lua"))
            try editManifest(package) { manifest in
                manifest["modules"] = (manifest["modules"] as? [[String: Any]] ?? []).map { entry in
                    guard entry["path"] as? String == "Shape.lua" else { return entry }
                    let hash = SHA256.hash(data: broken).map { String(format: "%02x", $0) }.joined()
                    return ["path": "Shape.lua", "size": broken.count, "sha256": hash]
                }
            }
        },
    ]

    @Test(arguments: spoilers)
    func aBadPackageIsRefusedBeforeAnyScriptRunsAndTheEntryIsNamed(spoiler: Spoiler) throws {
        let scratch = try Scratch()
        let package = try scratch.smallPackage()
        try spoiler.spoil(package, scratch)
        let error = #expect(throws: PackageError.self) { try SourcePackage(at: package.path) }
        let text = error?.description ?? ""
        #expect(text.contains(spoiler.expected), "\(text)")
    }
}
