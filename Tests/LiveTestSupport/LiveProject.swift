import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A project in a temporary folder, run by a live host, with every event collected. Files
/// are written for real and the host sees them through inotify.
public final class LiveProject {
    public let folder: URL
    /// What the host told, kept in a box of its own: the host still tells things (the
    /// program's termination) while the project goes away.
    private final class EventLog { var events: [(event: HostEvent, device: String?)] = [] }
    private let log = EventLog()
    public var events: [HostEvent] { log.events.map(\.event) }
    public private(set) var host: LiveHost!

    /// Options with a time budget that fits AddressSanitizer on a busy machine: the default
    /// of 2 s is for runaway scripts, and only the budget's own tests use a short one.
    public static var options: LiveHost.Options {
        var options = LiveHost.Options()
        options.lua.timeBudget = .seconds(120)
        return options
    }

    /// Options for the budget's own tests: a budget that stops a runaway loop, yet leaves the
    /// project's start (under AddressSanitizer, on a busy machine) room to finish first.
    public static var runawayOptions: LiveHost.Options {
        var options = LiveHost.Options()
        options.lua.timeBudget = runawayBudget
        return options
    }

    public static let runawayBudget = Duration.seconds(5)

    /// Writes `files` and, when `start`, runs them; `beforeStart` is given the host before its
    /// program starts (a tool attaches there, as `rebound run` attaches the debugger).
    public init(
        _ files: [String: String], options: LiveHost.Options = LiveProject.options, start: Bool = true,
        beforeStart: (LiveHost) throws -> Void = { _ in }
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rebound-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
        guard start else { return }
        try launch(options: options, beforeStart: beforeStart)
    }

    /// Copies a bundled example into the folder and runs it.
    public convenience init(
        example name: String, options: LiveHost.Options = LiveProject.options,
        beforeStart: (LiveHost) throws -> Void = { _ in }
    ) throws {
        try self.init([:], start: false)
        try FileManager.default.removeItem(at: folder)
        try BundledExamples.copy(name, to: folder)
        try launch(options: options, beforeStart: beforeStart)
    }

    /// Runs the folder, over `package` when one is given.
    public func launch(
        options: LiveHost.Options = LiveProject.options, package: SourcePackage? = nil,
        beforeStart: (LiveHost) throws -> Void = { _ in }
    ) throws {
        let program = try Program(project: try Project(at: folder.path), package: package)
        host = try LiveHost(program: program, options: options) { [log] in log.events.append(($0, $1)) }
        try beforeStart(host)
        try host.start()
    }

    deinit {
        host?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    public var world: UIWorld { host.world! }

    public func events(_ kind: HostEvent.Kind) -> [HostEvent] { events.filter { $0.kind == kind } }

    /// The devices the events of `kind` named, in order (nil when the host runs one device).
    public func devices(_ kind: HostEvent.Kind) -> [String?] {
        log.events.filter { $0.event.kind == kind }.map(\.device)
    }

    /// Handles events until `count` events of `kind` arrived (at most `timeout`), then for
    /// `quiet` more so that extra events would show.
    @discardableResult
    public func waitFor(
        _ kind: HostEvent.Kind, count: Int = 1, timeout: Duration = .seconds(10),
        quiet: Duration = .milliseconds(100)
    ) -> Int {
        host.handleEvents(for: timeout) { events(kind).count >= count }
        host.handleEvents(for: quiet)
        return events(kind).count
    }

    /// Handles events in short turns until `condition` holds (what another thread does, which
    /// posts nothing to the host); false when `timeout` passes first.
    public func handle(until condition: () -> Bool, timeout: Duration = .seconds(20)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            host.handleEvents(until: .now + .milliseconds(10))
        }
        return true
    }

    /// Lets the host handle whatever comes for `duration`.
    public func idle(_ duration: Duration = .milliseconds(150)) { host.handleEvents(for: duration) }

    /// The end of a test that expects nothing to happen: saves `Sentinel.lua` (a module the
    /// project loaded) with new content and waits for its reload, so that whatever the events
    /// before it would have caused has been reported by then, and a host that reloads nothing
    /// at all cannot pass.
    public func sentinel(timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = events(.reloaded).filter { $0.module == "Sentinel" }.count
        sentinelSaves += 1
        try save("Sentinel.lua", "return \(sentinelSaves)\n", as: .inPlace)
        let seen = host.handleEvents(for: timeout) {
            events(.reloaded).filter { $0.module == "Sentinel" }.count > before
        }
        #expect(seen, "the sentinel save was not reloaded", sourceLocation: sourceLocation)
    }

    private var sentinelSaves = 0

    public func run(_ source: String) throws -> [LuaValue] { try world.bridge.state.run(source, chunkName: "=test") }

    public func value(_ expression: String) throws -> LuaValue { try run("return " + expression).first ?? .nil }

    // MARK: Saving

    public func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    public func write(_ path: String, _ text: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The ways editors save a file (see docs/watching.md).
    public enum SavePattern: CaseIterable, Sendable {
        case inPlace, truncateThenWrite, renameOver, vim, jetBrains
    }

    public func save(_ path: String, _ text: String, as pattern: SavePattern) throws {
        let target = url(path)
        let data = Data(text.utf8)
        let folderURL = target.deletingLastPathComponent()
        let manager = FileManager.default
        switch pattern {
        case .inPlace:
            let handle = try FileHandle(forWritingTo: target)
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: data)
            try handle.close()
        case .truncateThenWrite:
            // A reader in between sees an empty file (VS Code).
            try Data().write(to: target)
            usleep(2000)
            let handle = try FileHandle(forWritingTo: target)
            try handle.write(contentsOf: data)
            try handle.close()
        case .renameOver:
            let temporary = folderURL.appendingPathComponent(".\(target.lastPathComponent).tmp")
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        case .vim:
            try Data().write(to: folderURL.appendingPathComponent("4913"))
            try manager.removeItem(at: folderURL.appendingPathComponent("4913"))
            let backup = folderURL.appendingPathComponent(target.lastPathComponent + "~")
            guard rename(target.path, backup.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            try data.write(to: target)
            try manager.removeItem(at: backup)
        case .jetBrains:
            let temporary = folderURL.appendingPathComponent(target.lastPathComponent + "___jb_tmp___")
            let old = folderURL.appendingPathComponent(target.lastPathComponent + "___jb_old___")
            try data.write(to: temporary)
            guard rename(target.path, old.path) == 0, rename(temporary.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
            try manager.removeItem(at: old)
        }
    }
}
