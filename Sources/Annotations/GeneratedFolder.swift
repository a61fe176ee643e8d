import Foundation

/// A folder of generated files that may hold the user's own files too. A manifest in the
/// folder lists the files it wrote: only those are ever replaced or removed, files whose bytes
/// did not change are left alone (so a regenerated folder changes only what changed), and a
/// file of the same name that it did not write is left as it is and reported.
public struct GeneratedFolder {
    /// The manifest's file name in the folder.
    public let manifestName: String
    /// What the generated files' names end with: only such files are removed when the
    /// generator no longer makes them.
    public let suffix: String

    public init(manifestName: String, suffix: String) {
        self.manifestName = manifestName
        self.suffix = suffix
    }

    /// What `write` did: how many files it wrote or removed, and the files it left alone
    /// because they are not its own.
    public struct Written: Equatable, Sendable {
        public var changes = 0
        public var leftAlone: [String] = []
    }

    /// Writes `files` (text by path in the folder) into `folder` and removes the files it
    /// wrote before that `files` no longer has.
    @discardableResult
    public func write(_ files: [String: String], to folder: URL) throws -> Written {
        let manager = FileManager.default
        let manifest = folder.appendingPathComponent(manifestName)
        let ours = Set(
            (try? String(contentsOf: manifest, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [])
        var written = Written()
        var wrote: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            let data = Data(text.utf8)
            if let existing = manager.contents(atPath: url.path) {
                if existing == data {
                    wrote.append(path)
                    continue
                }
                guard ours.contains(path) else {
                    written.leftAlone.append(path)
                    continue
                }
            }
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            wrote.append(path)
            written.changes += 1
        }
        for path in ours.subtracting(files.keys).sorted() where path.hasSuffix(suffix) && !path.contains("..") {
            guard manager.fileExists(atPath: folder.appendingPathComponent(path).path) else { continue }
            try manager.removeItem(at: folder.appendingPathComponent(path))
            written.changes += 1
        }
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((wrote.joined(separator: "\n") + "\n").utf8).write(to: manifest, options: .atomic)
        return written
    }
}
