import CFileShim
import Crypto
import Foundation

/// `rebound export`: writes a project's modules and resources as a source package
/// (`Name.luapkg`), all or nothing.
///
/// The package is built in a hidden folder beside the target and then put in place in one
/// step (an existing package is swapped out with `renameat2`), so a failure at any point
/// leaves no partial package and leaves an existing one as it was. The same project always
/// gives the same bytes: entries are sorted and nothing records a time.
public enum PackageExport {
    /// What an export wrote.
    public struct Result: Sendable {
        public let url: URL
        public let manifest: PackageManifest
        /// Files of the project that are neither modules nor resources, so not exported.
        public let leftOut: [String]
    }

    /// Exports `project` to `destination` (a path ending in `.luapkg`) with the package id
    /// `id` (else the project's `packageId`). Refuses a project with syntax errors, listing
    /// every one before anything else is asked of it, and any file larger than `sizeLimit`.
    public static func export(
        _ project: Project, id: String?, to destination: URL,
        overrides: Program.Overrides = .init(), sizeLimit: Int = 64 << 20
    ) throws -> Result {
        // The project's own problems first: fixing them is the work; an id is a flag away.
        let check = try ProjectCheck.run(project)
        guard check.errors.isEmpty else {
            throw PackageError(
                ["\(project.root.path) has syntax errors; nothing was exported:"] + check.errors.map(\.message))
        }
        guard let id = id ?? project.packageID else {
            throw PackageError("no package id: pass --package-id, or set \"packageId\" in rebound.json")
        }
        guard PackageManifest.isValidID(id) else {
            throw PackageError("package id '\(id)' must be letters, digits, '.', '-' and '_'")
        }
        guard destination.pathExtension == "luapkg" else {
            throw PackageError("\(destination.path): a package's name must end in .luapkg")
        }
        let program = try Program(
            project: project, overrides: .init(startModule: overrides.startModule, device: overrides.device))
        guard let start = program.startModule else {
            throw PackageError(
                "\(project.name) starts from its main storyboard alone, and a package's manifest names a "
                    + "start module: add one that returns the storyboard's initial controller, such as "
                    + "objc.UIStoryboard:storyboardWithName_bundle(\"Main\", nil):instantiateInitialViewController()")
        }
        let files = project.files()
        let modules = files.filter { Project.moduleName(forPath: $0) != nil }
        let resources = files.filter { Project.moduleName(forPath: $0) == nil && ResourceType.of(path: $0) != nil }
        let leftOut = files.filter { !modules.contains($0) && !resources.contains($0) }

        let parent = destination.deletingLastPathComponent()
        try checkReplaceable(destination)
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).export-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw PackageError("cannot create a folder in \(parent.path): \(describe(error))")
        }
        do {
            let content = staging.appendingPathComponent(PackageManifest.contentFolder)
            let manifest = PackageManifest(
                format: PackageManifest.currentFormat, id: id, name: project.name, start: start,
                device: program.device ?? "phone",
                modules: try modules.map { try copy($0, of: project, to: content, sizeLimit: sizeLimit) },
                resources: try resources.map { try copy($0, of: project, to: content, sizeLimit: sizeLimit) })
            try write(try manifest.encoded(), to: staging.appendingPathComponent(PackageManifest.fileName))
            try install(staging, at: destination)
            return Result(url: destination, manifest: manifest, leftOut: leftOut)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// An existing destination must be a package (it has a manifest); anything else is the
    /// user's and is not replaced.
    private static func checkReplaceable(_ destination: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder) else { return }
        let manifest = destination.appendingPathComponent(PackageManifest.fileName).path
        guard isFolder.boolValue, FileManager.default.fileExists(atPath: manifest) else {
            throw PackageError("\(destination.path) exists and is not a package; it was not replaced")
        }
    }

    private static func copy(_ path: String, of project: Project, to content: URL, sizeLimit: Int) throws
        -> PackageManifest.Entry
    {
        let source = project.url(of: path)
        let display = project.displayPath(path)
        let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int) ?? 0
        guard size <= sizeLimit else {
            throw PackageError(
                "\(display) is \(ResourceDecoder.mebibytes(size)), over the "
                    + "\(ResourceDecoder.mebibytes(sizeLimit)) size limit; nothing was exported")
        }
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw PackageError("cannot read \(display); nothing was exported")
        }
        let target = content.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw PackageError("cannot create \(target.deletingLastPathComponent().path): \(describe(error))")
        }
        try write(data, to: target)
        return PackageManifest.Entry(path: path, size: data.count, sha256: SHA256.hash(data: data).hex)
    }

    private static func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url)
        } catch {
            throw PackageError("cannot write \(url.path): \(describe(error)); nothing was exported")
        }
    }

    /// Puts the finished package in place: a rename, or a swap with the old package, which is
    /// then removed.
    private static func install(_ staging: URL, at destination: URL) throws {
        guard FileManager.default.fileExists(atPath: destination.path) else {
            guard rename(staging.path, destination.path) == 0 else {
                throw PackageError(
                    "cannot move the package into place at \(destination.path): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard rb_exchange_paths(staging.path, destination.path) == 0 else {
            throw PackageError(
                "cannot swap the new package with \(destination.path): \(String(cString: strerror(errno))); "
                    + "the old package is unchanged")
        }
        try? FileManager.default.removeItem(at: staging)
    }

    private static func describe(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}
