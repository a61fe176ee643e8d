import Foundation
import HeadlessUI

/// `manifest.json`, at the top of a `.luapkg` folder: what the package is and every file it
/// holds, with its size and SHA-256. The files themselves are under `Source/`.
///
/// Written with sorted keys and sorted entries, and without timestamps, so that the same
/// project always gives the same bytes.
public struct PackageManifest: Codable, Sendable, Equatable {
    /// The format this version of Rebound writes and reads.
    public static let currentFormat = 1
    public static let fileName = "manifest.json"
    /// The folder of the package that holds the modules and resources.
    public static let contentFolder = "Source"

    public var format: Int
    /// The package identifier (`com.example.words`), as an app's `mainSourcePackageId` names it.
    public var id: String
    /// The program's name: the exported project folder's.
    public var name: String
    /// The module `rebound run` starts.
    public var start: String
    /// The device profile the program runs on.
    public var device: String
    public var modules: [Entry]
    public var resources: [Entry]

    /// One file, by its path relative to `Source/`.
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        public var size: Int
        /// Lowercase hexadecimal.
        public var sha256: String
    }

    /// Every entry, modules first.
    public var entries: [Entry] { modules + resources }

    /// The manifest's bytes: pretty-printed JSON with sorted keys and a final newline.
    public func encoded() throws -> Data {
        try PrettyJSON.encode(self) + Data("\n".utf8)
    }

    /// Reads a manifest and checks everything that can be checked without the files: the
    /// format version first (a newer format may differ in anything), then the fields, then
    /// each entry's path, size and hash.
    public static func decode(_ data: Data) throws -> PackageManifest {
        struct Version: Decodable { var format: Int }
        let manifest: PackageManifest
        do {
            let version = try JSONDecoder().decode(Version.self, from: data)
            guard version.format == currentFormat else {
                throw PackageError(
                    "\(fileName): format \(version.format) is not one this version of Rebound reads "
                        + "(it reads format \(currentFormat))")
            }
            manifest = try JSONDecoder().decode(PackageManifest.self, from: data)
        } catch let error as DecodingError {
            throw PackageError("\(fileName) is not a valid manifest: \(DecodingErrors.describe(error))")
        }
        try manifest.validate()
        return manifest
    }

    private func validate() throws {
        var problems: [String] = []
        if !Self.isValidID(id) {
            problems.append("id '\(id)' must be letters, digits, '.', '-' and '_'")
        }
        if name.isEmpty || name.contains("/") { problems.append("name '\(name)' must be a file name") }
        if (try? DeviceProfile(parsing: device)) == nil {
            problems.append("device '\(device)' is not a device profile")
        }
        var seen = Set<String>()
        for (entry, isModule) in modules.map({ ($0, true) }) + resources.map({ ($0, false) }) {
            if let problem = ProjectFiles.pathProblem(entry.path) {
                problems.append("entry '\(entry.path)': \(problem)")
                continue
            }
            if !seen.insert(entry.path).inserted { problems.append("entry '\(entry.path)' is listed twice") }
            if isModule && Project.moduleName(forPath: entry.path) == nil {
                problems.append("module entry '\(entry.path)' is not a module path (Folder/Name.lua)")
            }
            if !isModule && ResourceType.of(path: entry.path) == nil {
                problems.append("resource entry '\(entry.path)' does not have a resource file type")
            }
            if entry.size < 0 { problems.append("entry '\(entry.path)': size \(entry.size) is negative") }
            if entry.sha256.count != 64 || !entry.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
                problems.append("entry '\(entry.path)': sha256 '\(entry.sha256)' is not 64 lowercase hex digits")
            }
        }
        if !modules.contains(where: { $0.path == Project.path(forModule: start) }) {
            problems.append("the start module '\(start)' is not one of the package's modules")
        }
        if !problems.isEmpty { throw PackageError(problems.map { "\(Self.fileName): \($0)" }) }
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            }
    }

}
