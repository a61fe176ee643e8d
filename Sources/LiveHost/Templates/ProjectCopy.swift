import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The copy of a project that `rebound test` runs over, so that `host.edit` never touches the
/// user's files.
///
/// Symlinks are followed as they are copied: a linked file or folder becomes a file or folder
/// of the copy, so nothing written into the copy can reach through it to the user's real
/// files. A folder reached a second time (a symlink loop) is left out, and so are the run
/// folder (`.rebound`: sockets, a token) and anything that is neither a file nor a folder.
/// The copy's folder is the user's alone (0700), and names the process that made it: a run
/// that was killed leaves it behind, and the next run removes it.
public enum ProjectCopy {
    /// The prefix of the copies' folders in the temporary folder: `rebound-test-PID-UUID`.
    static let prefix = "rebound-test-"

    /// Copies `root` into a new temporary folder and returns it; first removes the copies of
    /// runs that ended without removing theirs.
    public static func make(of root: URL) throws -> URL {
        removeAbandoned()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        var seen: Set<String> = []
        try copyFolder(root, to: copy, seen: &seen)
        return copy
    }

    /// Copies the file or folder at `source` (its symlinks followed) to `target`, which must not exist.
    public static func copyEntry(_ source: URL, to target: URL) throws {
        var seen: Set<String> = []
        try copy(source, to: target, seen: &seen)
    }

    private static func copyFolder(_ folder: URL, to target: URL, seen: inout Set<String>) throws {
        let real = folder.resolvingSymlinksInPath().path
        guard seen.insert(real).inserted else { return }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name != ".rebound" {
            try copy(folder.appendingPathComponent(name), to: target.appendingPathComponent(name), seen: &seen)
        }
    }

    private static func copy(_ source: URL, to target: URL, seen: inout Set<String>) throws {
        var info = stat()
        guard stat(source.path, &info) == 0 else { return }  // a dangling symlink: nothing to copy
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            guard !seen.contains(source.resolvingSymlinksInPath().path) else { return }
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            try copyFolder(source, to: target, seen: &seen)
        case S_IFREG:
            try FileManager.default.copyItem(at: source.resolvingSymlinksInPath(), to: target)
        default:
            return  // sockets, pipes, devices
        }
    }

    /// Removes copies whose process is gone.
    private static func removeAbandoned() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
            guard let pid = parts.first.flatMap({ pid_t($0) }), pid > 0, pid != getpid() else { continue }
            var info = stat()
            let path = temporary.appendingPathComponent(name).path
            guard lstat(path, &info) == 0, info.st_uid == geteuid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
