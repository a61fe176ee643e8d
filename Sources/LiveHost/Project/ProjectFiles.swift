import Foundation

/// The files of a project folder that count, and walks over its folders.
///
/// Editor droppings (vim's `4913`, `f~` and `.f.swp`, Emacs's `.#f` and `#f#`, JetBrains'
/// `f___jb_tmp___`), hidden files and folders (version control and `.build` among them),
/// build outputs (`build`, `DerivedData`) and exported packages (`*.luapkg`) are not part of
/// a project.
public enum ProjectFiles {
    public static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name == "4913" || name.hasSuffix("~") || name.contains("___jb_")
            || (name.hasPrefix("#") && name.hasSuffix("#")) || name.hasSuffix(".luapkg")
            || buildOutputs.contains(name)
    }

    private static let buildOutputs: Set = ["build", "DerivedData"]

    /// Why a relative path a script or a manifest gives might not stay inside its folder; nil
    /// when it does, component by component.
    public static func pathProblem(_ path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("/") { return "an absolute path" }
        if path.contains("\0") || path.contains("\\") { return "the path holds a NUL or a backslash" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains("..") { return "the path leads out of its folder with '..'" }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "the path has an empty or '.' component" }
        return nil
    }

    /// Every file under `root` that counts, as sorted relative paths; symlinked folders are
    /// followed once.
    public static func scan(_ root: URL) -> [String] {
        var files: [String] = []
        var visited = Set<FileIdentity>()
        walk(root, visited: &visited, warn: { _ in }) { folder, entries in
            for entry in entries where !entry.isFolder {
                files.append(folder.isEmpty ? entry.name : folder + "/" + entry.name)
            }
        }
        return files.sorted()
    }

    /// One entry of a folder, after following a symlink.
    public struct Entry {
        public let name: String
        public let isFolder: Bool
    }

    /// Calls `visit` with each folder under `root` (relative path, "" for the top) and the
    /// entries that count in it, each folder once: a symlink that leads to a folder already
    /// seen is a loop, or a second way in, and `warn` says so.
    public static func walk(
        _ root: URL, under relative: String = "", visited: inout Set<FileIdentity>,
        warn: (String) -> Void, _ visit: (String, [Entry]) -> Void
    ) {
        let folder = relative.isEmpty ? root : root.appendingPathComponent(relative)
        guard let identity = FileIdentity(path: folder.path) else { return }
        guard visited.insert(identity).inserted else {
            warn(
                "\(relative.isEmpty ? "." : relative) leads to a folder that is already watched (a symlink loop "
                    + "or a second link); not followed again")
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var entries: [Entry] = []
        for name in names.sorted() where !isIgnored(name: name) {
            var isFolder: ObjCBool = false
            guard
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            else {
                continue  // a dangling symlink
            }
            entries.append(Entry(name: name, isFolder: isFolder.boolValue))
        }
        visit(relative, entries)
        for entry in entries where entry.isFolder {
            walk(
                root, under: relative.isEmpty ? entry.name : relative + "/" + entry.name, visited: &visited,
                warn: warn, visit)
        }
    }
}
