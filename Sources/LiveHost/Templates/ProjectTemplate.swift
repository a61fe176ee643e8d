import Foundation

/// The project `rebound new` writes: a collection view controller with a cell class, the
/// `system.did_load_module` pattern that makes saves show, and enums where Bounces keeps them.
/// With an app delegate, the Xcode app's part is in Lua too: the delegate makes the window and
/// a navigation controller around the collection controller.
public enum ProjectTemplate {
    /// What the project starts from.
    public enum Kind: String, CaseIterable, Sendable {
        /// A collection view controller and a cell class.
        case collection
        /// Texture's node model: the bundled TextureMosaic example (a collection node, cell
        /// nodes with layout specs, a layout inspector).
        case texture
        /// iOS 14's list: the bundled ModernList example (a list layout, a diffable data
        /// source, cell registrations and swipe actions), launched by its app delegate.
        case list
    }

    /// Writes a new project folder at `path`, named after its last component, with `extraFiles`
    /// (the tools' settings for editors, by path). Refuses a path that exists.
    public static func write(
        to path: String, kind: Kind = .collection, withAppDelegate: Bool = false, extraFiles: [String: String] = [:]
    ) throws -> Project {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let name = root.lastPathComponent
        guard !name.isEmpty, name != "/", name.allSatisfy({ $0.isLetter || $0.isNumber || "-_".contains($0) }) else {
            throw ProjectError("'\(name)' cannot name a project: use letters, digits, '-' and '_'")
        }
        guard !FileManager.default.fileExists(atPath: root.path) else {
            throw ProjectError("\(root.path) already exists; choose a new folder")
        }
        let identifier = name.filter { $0.isLetter || $0.isNumber }
        if kind == .texture, withAppDelegate {
            throw ProjectError("the texture template starts from its controller; leave out --app-delegate")
        }
        if kind != .collection {
            // The list example has its app delegate; the texture example starts from "main".
            let entry = kind == .list ? #""appDelegate": "AppDelegate""# : #""start": "main""#
            return try writeFiles(
                try exampleFiles(kind == .list ? "ModernList" : "TextureMosaic").merging(
                    [
                        ProjectSettings.fileName: settings(entry: entry, identifier: identifier),
                        ".luarc.json": luaLanguageServerSettings, ".luacheckrc": luacheckSettings,
                    ], uniquingKeysWith: { _, template in template }
                ).merging(extraFiles) { template, _ in template }, to: root)
        }
        var files = [
            ProjectSettings.fileName: """
            {
              \(withAppDelegate ? #""appDelegate": "AppDelegate""# : #""start": "CollectionController""#),
              "device": "phone",
              "packageId": "com.example.\(identifier.isEmpty ? "app" : identifier)"
            }

            """,
            "CollectionController.lua": controller,
            "ItemCell.lua": cell,
            ".luarc.json": luaLanguageServerSettings,
            ".luacheckrc": luacheckSettings,
        ]
        files.merge(extraFiles) { template, _ in template }
        if withAppDelegate { files["AppDelegate.lua"] = appDelegate }
        return try writeFiles(files, to: root)
    }

    private static func settings(entry: String, identifier: String) -> String {
        """
        {
          \(entry),
          "device": "phone",
          "packageId": "com.example.\(identifier.isEmpty ? "app" : identifier)"
        }

        """
    }

    /// The Lua files of bundled example `name`, by path in the example.
    private static func exampleFiles(_ name: String) throws -> [String: String] {
        let root = try BundledExamples.url(name)
        var files: [String: String] = [:]
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = found?.nextObject() as? URL {
            guard url.pathExtension == "lua" else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files[path] = try String(contentsOf: url, encoding: .utf8)
        }
        guard !files.isEmpty else { throw ProjectError("the bundled example \(name) has no Lua files") }
        return files
    }

    private static func writeFiles(_ files: [String: String], to root: URL) throws -> Project {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (file, text) in files.sorted(by: { $0.key < $1.key }) {
                let url = root.appendingPathComponent(file)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw ProjectError("cannot write \(root.path): \(error.localizedDescription)")
        }
        return try Project(at: root.path)
    }

    /// Where `rebound annotations` writes, from the project's folder.
    public static let annotationsFolder = ".rebound/annotations"

    /// Settings for LuaLS (VS Code's and Neovim's Lua language server): Lua 5.4, and the
    /// annotations of Rebound's API as a library.
    static let luaLanguageServerSettings = """
        {
          "runtime.version": "Lua 5.4",
          "workspace.library": ["\(annotationsFolder)"],
          "diagnostics.globals": []
        }

        """

    /// luacheck's settings (`.luacheckrc`): Rebound's globals, and busted's in spec files. The
    /// repository's own `.luacheckrc`, which `make lint` uses, is the same text.
    public static let luacheckSettings = String(decoding: PackageResources.luacheckrc, as: UTF8.self)

    static let appDelegate = String(decoding: PackageResources.AppDelegate_lua, as: UTF8.self)

    static let controller = String(decoding: PackageResources.CollectionController_lua, as: UTF8.self)

    static let cell = String(decoding: PackageResources.ItemCell_lua, as: UTF8.self)
}
