import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Watches a folder tree with inotify on a thread of its own and hands what it sees to `sink`.
///
/// Every folder is watched, including folders created later; their files are reported at once,
/// since they may have been written before the folder's watch existed. Symlinked folders are
/// followed once. When inotify's watch limit is reached, the folders that could not be watched
/// are polled instead, and a warning says so.
public final class FileWatcher: @unchecked Sendable {
    public struct Options: Sendable {
        /// How often folders that could not be watched are polled.
        public var pollInterval: Duration = .milliseconds(250)
        /// Acts as if inotify's watch limit were this many watches (for tests).
        public var watchLimit: Int?
        public init() {}
    }

    private let root: URL
    private let options: Options
    private let sink: @Sendable (WatchEvent) -> Void
    private let inotify: Int32
    private let wake: [Int32]
    private let pause = NSLock()
    private var paused = false
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    // Owned by the watcher's thread once it runs (by `init` before that).
    private var folders: [Int32: (path: String, identity: FileIdentity?)] = [:]
    private var visited = Set<FileIdentity>()
    private var polled: [String: [String: FileSignature]] = [:]
    private var warnedAboutLimit = false
    private var lastPoll = ContinuousClock.now

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY
            | IN_ONLYDIR)

    /// Watches every folder under `root` at once; `start` begins reporting.
    public init(root: URL, options: Options = .init(), sink: @escaping @Sendable (WatchEvent) -> Void)
        throws(WatchError)
    {
        self.root = root
        self.options = options
        self.sink = sink
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw WatchError("cannot start inotify: \(String(cString: strerror(errno)))") }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(inotify)
            throw WatchError("cannot make the watcher's wake pipe: \(String(cString: strerror(errno)))")
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = pipeEnds
        addTree(under: "", reportFiles: false)
    }

    deinit {
        stop()
        close(inotify)
        close(wake[0])
        close(wake[1])
    }

    public func start() {
        guard thread == nil else { return }
        let thread = Thread { [unowned self] in
            self.run()
            self.finished.signal()
        }
        thread.name = "rebound.watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops the thread and waits for it.
    public func stop() {
        guard thread != nil else { return }
        var byte: UInt8 = 1
        _ = write(wake[1], &byte, 1)
        finished.wait()
        thread = nil
    }

    /// Stops reading the kernel's queue until `resumeReading` (tests flood the queue this way).
    public func pauseReading() { pause.withLock { paused = true } }
    public func resumeReading() { pause.withLock { paused = false } }

    // MARK: The thread

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let isPaused = pause.withLock { paused }
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            if !isPaused { fds.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)) }
            let timeout = isPaused ? 5 : polled.isEmpty ? -1 : Int32(options.pollInterval.milliseconds)
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[0].revents != 0 { return }
            if fds.count > 1, fds[1].revents != 0 { readEvents(into: &buffer) }
            if !polled.isEmpty, ContinuousClock.now - lastPoll >= options.pollInterval { pollFolders() }
        }
    }

    private func readEvents(into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            buffer.withUnsafeBytes { bytes in
                while offset + 16 <= count {
                    let descriptor = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    offset += 16 + length
                    handle(descriptor, mask, String(decoding: nameBytes, as: UTF8.self))
                }
            }
        }
    }

    private func handle(_ descriptor: Int32, _ mask: UInt32, _ name: String) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            rescan()
            sink(.overflow)
            return
        }
        guard let folder = folders[descriptor] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            if let identity = folder.identity { visited.remove(identity) }
            folders[descriptor] = nil
            return
        }
        guard !name.isEmpty, !ProjectFiles.isIgnored(name: name) else { return }
        let path = folder.path.isEmpty ? name : folder.path + "/" + name
        let arrived = mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        let left = mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0
        if mask & UInt32(IN_ISDIR) != 0 {
            if arrived { addTree(under: path, reportFiles: true) }
            if left { sink(.removed(path)) }
        } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
            sink(.changed(path, complete: true))
        } else if mask & UInt32(IN_MODIFY | IN_CREATE) != 0 {
            sink(.changed(path, complete: false))
        } else if left {
            sink(.removed(path))
        }
    }

    // MARK: Watches

    /// Watches `relative` and every folder under it; with `reportFiles`, reports the files
    /// already there (written before the watch existed).
    private func addTree(under relative: String, reportFiles: Bool) {
        ProjectFiles.walk(root, under: relative, visited: &visited, warn: { sink(.warning($0)) }) { folder, entries in
            addWatch(folder)
            guard reportFiles else { return }
            for entry in entries where !entry.isFolder {
                sink(.changed(folder.isEmpty ? entry.name : folder + "/" + entry.name, complete: true))
            }
        }
    }

    private func addWatch(_ folder: String) {
        let path = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
        var descriptor: Int32 = -1
        var failure = ENOSPC
        if options.watchLimit.map({ folders.count < $0 }) ?? true {
            descriptor = inotify_add_watch(inotify, path, Self.mask)
            failure = errno
        }
        if descriptor >= 0 {
            folders[descriptor] = (folder, FileIdentity(path: path))
        } else if failure == ENOSPC {
            startPolling(folder)
        } else {
            sink(.warning("cannot watch \(folder.isEmpty ? "." : folder): \(String(cString: strerror(failure)))"))
        }
    }

    /// After an overflow: watches folders whose creation was among the lost events.
    private func rescan() {
        var seen = Set<FileIdentity>()
        ProjectFiles.walk(root, visited: &seen, warn: { _ in }) { folder, _ in
            let watched = folders.values.contains { $0.path == folder } || polled[folder] != nil
            if !watched { addWatch(folder) }
        }
    }

    // MARK: Polling past the watch limit

    private func startPolling(_ folder: String) {
        polled[folder] = signatures(in: folder)
        guard !warnedAboutLimit else { return }
        warnedAboutLimit = true
        let limit =
            (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        sink(
            .warning(
                "inotify's watch limit is reached (fs.inotify.max_user_watches = \(limit)): polling "
                    + "\(folder.isEmpty ? "the project folder" : folder) and any other folder that cannot be watched every "
                    + "\(options.pollInterval.milliseconds) ms instead; raise the limit with "
                    + "`sysctl fs.inotify.max_user_watches=524288`"))
    }

    private func pollFolders() {
        lastPoll = .now
        for (folder, before) in polled {
            let now = signatures(in: folder)
            polled[folder] = now
            for (name, signature) in now where before[name] != signature {
                let path = folder.isEmpty ? name : folder + "/" + name
                if signature.isFolder {
                    if before[name] == nil { addTree(under: path, reportFiles: true) }
                } else {
                    sink(.changed(path, complete: false))
                }
            }
            for name in before.keys where now[name] == nil {
                sink(.removed(folder.isEmpty ? name : folder + "/" + name))
            }
        }
    }

    private func signatures(in folder: String) -> [String: FileSignature] {
        let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var result: [String: FileSignature] = [:]
        for name in names where !ProjectFiles.isIgnored(name: name) {
            var info = stat()
            guard stat(url.appendingPathComponent(name).path, &info) == 0 else { continue }
            result[name] = FileSignature(info)
        }
        return result
    }

    /// What polling compares: a file's kind, size, modification time and inode.
    private struct FileSignature: Equatable {
        let isFolder: Bool
        let size: Int64
        let modified: timespec
        let inode: UInt64

        init(_ info: stat) {
            isFolder = info.st_mode & S_IFMT == S_IFDIR
            size = Int64(info.st_size)
            modified = info.st_mtim
            inode = UInt64(info.st_ino)
        }

        static func == (a: FileSignature, b: FileSignature) -> Bool {
            a.isFolder == b.isFolder && a.size == b.size && a.inode == b.inode
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
        }
    }
}

extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
