import Crypto
import Foundation
import LuaRuntime

/// An exported program (`Name.luapkg`), verified before anything of it runs: the manifest is
/// valid, every file it lists is inside the package with the manifest's size and SHA-256, no
/// other file is there, and every module compiles. Each read checks the file's hash again.
///
/// No path is opened before it has been checked: a manifest entry is a relative path without
/// `..`, and the file it names must resolve (through any symlink) to a place inside the package.
public struct SourcePackage: Sendable {
    /// The package folder, as given.
    public let url: URL
    public let manifest: PackageManifest
    /// The package folder with every symlink resolved; every file read is inside it.
    private let realRoot: String
    private let entries: [String: PackageManifest.Entry]

    /// Manifests larger than this are not read.
    static let manifestSizeLimit = 16 << 20

    /// Opens and verifies the package at `path`; with `expectedID`, its id must be that one.
    /// Throws a `PackageError` listing every problem found.
    public init(at path: String, expectedID: String? = nil) throws {
        url = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
            let realRoot = Self.realPath(url.path)
        else {
            throw PackageError("\(path) is not a package folder")
        }
        self.realRoot = realRoot
        manifest = try Self.readManifest(in: url)
        entries = Dictionary(manifest.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        if let expectedID, manifest.id != expectedID {
            throw PackageError("\(url.lastPathComponent) is package '\(manifest.id)', not '\(expectedID)'")
        }
        var problems: [String] = []
        var modules: [(path: String, source: Data)] = []
        for entry in manifest.entries {
            do {
                let data = try contents(of: entry)
                if Project.moduleName(forPath: entry.path) != nil { modules.append((entry.path, data)) }
            } catch let error as PackageError {
                problems += error.problems
            }
        }
        problems += extraFiles().map { "\($0): not listed in \(PackageManifest.fileName)" }
        guard problems.isEmpty else { throw PackageError(problems.map { "\(url.lastPathComponent): \($0)" }) }
        let syntaxErrors = compile(modules)
        guard syntaxErrors.isEmpty else { throw PackageError(syntaxErrors) }
    }

    /// Decodes the manifest without verifying the files: what `rebound package list` shows.
    public static func manifest(at path: String) throws -> PackageManifest {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard realPath(url.path) != nil else { throw PackageError("\(path) is not a package folder") }
        return try readManifest(in: url)
    }

    /// Every file of the package, relative to `Source/`, sorted.
    public var paths: [String] { entries.keys.sorted() }

    public func contains(_ path: String) -> Bool { entries[path] != nil }

    /// The size the manifest gives a file.
    public func size(of path: String) -> Int? { entries[path]?.size }

    /// The SHA-256 the manifest gives a file, in lowercase hex.
    public func digest(of path: String) -> String? { entries[path]?.sha256 }

    /// The SHA-256 (lowercase hex) of what the package holds: every file's path and hash, in
    /// order. Two packages that declare the same id but hold different files differ here.
    public var contentDigest: String {
        var hasher = SHA256()
        for path in paths { hasher.update(data: Data("\(path)\0\(entries[path]?.sha256 ?? "")\n".utf8)) }
        return hasher.finalize().hex
    }

    /// The contents of a package file, checked against the manifest's size and hash.
    public func read(_ path: String) throws -> Data {
        guard let entry = entries[path] else { throw PackageError("\(displayPath(path)): not in the package") }
        return try contents(of: entry)
    }

    /// Where a package file is on disk, once it has been checked (images are decoded from it).
    public func fileURL(of path: String) -> URL? {
        guard let entry = entries[path] else { return nil }
        return (try? resolve(entry)).map { URL(fileURLWithPath: $0) }
    }

    /// How messages name a package file: `Name.luapkg/Source/path`.
    public func displayPath(_ path: String) -> String {
        "\(url.lastPathComponent)/\(PackageManifest.contentFolder)/\(path)"
    }

    // MARK: Verification

    private static func readManifest(in url: URL) throws -> PackageManifest {
        let file = url.appendingPathComponent(PackageManifest.fileName).path
        var info = stat()
        guard lstat(file, &info) == 0 else {
            throw PackageError(
                "\(url.lastPathComponent): \(PackageManifest.fileName) is missing; is this an exported package?")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PackageError("\(url.lastPathComponent): \(PackageManifest.fileName) is not a plain file")
        }
        guard Int(info.st_size) <= manifestSizeLimit, let data = FileManager.default.contents(atPath: file) else {
            throw PackageError("\(url.lastPathComponent): \(PackageManifest.fileName) cannot be read or is over 16 MiB")
        }
        do {
            return try PackageManifest.decode(data)
        } catch let error as PackageError {
            throw PackageError(error.problems.map { "\(url.lastPathComponent): \($0)" })
        }
    }

    /// The real path of an entry's file, which must be a plain file inside the package.
    private func resolve(_ entry: PackageManifest.Entry) throws -> String {
        let name = "\(PackageManifest.contentFolder)/\(entry.path)"
        guard let real = Self.realPath(realRoot + "/" + name) else { throw PackageError("\(name): missing") }
        guard real.hasPrefix(realRoot + "/") else {
            throw PackageError("\(name): a symlink that leads outside the package (to \(real)); not read")
        }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw PackageError("\(name): not a plain file")
        }
        guard Int(info.st_size) == entry.size else {
            throw PackageError("\(name): \(info.st_size) bytes, the manifest says \(entry.size)")
        }
        return real
    }

    private func contents(of entry: PackageManifest.Entry) throws -> Data {
        let name = "\(PackageManifest.contentFolder)/\(entry.path)"
        guard let data = FileManager.default.contents(atPath: try resolve(entry)) else {
            throw PackageError("\(name): cannot be read")
        }
        guard data.count == entry.size, SHA256.hash(data: data).hex == entry.sha256 else {
            throw PackageError("\(name): its SHA-256 differs from the manifest's (the file changed after export)")
        }
        return data
    }

    /// Files in the package folder that the manifest does not list (symlinks the entries go
    /// through are not files of their own).
    private func extraFiles() -> [String] {
        let listed = Set(manifest.entries.map { "\(PackageManifest.contentFolder)/\($0.path)" })
        let throughLinks = { (path: String) in listed.contains { $0.hasPrefix(path + "/") } }
        var extra: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: url.path) else {
            return ["the folder cannot be listed"]
        }
        while let path = walker.nextObject() as? String {
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeDirectory || path == PackageManifest.fileName || listed.contains(path) { continue }
            if type == .typeSymbolicLink && throughLinks(path) { continue }
            extra.append(path)
        }
        return extra.sorted()
    }

    /// Syntax errors of the package's modules, as `file:line: message`.
    private func compile(_ modules: [(path: String, source: Data)]) -> [String] {
        guard let lua = try? LuaState() else { return ["no Lua state to check the modules in"] }
        defer { lua.close() }
        var problems: [String] = []
        for module in modules {
            do {
                _ = try lua.load(module.source, chunkName: "@" + displayPath(module.path))
            } catch {
                problems.append(error.message)
            }
        }
        return problems
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
