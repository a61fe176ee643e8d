import Crypto
import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// What `rebound run` runs: a live project folder, an exported package, or a project over a
/// package. A file the project holds wins over the package's copy, and everything else comes
/// from the package, as a Bounces project overrides the package an app embeds.
///
/// Every file of the program is named by its path relative to the source folder (the
/// package's `Source/`); `read`, `digest` and `displayPath` find the copy that applies.
public struct Program: Sendable {
    public let project: Project?
    public let package: SourcePackage?
    /// The module that launches the program: the start module, or the app delegate's. Nil for
    /// a project that starts from its main storyboard alone.
    public let startModule: String?
    /// Whether `startModule` was named as the app delegate's (`rebound.json`'s `appDelegate`).
    public let startsWithAppDelegate: Bool
    public let device: String?
    public let packageID: String?
    /// How the device is held when the program starts: `--orientation`, else `rebound.json`'s,
    /// else the profile's own.
    public let orientation: DeviceOrientation?
    /// The device's appearance: `--appearance`, else `rebound.json`'s, else light.
    public let appearance: UserInterfaceStyle?
    /// The user's text size: `--content-size`, else `rebound.json`'s, else Large.
    public let contentSizeCategory: ContentSizeCategory?

    /// Settings the command line gives; they win over `rebound.json` and the manifest.
    public struct Overrides: Sendable {
        public var startModule: String?
        public var device: String?
        public var packageID: String?
        public var orientation: DeviceOrientation?
        public var appearance: UserInterfaceStyle?
        public var contentSizeCategory: ContentSizeCategory?
        public init(
            startModule: String? = nil, device: String? = nil, packageID: String? = nil,
            orientation: DeviceOrientation? = nil, appearance: UserInterfaceStyle? = nil,
            contentSizeCategory: ContentSizeCategory? = nil
        ) {
            self.contentSizeCategory = contentSizeCategory
            self.startModule = startModule
            self.device = device
            self.packageID = packageID
            self.orientation = orientation
            self.appearance = appearance
        }
    }

    /// A program of a project, a package, or both. With a package, the id the command line or
    /// `rebound.json` gives must be the package's.
    public init(project: Project?, package: SourcePackage? = nil, overrides: Overrides = .init()) throws {
        self.project = project
        self.package = package
        let expectedID = overrides.packageID ?? project?.packageID
        if let package, let expectedID, package.manifest.id != expectedID {
            throw ProjectError(
                "\(package.url.lastPathComponent) is package '\(package.manifest.id)', but "
                    + (overrides.packageID != nil ? "--package-id" : "rebound.json") + " asks for '\(expectedID)'")
        }
        packageID = package?.manifest.id ?? expectedID
        orientation = try overrides.orientation ?? project?.orientation.map(DeviceOrientation.init(parsing:))
        appearance = try overrides.appearance ?? project?.appearance.map(UserInterfaceStyle.init(parsing:))
        contentSizeCategory =
            try overrides.contentSizeCategory ?? project?.contentSize.map(ContentSizeCategory.init(parsing:))
        device = overrides.device ?? project?.device ?? package?.manifest.device
        if let device {
            do {
                _ = try DeviceProfile(parsing: device)
            } catch {
                let origin =
                    overrides.device != nil
                    ? "--device"
                    : project?.device != nil
                        ? ProjectSettings.fileName
                        : package.map { "\($0.url.lastPathComponent)/\(PackageManifest.fileName)" } ?? "the device"
                throw ProjectError("\(origin): \(error)")
            }
        }
        let name = project?.root.path ?? package?.url.path ?? "the program"
        let modules = Self.files(project: project, package: package).compactMap(Project.moduleName(forPath:))
        guard
            let start = overrides.startModule ?? project?.startModule ?? project?.appDelegateModule
                ?? package?.manifest.start
                ?? Self.defaultStart(among: modules, storyboard: project?.mainStoryboard != nil)
        else {
            if project?.mainStoryboard != nil {
                (startModule, startsWithAppDelegate) = (nil, false)
                return
            }
            throw ProjectError(
                "\(name) has no start module: add main.lua, name one in rebound.json "
                    + "({\"start\": \"Module\"}, or {\"appDelegate\": \"AppDelegate\"}), or pass --start")
        }
        startsWithAppDelegate = overrides.startModule == nil && project?.appDelegateModule == start
        guard modules.contains(start) else {
            throw ProjectError(
                "the \(startsWithAppDelegate ? "appDelegate" : "start") module '\(start)' is not in \(name)"
                    + Suggestion.phrase(for: start, among: modules))
        }
        startModule = start
    }

    /// `profile` as the program runs it: on the iOS version `rebound.json` names, held as
    /// `orientation` says, in `appearance` and at `contentSizeCategory`, if they do.
    public func running(on profile: DeviceProfile) -> DeviceProfile {
        var profile = orientation.map { profile.turned(to: $0) } ?? profile
        if let version = project?.systemVersion { profile.systemVersion = version }
        if let appearance { profile.appearance = appearance }
        if let contentSizeCategory { profile.contentSizeCategory = contentSizeCategory }
        return profile
    }

    /// The file the program starts from: the start module's, else the main storyboard's.
    public var startPath: String {
        startModule.map(Project.path(forModule:)) ?? "\(project?.mainStoryboard ?? "Main").storyboard"
    }

    /// The program's name: the project's, else the package's.
    public var name: String { project?.name ?? package?.manifest.name ?? "program" }

    /// Every file of the program, relative to the source folder, sorted.
    public func files() -> [String] { Self.files(project: project, package: package) }

    private static func files(project: Project?, package: SourcePackage?) -> [String] {
        Set(project?.files() ?? []).union(package?.paths ?? []).sorted()
    }

    /// Where the copy of a file that applies is.
    enum Origin {
        case project(URL)
        case package(SourcePackage)
    }

    func origin(of path: String) -> Origin? {
        if let project {
            let url = project.url(of: path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                return .project(url)
            }
        }
        if let package, package.contains(path) { return .package(package) }
        return nil
    }

    public func exists(_ path: String) -> Bool { origin(of: path) != nil }

    /// The file's contents; a package file is checked against its hash. The error of a file
    /// that cannot be read says why ("cannot read X.lua: permission denied").
    public func read(_ path: String) throws -> Data {
        switch origin(of: path) {
        case .project(let url):
            do {
                return try FileContents.read(url.path)
            } catch {
                throw ProjectError("cannot read \(displayPath(path)): \(error.reason)")
            }
        case .package(let package): return try package.read(path)
        case nil: throw ProjectError("\(path) is not in \(name)")
        }
    }

    /// The file's size in bytes, without reading it.
    func size(of path: String) -> Int? {
        switch origin(of: path) {
        case .project(let url): (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
        case .package(let package): package.size(of: path)
        case nil: nil
        }
    }

    /// What the host compares a file by: whether the copy that applies is empty, and its
    /// SHA-256 in lowercase hex (a package file's comes from its manifest). A project file's
    /// bytes come with it, so that what is compiled is what was hashed; a package file is read
    /// when it is used, against its manifest's hash. Nil when neither the project nor the
    /// package has the file; an error when it is there but unreadable.
    func content(of path: String) throws -> (isEmpty: Bool, digest: String, bytes: Data?)? {
        switch origin(of: path) {
        case .project:
            let data = try read(path)
            return (data.isEmpty, SHA256.hash(data: data).hex, data)
        case .package(let package):
            return package.digest(of: path).map { (package.size(of: path) == 0, $0, nil) }
        case nil:
            return nil
        }
    }

    /// Where the file is on disk (images are decoded from their file).
    func fileURL(of path: String) -> URL? {
        switch origin(of: path) {
        case .project(let url): url
        case .package(let package): package.fileURL(of: path)
        case nil: nil
        }
    }

    /// The run folder, where the host keeps what a program keeps between runs (its defaults,
    /// its sockets): `.rebound` in the project's root (hidden, so never watched); for a
    /// package run alone, `rebound/packages/ID-DIGEST` in the user's state folder
    /// (`$XDG_STATE_HOME`, else `~/.local/state`), DIGEST the start of its content's hash, so
    /// that a package that declares another's id never reads that one's defaults and knobs.
    public var runFolder: URL? {
        if let project { return project.root.appendingPathComponent(".rebound") }
        guard let package, case let id = package.manifest.id, !id.isEmpty, !id.contains("/"), !id.hasPrefix(".")
        else { return nil }
        let environment = ProcessInfo.processInfo.environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
        return state.appendingPathComponent("rebound/packages/\(id)-\(package.contentDigest.prefix(16))")
    }

    /// What a sandboxed run of the program may reach: its own files to read (the project's and
    /// the package's folders) and its run folder to write.
    public var confinement: LuaState.Confinement {
        .init(
            readRoots: [project?.root.path, package?.url.path].compactMap { $0 },
            writeRoots: runFolder.map { [$0.path] } ?? [])
    }

    /// The folder the program's relative paths start from: the project's source folder, or
    /// the package's (`NSBundle.mainBundle.bundlePath`).
    public var filesRoot: URL {
        project?.sourceRoot ?? package.map { $0.url.appendingPathComponent("Source") } ?? URL(fileURLWithPath: "/")
    }

    /// `NSBundle.mainBundle.infoDictionary`: the program's `Info.plist` when it has one, else
    /// its settings (`rebound.json`).
    public var infoDictionary: [String: Any] {
        if let data = try? read("Info.plist"),
            let info = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        {
            return info
        }
        guard let root = project?.root,
            let data = try? Data(contentsOf: root.appendingPathComponent(ProjectSettings.fileName)),
            let settings = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return settings
    }

    /// Where `NSUserDefaults` keeps the program's values.
    public var defaultsFile: URL? { runFolder?.appendingPathComponent("defaults.json") }

    /// How messages name a file: its path from the project folder, or `Name.luapkg/Source/path`.
    public func displayPath(_ path: String) -> String {
        switch origin(of: path) {
        case .package(let package): package.displayPath(path)
        default: project?.displayPath(path) ?? path
        }
    }

    /// The text of a line of a file named as `displayPath` names it, for error reports.
    func sourceLine(_ line: Int, ofFile file: String) -> String? {
        contents(displayedAs: file).flatMap { SourceLines.line(line, of: $0) }
    }

    /// The lines of a file named as `displayPath` names it from `line - radius` to
    /// `line + radius` (those that exist), numbered from 1: the source around an error.
    public func sourceLines(around line: Int, radius: Int, ofFile file: String) -> [SourceLines.Line] {
        contents(displayedAs: file).map { SourceLines.lines(around: line, radius: radius, of: $0) } ?? []
    }

    /// The contents of the program's own file that `displayPath` names `file`; nil for
    /// anything else (an error's chunk name can be any text, such as `@../../etc/passwd`).
    private func contents(displayedAs file: String) -> Data? {
        guard let path = files().first(where: { displayPath($0) == file }), staysInside(path) else { return nil }
        return try? read(path)
    }

    /// Whether the copy of `path` that applies lies inside its project's or package's folder
    /// once its symlinks are resolved (a package's symlinks are checked when it is read).
    func staysInside(_ path: String) -> Bool {
        guard case .project(let url) = origin(of: path), let project else { return true }
        let root = project.root.standardizedFileURL.resolvingSymlinksInPath().path
        let real = url.standardizedFileURL.resolvingSymlinksInPath().path
        return real.hasPrefix(root + "/")
    }

    /// `main`, else the only module at the top of the source folder.
    /// `main`, else a project's only top-level module, unless a main storyboard starts the
    /// project: its lone module is then one of the storyboard's classes.
    private static func defaultStart(among modules: [String], storyboard: Bool) -> String? {
        if modules.contains("main") { return "main" }
        if storyboard { return nil }
        let topLevel = modules.filter { !$0.contains(".") }
        return topLevel.count == 1 ? topLevel[0] : nil
    }
}
