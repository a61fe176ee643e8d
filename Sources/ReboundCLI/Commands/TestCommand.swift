import ArgumentParser
import Debugger
import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import Rendering
import Specs

/// `rebound test`: the project's specs, run with busted inside Rebound.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a project's specs (spec/**/*_spec.lua) with busted, inside Rebound's headless world.",
        discussion: """
            Each spec file gets a fresh Lua context and world, with the project's modules, objc, \
            simulate, the binding modules, host (start, window, rootViewController, displayPass, \
            find, findAll, layout, edit) and the gestures tap, longPress, flick, drag, pinchOpen, pinchClose \
            and rotate. busted's API (describe, it, before_each, pending, insulate, spy, stub, \
            mock...) and luassert's assertions work as documented. What scripts print goes to \
            standard error; reports go to standard output and the files given. The last line \
            reads "N passed, N failed" (", N skipped" when tests were pending); the status is 1 \
            when any test failed or errored. With --watch it stays running and, on each save, runs \
            the spec files that use the saved file again and prints the tests that began or \
            stopped failing. host.snapshot(name) (or assert.screen_matches(name)) compares the \
            screen with spec/__snapshots__/NAME.DEVICE.png, and host.layoutSnapshot(name) its \
            layout with NAME.DEVICE.json: a missing one is recorded and said so; a failure \
            leaves NAME.DEVICE.actual.png and NAME.DEVICE.diff.png beside it.
            """
    )

    @Argument(help: "The project folder (default: the current folder).", completion: .directory)
    var project: String?

    @Option(help: "Only tests whose full name matches this Lua pattern (repeatable).")
    var filter: [String] = []

    @Option(help: "Only tests with these tags (#tag in their names), separated by commas.")
    var tags: String?

    @Option(help: "Leave out tests with these tags, separated by commas.")
    var excludeTags: String?

    @Flag(help: "Run each file's tests in a random order.")
    var shuffle = false

    @Option(help: "The random seed for --shuffle (default: a new one, printed).")
    var seed: Int?

    @Option(
        help: "The report on standard output: utf, plain, tap, json or junit (default: utf on a terminal, else plain).")
    var output: SpecReport.Format?

    @Option(help: "Also write a JUnit XML report to this file.", completion: .file())
    var junit: String?

    @Option(help: "Also write a TAP report to this file.", completion: .file())
    var tap: String?

    @Flag(help: "Print each test's name as it starts (so a hang names its test).")
    var verbose = false

    @OptionGroup var programOptions: ProgramOptions

    @Flag(help: "Stay running: on each save, run the specs that use the saved file again and print what changed.")
    var watch = false

    @Flag(help: "Record every snapshot anew instead of comparing.")
    var recordSnapshots = false

    @Flag(help: "Record no snapshot: a missing one fails, as a CI run needs.")
    var ci = false

    @OptionGroup var debugging: DebugOptions

    @OptionGroup var limits: LuaLimits

    func validate() throws {
        if programOptions.device.count > 1 {
            throw ValidationError("--device: rebound test runs its specs on one device.")
        }
        if watch && debugging.isRequested { throw ValidationError("--debug does not go with --watch.") }
        if ci && recordSnapshots { throw ValidationError("--record-snapshots does not go with --ci.") }
    }

    /// `--debug`: serves the debugger and waits for a client's configuration, so that the
    /// first spec already stops at its breakpoints.
    private func attachDebugger(to runner: SpecRunner) throws -> DebugSession? {
        let session: DebugSession
        do {
            guard let endpoint = try debugging.endpoint(runFolder: runner.runFolder) else { return nil }
            session = try DebugSession.serve(at: endpoint, for: runner)
        } catch let error as any UserFacingError {
            throw CommandFailure.usage(error)
        }
        let tokenFile = runner.runFolder?.appendingPathComponent("debug-token").path
        let announcement = DebugOptions.announcement(
            address: session.address, token: session.token, tokenFile: tokenFile)
        FileHandle.standardError.write(Data("debugger: waiting: \(announcement)\n".utf8))
        if !session.waitUntilConfigured(timeout: .seconds(600)) {
            FileHandle.standardError.write(
                Data("debugger: no client configured it within 10 minutes; the specs run without it\n".utf8))
        }
        return session
    }

    func run() throws {
        let runner: SpecRunner
        var options = SpecRunner.Options()
        options.worldServices = ScreenRenderer.worldServices
        options.filters = filter
        options.tags = Self.list(tags)
        options.excludedTags = Self.list(excludeTags)
        options.shuffle = shuffle
        options.seed = seed ?? Int.random(in: 1...999_999)
        options.device = programOptions.device.first
        options.startModule = programOptions.start
        options.locale = programOptions.locale
        options.timeZone = programOptions.timeZone
        options.orientation = try programOptions.deviceOrientation()
        options.appearance = try programOptions.userInterfaceStyle()
        options.contentSizeCategory = try programOptions.contentSizeCategory()
        options.params = programOptions.params()
        options.lua = limits.options
        options.recording = recordSnapshots ? .all : ci ? .never : .missing
        options.pictures = RenderedPictureSnapshots()
        do {
            runner = try SpecRunner(project: try Project(at: project ?? "."), options: options) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
        } catch let error as any UserFacingError {
            throw CommandFailure.usage(error)
        }
        // A run leaves no copy of the project behind, however it ends.
        defer { runner.removeCopy() }
        let copy = runner.copyFolder
        let stopping =
            watch
            ? nil
            : Signals(interrupt: { number in
                try? FileManager.default.removeItem(at: copy)
                _exit(128 + number)
            })
        defer { withExtendedLifetime(stopping) {} }
        let files = runner.specFiles
        guard !files.isEmpty else {
            throw CommandFailure.usage("\(runner.project.root.path) has no spec files (spec/**/*_spec.lua)")
        }
        let debugSession = try attachDebugger(to: runner)
        defer { debugSession?.finish() }
        let format = output ?? (isatty(STDOUT_FILENO) != 0 ? .utf : .plain)
        let terminal = format == .utf || format == .plain
        if shuffle { write("shuffled with seed \(options.seed)\n") }
        let begin = ContinuousClock.now
        let results = runner.run(files) { event in
            switch event {
            case .fileStarted(let file): if verbose { write("\(file)\n") }
            case .testStarted(_, let name): if verbose { write("  ▸ \(name)\n") }
            case .finished(let result):
                if terminal, !verbose { write(SpecReport.mark(result.status, utf: format == .utf)) }
            }
        }
        let elapsed = begin.duration(to: .now)
        let seconds = elapsed.inSeconds
        switch format {
        case .utf, .plain: write((verbose ? "" : "\n") + SpecReport.summary(results, seconds: seconds) + "\n")
        case .tap: write(SpecReport.tap(results))
        case .json: write(SpecReport.json(results, seconds: seconds))
        case .junit: write(SpecReport.junit(results, seconds: seconds))
        }
        try save(junit, SpecReport.junit(results, seconds: seconds))
        try save(tap, SpecReport.tap(results))
        if watch {
            try watchForSaves(runner, results: results)
            return
        }
        if results.contains(where: { $0.status == .failed || $0.status == .errored }) { throw ExitCode(1) }
    }

    /// Runs again, after each save, the spec files that use the saved file (all of them when
    /// that cannot be told), and prints the tests that began or stopped failing. Ctrl-C ends it.
    private func watchForSaves(_ runner: SpecRunner, results: [SpecResult]) throws {
        let saves = SaveQueue()
        let root = runner.project.root
        let reports = Set([junit, tap].compactMap { $0 }.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let watcher = try FileWatcher(root: root) { event in
            switch event {
            case .changed(let path, _), .removed(let path):
                // The snapshots a run records are its output, not a save to run again for.
                guard !path.hasPrefix(SpecRunner.snapshotFolder + "/") else { return }
                if !reports.contains(root.appendingPathComponent(path).standardizedFileURL.path) { saves.add(path) }
            case .overflow: saves.add(nil)
            case .warning: break
            }
        }
        watcher.start()
        defer { watcher.stop() }
        let signals = Signals(interrupt: { _ in saves.stop() })
        defer { withExtendedLifetime(signals) {} }
        // Each file's results from its last run: together, what a fresh run would report.
        var latest = Dictionary(grouping: results, by: \.file)
        write("watching \(root.path): save a module or a spec to run the specs that use it again (Ctrl-C stops)\n")
        while let paths = saves.next() {
            let changed = paths.filter { path in path.map { (try? runner.refresh($0)) ?? true } ?? true }
            guard !changed.isEmpty else { continue }
            let known = changed.contains(nil) ? nil : runner.specs(affectedBy: changed.compactMap { $0 })
            let files = known ?? runner.specFiles
            guard !files.isEmpty else { continue }
            let rerun = runner.run(files) { _ in }
            var changes: [String] = []
            for file in files {
                let before = Dictionary((latest[file] ?? []).map { ($0.name, $0) }) { $1 }
                let now = rerun.filter { $0.file == file }
                for result in now {
                    let failing = result.status == .failed || result.status == .errored
                    let wasFailing = before[result.name].map { $0.status == .failed || $0.status == .errored } ?? false
                    if failing, !wasFailing {
                        changes.append(
                            "newly failing: \(result.file): \(result.name)"
                                + (result.message.map { "\n  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
                                    ?? ""))
                    } else if !failing, wasFailing {
                        changes.append("newly passing: \(result.file): \(result.name)")
                    }
                }
                latest[file] = now
            }
            write(
                (changes.isEmpty
                    ? "ran \(files.joined(separator: ", ")): nothing changed\n"
                    : changes.joined(separator: "\n") + "\n")
                    + SpecReport.totals(latest.values.flatMap { $0 }) + "\n")
        }
    }

    /// The saved paths the watcher's thread hands over, a burst at a time (nil: all may have
    /// changed).
    private final class SaveQueue: @unchecked Sendable {
        private let condition = NSCondition()
        private var paths: [String?] = []
        private var stopped = false

        func add(_ path: String?) {
            condition.withLock {
                paths.append(path)
                condition.signal()
            }
        }

        func stop() {
            condition.withLock {
                stopped = true
                condition.signal()
            }
        }

        /// The next burst: the paths saved until 100 ms passed without another; nil once stopped.
        func next() -> [String?]? {
            condition.withLock {
                while paths.isEmpty && !stopped { condition.wait() }
                while !stopped, condition.wait(until: Date().addingTimeInterval(0.1)) {}
                if stopped { return nil }
                defer { paths = [] }
                return Array(Set(paths.map { $0 ?? "" })).sorted().map { $0.isEmpty ? nil : $0 }
            }
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func save(_ path: String?, _ text: String) throws {
        guard let path else { return }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure.failed("cannot write \(path): \(error.localizedDescription)")
        }
    }

    private static func list(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension SpecReport.Format: ExpressibleByArgument {}
