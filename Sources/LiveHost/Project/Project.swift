import Foundation
import ObjectBridge

/// A project folder as `rebound run` reads it: Lua modules and resource files under a source
/// folder, and the settings of `rebound.json`.
///
/// A plain folder is its own source folder; a Bounces or CodeFlow project (`Name.luapp` with
/// `Source/` and `Info.plist`) keeps them in `Source/`. `rebound.json` at the top may name
/// the start module (`start`) or the app delegate's (`appDelegate`), the device profile (`device`, or several at once: `devices`)
/// and the package id (`packageId`);
/// `Program` settles which ones apply.
public struct Project: Sendable {
    /// The folder the user named.
    public let root: URL
    /// Where modules and resources live: `root`, or `root/Source` for a `.luapp`.
    public let sourceRoot: URL
    /// What `rebound.json` (or a `.luapp`'s `Info.plist`) says.
    public let startModule: String?
    /// The module of the app delegate class that launches the program, when `rebound.json`
    /// names one instead of a start module.
    public let appDelegateModule: String?
    public let device: String?
    /// The device profiles to run at once (`rebound.json`'s `devices`), or none.
    public let devices: [String]
    public let packageID: String?
    public let locale: String?
    public let timeZone: String?
    /// The iOS version the device profiles run, when `rebound.json` names one.
    public let systemVersion: String?
    /// How the device is held when the program starts, when `rebound.json` says.
    public let orientation: String?
    /// The device's appearance, when `rebound.json` says (`light` or `dark`).
    public let appearance: String?
    /// The user's text size, when `rebound.json` says (`xxLarge`, `AX1`, ...).
    public let contentSize: String?
    /// The storyboard the program starts from (`rebound.json`'s `mainStoryboard`, or a `.luapp`
    /// `Info.plist`'s `UIMainStoryboardFile`).
    public let mainStoryboard: String?

    public init(at path: String) throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ProjectError("\(path) is not a project folder")
        }
        self.root = root
        sourceRoot = Self.sourceRoot(of: root)
        let settings = try ProjectSettings.read(from: root, isBundle: sourceRoot != root)
        startModule = settings.start
        appDelegateModule = settings.appDelegate
        device = settings.device
        devices = settings.devices
        packageID = settings.packageId
        locale = settings.locale
        timeZone = settings.timeZone
        systemVersion = settings.systemVersion
        orientation = settings.orientation
        appearance = settings.appearance
        contentSize = settings.contentSize
        mainStoryboard = settings.mainStoryboard
    }

    /// The project's own files that count, relative to the source folder, sorted. The settings
    /// file of a plain folder is not one of them, nor are its specs (`spec/`, for `rebound
    /// test`): they test the program and are not part of it.
    public func files() -> [String] {
        ProjectFiles.scan(sourceRoot).filter { path in
            !(sourceRoot == root && (path == ProjectSettings.fileName || path.hasPrefix(Self.specFolder + "/")))
        }
    }

    /// The folder of a project's specs.
    public static let specFolder = "spec"

    /// The name of the program: the folder's, without `.luapp`.
    public var name: String {
        root.pathExtension == "luapp" ? root.deletingPathExtension().lastPathComponent : root.lastPathComponent
    }

    /// Where a project folder keeps its modules: `Source/` for a Bounces or CodeFlow project
    /// (it has `Source/` and `Info.plist`), else the folder itself.
    public static func sourceRoot(of root: URL) -> URL {
        let source = root.appendingPathComponent("Source")
        let isBundle =
            FileManager.default.fileExists(atPath: source.path)
            && FileManager.default.fileExists(atPath: root.appendingPathComponent("Info.plist").path)
        return isBundle ? source : root
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
    public func displayPath(_ path: String) -> String {
        let prefix = sourceRoot.path.dropFirst(root.path.count).drop { $0 == "/" }
        return prefix.isEmpty ? path : prefix + "/" + path
    }
}
