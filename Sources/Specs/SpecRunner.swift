import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge

/// `rebound test`'s engine: runs a project's `spec/**/*_spec.lua` with busted (Debian's
/// `lua-busted`) inside Rebound's own Lua state, so that specs see `objc`, the project's
/// modules, `simulate` and the binding modules.
///
/// Each spec file gets a fresh context: a new Lua state and world (window, screen, virtual
/// clock at zero) and the project's modules loaded anew, so nothing a file leaves behind (a
/// global, a class) reaches the next. Specs run over a copy of the project (`ProjectCopy`, its
/// symlinks followed), so `host.edit` saves into the copy and the user's files are never touched. Each test has the whole time
/// budget; what scripts print goes to `output`, apart from the reports.
public final class SpecRunner {
    /// Files `host.edit` changed, with what they held, to put back after the spec file.
    var edited: [String: Data?] = [:]
    public struct Options {
        /// Only tests whose full name matches one of these Lua patterns (busted's `--filter`).
        public var filters: [String] = []
        public var tags: [String] = []
        public var excludedTags: [String] = []
        /// Runs each file's tests in a random order (busted's `--shuffle`), from `seed`.
        public var shuffle = false
        public var seed = 0
        public var device: String?
        /// The program's start module, and its Foundation's locale and time zone; when nil,
        /// the project's (`rebound.json`).
        public var startModule: String?
        public var locale: String?
        public var timeZone: String?
        /// How the device is held; when nil, as the project says.
        public var orientation: DeviceOrientation?
        /// The device's appearance (`--appearance`), over `rebound.json`'s.
        public var appearance: UserInterfaceStyle?
        /// The user's text size (`--content-size`), over `rebound.json`'s.
        public var contentSizeCategory: ContentSizeCategory?
        public var lua = LuaState.Options()
        /// What the renderer draws for each spec file's world (drawn images' pixels, layers'
        /// looks).
        public var worldServices = WorldServices()
        /// Knobs' values (`--param`), for every spec file's context.
        public var params: [String: String] = [:]
        /// When snapshots are written (`--record-snapshots`, `--ci`).
        public var recording = SnapshotRecording.missing
        /// How pictures are drawn and compared for `host.snapshot`: the renderer's, handed in
        /// from above; without it, picture snapshots fail and say why.
        public var pictures: (any PictureSnapshots)?
        public init() {}
    }

    /// What happens while the specs run, as it happens.
    public enum Event {
        case fileStarted(String)
        case testStarted(file: String, name: String)
        case finished(SpecResult)
    }

    public let project: Project
    let options: Options
    let output: (String) -> Void
    let copy: URL
    let program: Program
    /// The tools attached (`rebound test --debug`'s debugger), and the context they work in.
    var tools: [HostTool] = []
    var currentContext: LiveContext?
    /// Where debug requests arrive; the runner takes them between spec files and at stops.
    public let mailbox = HostMailbox()
    let snapshots: SpecSnapshots

    /// Copies the project for the run; `output` gets each line a script prints.
    public init(project: Project, options: Options = .init(), output: @escaping (String) -> Void) throws {
        self.project = project
        self.options = options
        self.output = output
        snapshots = SpecSnapshots(
            projectRoot: project.root, recording: options.recording, pictures: options.pictures, say: output)
        copy = try ProjectCopy.make(of: project.root)
        program = try Program(
            project: try Project(at: copy.path),
            overrides: .init(
                startModule: options.startModule, device: options.device, orientation: options.orientation,
                appearance: options.appearance, contentSizeCategory: options.contentSizeCategory))
    }

    deinit { removeCopy() }

    /// Removes the copy of the project; the command calls it on its way out, whatever the
    /// outcome (a process that exits does not wait for this object to go).
    public func removeCopy() { try? FileManager.default.removeItem(at: copy) }

    /// Where snapshots are kept, relative to the project.
    public static let snapshotFolder = SpecSnapshots.folder

    /// The copy of the project the specs run over (`ProjectCopy`): a command that is killed
    /// removes it on its way out.
    public var copyFolder: URL { copy }

    /// The project's spec files (`spec/**/*_spec.lua`), relative to it, in order.
    public var specFiles: [String] {
        let folder = copy.appendingPathComponent(Project.specFolder)
        let found = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix("_spec.lua") }.map { Project.specFolder + "/" + $0 }.sorted()
    }

    /// Runs the files, one fresh context each; returns every result.
    public func run(_ files: [String], events: @escaping (Event) -> Void) -> [SpecResult] {
        var results: [SpecResult] = []
        for file in files {
            handleMessages(until: .now)
            events(.fileStarted(file))
            results += run(file, events: events)
            restoreEdits()
        }
        return results
    }

    // MARK: Tools

    /// Hands debug requests to the tools, and shows other threads' warnings.
    public func handleMessages(until deadline: ContinuousClock.Instant) {
        for message in mailbox.take(until: deadline) {
            switch message {
            case .tool(let message): for tool in tools { tool.handle(message) }
            case .warning(let text): output("warning: \(text)")
            default: break
            }
        }
    }

    func printed(_ text: String, at location: (source: String, line: Int)?) {
        output(text)
        let event = HostEvent.print(text, file: location?.source, line: location?.line)
        for tool in tools { tool.told(event) }
    }

    // MARK: Watching

    /// The project's files each spec file's run loaded (its modules, directly or through other
    /// modules), relative to the project.
    public internal(set) var dependencies: [String: Set<String>] = [:]

    /// Takes a saved file of the project into the copy the specs run over (or its removal);
    /// whether that changed the copy (a save of the same bytes does not).
    @discardableResult
    public func refresh(_ path: String) throws -> Bool {
        guard ProjectFiles.pathProblem(path) == nil else { return false }
        let source = project.root.appendingPathComponent(path)
        let target = copy.appendingPathComponent(path)
        let manager = FileManager.default
        let sourceExists = manager.fileExists(atPath: source.path)
        let targetExists = manager.fileExists(atPath: target.path)
        // A save of the same bytes (a touch) changes nothing to run again.
        if sourceExists, targetExists, let old = manager.contents(atPath: target.path),
            let new = manager.contents(atPath: source.path), old == new
        {
            return false
        }
        guard sourceExists || targetExists else { return false }
        if targetExists { try manager.removeItem(at: target) }
        guard sourceExists else { return true }
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ProjectCopy.copyEntry(source, to: target)
        return true
    }

    /// The spec files to run again after `paths` changed: the changed spec files and those
    /// whose last run loaded a changed module; nil when it cannot tell (a resource, a file
    /// no run loaded), so that all of them run.
    public func specs(affectedBy paths: [String]) -> [String]? {
        let files = Set(specFiles)
        var affected: Set<String> = []
        for path in paths {
            if files.contains(path) {
                affected.insert(path)
                continue
            }
            let users = dependencies.filter { $0.value.contains(path) }.map(\.key)
            if users.isEmpty { return nil }
            affected.formUnion(users)
        }
        return affected.filter(files.contains).sorted()
    }

    // MARK: One file

    func run(_ file: String, events: @escaping (Event) -> Void) -> [SpecResult] {
        var results: [SpecResult] = []
        var loadedContext: LiveContext?
        defer {
            let prefix = program.project.map { Self.relativePath(of: $0.sourceRoot, in: $0.root) } ?? ""
            dependencies[file] = Set((loadedContext?.modules.loaded ?? []).map { prefix + $0.path })
        }
        var running: (name: String, since: ContinuousClock.Instant)?
        func finish(_ result: SpecResult) {
            var result = result
            let attachments = snapshots.takeAttachments()
            if result.status == .failed || result.status == .errored { result.attachments = attachments }
            results.append(result)
            events(.finished(result))
        }
        do {
            let context = try makeContext()
            loadedContext = context
            currentContext = context
            defer { currentContext = nil }
            for tool in tools { tool.contextStarted(context) }
            let state = context.bridge.state
            try state.openFunctionEnvironments()
            try state.load(SpecScripts.gestures, chunkName: "=(rebound test vocabulary)").call()
            try state.load(SpecScripts.specAssertions, chunkName: "=(rebound test vocabulary)").call(
                .table(try native(context, file: file)))
            let report = try state.makeValueFunction(named: "report") { arguments in
                guard arguments.count == 2, case .string(let kind) = arguments[0],
                    case .table(let fields) = arguments[1]
                else { return [] }
                let name = (try? fields.get("name").stringValue) ?? nil ?? "(unnamed)"
                switch kind {
                case "start":
                    running = (name, .now)
                    events(.testStarted(file: file, name: name))
                case "end":
                    let status = (try? fields.get("status").stringValue) ?? nil
                    let seconds = running.map { (.now - $0.since).inSeconds } ?? 0
                    running = nil
                    finish(
                        try Self.result(
                            file: file, name: name, status: Self.status(status), fields: fields, seconds: seconds))
                default:
                    finish(try Self.result(file: file, name: name, status: .errored, fields: fields, seconds: 0))
                }
                return []
            }
            let restart = try state.makeFunction(named: "restartBudget") { _ in
                state.restartTimeBudget()
                return 0
            }
            let runner = try state.load(SpecScripts.runner, chunkName: "=(rebound test)")
            try runner.call(
                .string(copy.appendingPathComponent(file).path), .string(file), .table(try runnerOptions(state)),
                .function(report), .function(restart))
        } catch {
            // The file's run ended early (a test past its time budget, memory): the test that
            // was running, else the file, is reported with the error.
            let message = (error as? LuaError)?.message ?? String(describing: error)
            finish(
                SpecResult(
                    file: file, name: running?.name ?? "(loading \(file))", status: .errored, message: message,
                    seconds: running.map { (.now - $0.since).inSeconds } ?? 0))
        }
        return results
    }

    func makeContext() throws -> LiveContext {
        let profile = program.running(on: try DeviceProfile(parsing: program.device ?? DeviceProfile.phone.name))
        let foundation = FoundationSettings(
            locale: options.locale ?? program.project?.locale ?? "en_US_POSIX",
            timeZone: options.timeZone ?? program.project?.timeZone ?? "UTC",
            epoch: Date(timeIntervalSince1970: 0))
        return try LiveContext(
            program: program, profile: profile, options: options.lua, foundation: foundation,
            services: options.worldServices, resourceSizeLimit: 64 << 20,
            knobs: KnobStore(file: nil, overrides: options.params),
            diagnostics: { [output] in output("\($0)") },
            output: { [unowned self] text, location in printed(text, at: location) })
    }

    func runnerOptions(_ state: LuaState) throws -> LuaTable {
        let table = try state.makeTable()
        func list(_ values: [String]) throws -> LuaValue {
            let list = try state.makeTable()
            for (index, value) in values.enumerated() { try list.set(.integer(Int64(index + 1)), .string(value)) }
            return .table(list)
        }
        try table.set("filter", try list(options.filters))
        try table.set("tags", try list(options.tags))
        try table.set("excludeTags", try list(options.excludedTags))
        try table.set("shuffle", .boolean(options.shuffle))
        try table.set("seed", .integer(Int64(options.seed)))
        return table
    }

    // MARK: Helpers

    static func layoutTable(_ entries: [LayoutDump.Entry], state: LuaState) throws -> LuaTable {
        let list = try state.makeTable(arrayCapacity: entries.count)
        for (index, entry) in entries.enumerated() {
            let row = try state.makeTable()
            try row.set("class", .string(entry.className))
            try row.set("depth", .integer(Int64(entry.depth)))
            let frame = try state.makeTable()
            for (key, value) in zip(["x", "y", "width", "height"], entry.frame) { try frame.set(key, .number(value)) }
            try row.set("frame", .table(frame))
            if let text = entry.text { try row.set("text", .string(text)) }
            if let path = entry.indexPath, path.count == 2 {
                let indexPath = try state.makeTable()
                try indexPath.set("section", .integer(Int64(path[0])))
                try indexPath.set("item", .integer(Int64(path[1])))
                try row.set("indexPath", .table(indexPath))
            }
            if entry.hidden == true { try row.set("hidden", .boolean(true)) }
            if let alpha = entry.alpha { try row.set("alpha", .number(alpha)) }
            try list.set(.integer(Int64(index + 1)), .table(row))
        }
        return list
    }

    static func status(_ busted: String?) -> SpecResult.Status {
        switch busted {
        case "success": .passed
        case "failure": .failed
        case "pending": .pending
        default: .errored
        }
    }

    static func result(
        file: String, name: String, status: SpecResult.Status, fields: LuaTable,
        seconds: Double
    ) throws -> SpecResult {
        var result = SpecResult(
            file: file, name: name, status: status, message: try fields.get("message").stringValue,
            location: try fields.get("file").stringValue, line: (try fields.get("line").integerValue).map(Int.init),
            seconds: seconds)
        result.traceback = try fields.get("traceback").stringValue
        return result
    }

    /// `Source/` for a project whose modules are in that folder, else nothing.
    static func relativePath(of folder: URL, in root: URL) -> String {
        let (inner, outer) = (folder.standardizedFileURL.path, root.standardizedFileURL.path)
        guard inner != outer, inner.hasPrefix(outer + "/") else { return "" }
        return String(inner.dropFirst(outer.count + 1)) + "/"
    }

}

extension SpecRunner: ToolTarget {
    public var toolContext: LiveContext? { currentContext }

    public var runFolder: URL? { project.root.appendingPathComponent(".rebound") }

    /// The project's own files (the run is over a copy of them), and the spec files, which
    /// busted loads by their path in the copy.
    public func toolFiles() -> [(chunk: String, path: String)] {
        let modules = program.files().map { file in
            let shown = program.displayPath(file)
            return (shown, project.root.appendingPathComponent(shown).path)
        }
        let specs = specFiles.map {
            (copy.appendingPathComponent($0).path, project.root.appendingPathComponent($0).path)
        }
        return modules + specs
    }

    /// Specs run once, from the start, after the client is configured: nothing to start again.
    public func relaunch() {}

    public func answerWhileHeld(_ request: ConsoleRequest) {
        request.answer(evaluate(request.code, chunkName: request.chunkName))
    }

    public func evaluate(_ code: String, chunkName: String) -> ConsoleRequest.Reply {
        guard let context = currentContext else {
            return .init(outcome: .failed(message: "no spec file is running", traceback: nil))
        }
        return .init(outcome: context.console.evaluate(code, chunkName: chunkName))
    }

    public func attach(_ tool: HostTool) { tools.append(tool) }

    public func detach(_ tool: HostTool) { tools.removeAll { $0 === tool } }
}
