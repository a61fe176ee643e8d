import Foundation
import ObjectBridge

/// A project folder as `rebound run` reads it: Lua modules and resource files under a source
/// folder, a start module, a device profile and a package id.
///
/// A plain folder is its own source folder; a Bounces or CodeFlow project (`Name.luapp` with
/// `Source/` and `Info.plist`) keeps them in `Source/`. `rebound.json` at the top may name
/// the start module (`start`), the device profile (`device`) and the package id (`packageId`).
public struct Project: Sendable {
    /// The folder the user named.
    public let root: URL
    /// Where modules and resources live: `root`, or `root/Source` for a `.luapp`.
    public let sourceRoot: URL
    public let startModule: String
    public let device: String?
    public let packageID: String?

    /// Settings the command line gives; they win over `rebound.json`.
    public struct Overrides: Sendable {
        public var startModule: String?
        public var device: String?
        public var packageID: String?
        public init(startModule: String? = nil, device: String? = nil, packageID: String? = nil) {
            self.startModule = startModule
            self.device = device
            self.packageID = packageID
        }
    }

    public init(at path: String, overrides: Overrides = .init()) throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ProjectError("\(path) is not a project folder")
        }
        self.root = root
        sourceRoot = Self.sourceRoot(of: root)
        let settings = try ProjectSettings.read(from: root, isBundle: sourceRoot != root)
        device = overrides.device ?? settings.device
        packageID = overrides.packageID ?? settings.packageId
        let modules = ProjectFiles.scan(sourceRoot).compactMap { Self.moduleName(forPath: $0) }
        guard let start = overrides.startModule ?? settings.start ?? Self.defaultStart(among: modules) else {
            throw ProjectError("\(path) has no start module: add main.lua, name one in rebound.json "
                + "({\"start\": \"Module\"}), or pass --start")
        }
        guard modules.contains(start) else {
            throw ProjectError("the start module '\(start)' is not in \(sourceRoot.path)"
                + Suggestion.phrase(for: start, among: modules))
        }
        startModule = start
    }

    /// Where a project folder keeps its modules: `Source/` for a Bounces or CodeFlow project
    /// (it has `Source/` and `Info.plist`), else the folder itself.
    public static func sourceRoot(of root: URL) -> URL {
        let source = root.appendingPathComponent("Source")
        let isBundle = FileManager.default.fileExists(atPath: source.path)
            && FileManager.default.fileExists(atPath: root.appendingPathComponent("Info.plist").path)
        return isBundle ? source : root
    }

    /// `main`, else the only module at the top of the source folder.
    private static func defaultStart(among modules: [String]) -> String? {
        if modules.contains("main") { return "main" }
        let topLevel = modules.filter { !$0.contains(".") }
        return topLevel.count == 1 ? topLevel[0] : nil
    }

    /// `Cells/LabelCell.lua` is `Cells.LabelCell`; nil for a path that is not a module.
    public static func moduleName(forPath relativePath: String) -> String? {
        guard relativePath.hasSuffix(".lua") else { return nil }
        let parts = relativePath.dropLast(4).split(separator: "/")
        guard !parts.isEmpty, parts.allSatisfy({ !$0.contains(".") }) else { return nil }
        return parts.joined(separator: ".")
    }

    /// The path a module name stands for (`Cells.LabelCell` is `Cells/LabelCell.lua`).
    public static func path(forModule name: String) -> String {
        name.replacingOccurrences(of: ".", with: "/") + ".lua"
    }

    /// The absolute path of a file given relative to the source folder.
    public func url(of relativePath: String) -> URL {
        sourceRoot.appendingPathComponent(relativePath)
    }

    /// How messages name a file of the source folder: its path from the project folder
    /// (`Source/X.lua` in a .luapp), as the user sees it.
    public static func displayPath(_ path: String, root: URL, sourceRoot: URL) -> String {
        let prefix = sourceRoot.path.dropFirst(root.path.count).drop { $0 == "/" }
        return prefix.isEmpty ? path : prefix + "/" + path
    }
}

/// A project that cannot be run as it is; the message says what to change.
public struct ProjectError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// `rebound.json`, or for a `.luapp` its `Info.plist` (`StartModule`).
struct ProjectSettings: Decodable {
    var start: String?
    var device: String?
    var packageId: String?

    static let keys = ["start", "device", "packageId"]

    static func read(from root: URL, isBundle: Bool) throws -> ProjectSettings {
        let json = root.appendingPathComponent("rebound.json")
        if let data = FileManager.default.contents(atPath: json.path) {
            return try decode(data, file: "rebound.json")
        }
        guard isBundle, let data = FileManager.default.contents(atPath: root.appendingPathComponent("Info.plist").path) else {
            return ProjectSettings()
        }
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        return ProjectSettings(start: plist?["StartModule"] as? String)
    }

    static func decode(_ data: Data, file: String) throws -> ProjectSettings {
        let fields: [String: String]
        do {
            fields = try JSONDecoder().decode([String: String].self, from: data)
        } catch let error as DecodingError {
            throw ProjectError("\(file) must be a JSON object of strings: \(DecodingErrors.describe(error))")
        }
        for key in fields.keys where !keys.contains(key) {
            throw ProjectError("\(file): unknown key '\(key)'" + Suggestion.phrase(for: key, among: keys))
        }
        return ProjectSettings(start: fields["start"], device: fields["device"], packageId: fields["packageId"])
    }
}

/// The readable part of a decoding error: the parser's own message, else the context's, with
/// the key it concerns.
enum DecodingErrors {
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
             .keyNotFound(_, let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let key = context.codingPath.last.map { "'\($0.stringValue)': " } ?? ""
            return key + (underlying ?? context.debugDescription)
        @unknown default:
            return String(describing: error)
        }
    }
}
