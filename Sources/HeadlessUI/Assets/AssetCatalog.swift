import Foundation
import ObjectBridge

/// The program's asset catalogs (`*.xcassets` folders, Xcode's layout): colour sets and image
/// sets by name, as `colorNamed` and `imageNamed` find them. A folder that provides a
/// namespace prefixes its sets' names ("Icons/Star"); other folders only group them.
///
/// The index of names is kept while no folder of the catalogs changed (a set added, renamed
/// or removed changes its folder); a set's `Contents.json` is read at each lookup, so a save
/// shows at the next call.
final class AssetCatalog {
    enum Kind: String {
        case color = "colorset"
        case image = "imageset"
    }

    /// How deep catalogs are looked for in the program, and how deep a catalog's groups go.
    static let searchDepth = 3
    static let groupDepth = 8
    /// The most folders the catalogs hold: more is not a project's catalog.
    static let maximumFolders = 10_000

    private struct Index {
        var sets: [String: URL] = [:]
        /// Every folder walked, with when it last changed.
        var folders: [(url: URL, modified: Date?)] = []
    }

    private var index: Index?
    private var indexedRoot: URL?

    /// The folder of the set of `kind` named `name`, if a catalog has one.
    func set(_ kind: Kind, named name: String, in root: URL) throws -> URL? {
        try currentIndex(root).sets["\(kind.rawValue)/\(name)"]
    }

    private func currentIndex(_ root: URL) throws -> Index {
        if let index, indexedRoot == root, index.folders.allSatisfy({ Self.modified($0.url) == $0.modified }) {
            return index
        }
        var fresh = Index()
        try scan(root, depth: 0, into: &fresh)
        (index, indexedRoot) = (fresh, root)
        return fresh
    }

    /// Looks for catalogs under `folder`, `searchDepth` deep, skipping hidden and build folders.
    private func scan(_ folder: URL, depth: Int, into index: inout Index) throws {
        try record(folder, into: &index)
        for child in Self.subfolders(of: folder) {
            if child.pathExtension == "xcassets" {
                try walk(child, prefix: "", depth: 0, into: &index)
            } else if depth + 1 < Self.searchDepth, !child.lastPathComponent.hasPrefix("."),
                child.lastPathComponent != "build"
            {
                try scan(child, depth: depth + 1, into: &index)
            }
        }
    }

    /// A catalog's folder: its sets by name, its groups walked in turn.
    private func walk(_ folder: URL, prefix: String, depth: Int, into index: inout Index) throws {
        try record(folder, into: &index)
        for child in Self.subfolders(of: folder) {
            let name = child.deletingPathExtension().lastPathComponent
            if let kind = Kind(rawValue: child.pathExtension) {
                // The first of two sets of one name wins, as the listing's order gives them.
                if index.sets["\(kind.rawValue)/\(prefix)\(name)"] == nil {
                    index.sets["\(kind.rawValue)/\(prefix)\(name)"] = child
                }
            } else if child.pathExtension.isEmpty, depth + 1 < Self.groupDepth {
                let namespace = Self.providesNamespace(child)
                try walk(child, prefix: namespace ? "\(prefix)\(name)/" : prefix, depth: depth + 1, into: &index)
            }
        }
    }

    private func record(_ folder: URL, into index: inout Index) throws {
        guard index.folders.count < Self.maximumFolders else {
            throw ScriptValueError(
                "the asset catalogs under \(folder.path) hold more than \(Self.maximumFolders) folders: not read")
        }
        index.folders.append((folder, Self.modified(folder)))
    }

    private static func subfolders(of folder: URL) -> [URL] {
        let children =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey])) ?? []
        return children.filter {
            let values = try? $0.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
            // A link could lead out of the program or round in a circle.
            return values?.isDirectory == true && values?.isSymbolicLink != true
        }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }

    /// Whether a group's `Contents.json` says `"provides-namespace": true`.
    private static func providesNamespace(_ folder: URL) -> Bool {
        let contents = folder.appendingPathComponent("Contents.json")
        guard let size = (try? FileManager.default.attributesOfItem(atPath: contents.path))?[.size] as? Int,
            size <= AssetContents.maximumBytes, let data = try? Data(contentsOf: contents),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return (json["properties"] as? [String: Any])?["provides-namespace"] as? Bool == true
    }
}
