import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// Runs a program and keeps it in sync with its project's files: `rebound run`'s engine.
///
/// The thread that makes the host owns the Lua state and handles everything; the watcher's
/// thread (and the command line's key and signal handlers) only post to `mailbox`. A save's
/// events settle into one change per file; a file whose content (SHA-256) did not change is
/// left alone (a project file that goes away leaves the package's copy, if there is one, to
/// apply). A changed module that was loaded runs again in place, then its
/// `system.did_load_module` handlers, then a layout pass; a changed resource is delivered
/// again to its bindings, then `system.did_load_resource`, then a layout pass.
///
/// With several device profiles, each device has a context of its own (its own Lua state
/// and world, so a script's state is per device), and every save reloads in each of them;
/// their events name the device.
public final class LiveHost {
    public struct Options {
        /// How long a save that is not finished may take to settle (see `SettleWindow`).
        public var settle: Duration = .milliseconds(10)
        /// Resource files larger than this are refused.
        public var resourceSizeLimit = 64 << 20
        public var lua = LuaState.Options()
        public var watcher = FileWatcher.Options()
        /// Whether to watch the project's files (a package alone is never watched).
        public var watch = true
        /// Knobs' values set before the program runs (`--param name=value`).
        public var params: [String: String] = [:]
        /// Whether the knobs' values are kept in the run folder, so that the next run has them.
        public var keepsParams = false
        /// Whether the run ends once the program has started (`run --once`): a failed start
        /// then says the run ended, not that the program waits for a save.
        public var runsOnce = false
        /// Whether the world's virtual clock follows real time between events, so that a
        /// live app's scrolling, animations and transitions run (`rebound run`); otherwise it
        /// moves only when scripts move it (`simulate`), as runs that must repeat need.
        public var followsRealTime = false
        /// The locale and time zone of the program's Foundation; when nil, the project's
        /// (`rebound.json`), else `en_US_POSIX` and UTC.
        public var locale: String?
        public var timeZone: String?
        /// Where to serve the console's socket (`ConsoleServer`); nil for none.
        public var consoleSocket: String?
        /// Where to serve the Debug Adapter Protocol (`DebugServer`); nil for no debugger.
        public var debugAddress: DebugAddress?
        /// The device profiles to run the program on, each in a context of its own; when
        /// empty, the project's (`rebound.json`'s `devices`, else its `device`), else the phone.
        public var devices: [DeviceProfile] = []
        public init() {}
    }

    public let program: Program
    /// The devices the program runs on, the first the one the console and `world` use.
    public let profiles: [DeviceProfile]
    public let mailbox = HostMailbox()
    /// Stops the running Lua call and the host's loop, from a signal handler (Ctrl-C).
    public let interrupter: HostInterrupter
    private let options: Options
    private let output: (HostEvent) -> Void
    private let devices: [Device]
    /// The program's knobs (`rebound.param`), shared by its contexts and their restarts.
    public let params: ParamStore
    /// What a person does on the preview page, recorded as a spec (`run --record`, the page's
    /// record button); nil when nothing records.
    public private(set) var recorder: SessionRecorder?
    /// Where the recording goes, relative to the project (the page's button names it itself).
    private var recordingPath: String?
    private var watcher: FileWatcher?
    private var consoleServer: ConsoleServer?
    private var debugSession: DebugSession?
    private var settle: SettleWindow
    /// The SHA-256 (hex) of every file of the program, as last seen.
    private var hashes: [String: String] = [:]
    /// Whether the hint about reloads that change nothing on screen was given.
    private var gaveReloadHint = false
    /// What scripts print while a console chunk runs.
    private var consoleOutput: ConsoleTranscript?
    /// Changes whenever something ran that may have changed a screen: a start or restart, a
    /// reload, a resource delivered, a console chunk, or the clock moving while something is
    /// scheduled on it (timers, animations, scrolling). A picture needs drawing again only then.
    public private(set) var screenGeneration = 0

    /// The program on one device: its context, once started.
    private final class Device {
        let profile: DeviceProfile
        var context: LiveContext?
        /// Whether the start module ran and showed its view controller.
        var started = false
        /// The real moment the world's clock was last brought up to, when it follows real time.
        var clockSynced: ContinuousClock.Instant?
        /// How many error events this device's context has sent.
        var errorsSent = 0
        /// Whether its last runtime or handler error is still the latest news of its screen.
        var showsRuntimeError = false

        init(profile: DeviceProfile) { self.profile = profile }
    }

    public init(program: Program, options: Options = .init(), events: @escaping (HostEvent) -> Void) throws {
        self.program = program
        self.options = options
        output = events
        var profiles: [DeviceProfile]
        if !options.devices.isEmpty {
            profiles = options.devices
        } else if let listed = program.project?.devices, !listed.isEmpty {
            profiles = try listed.map(DeviceProfile.init(parsing:))
        } else {
            profiles = [try DeviceProfile(parsing: program.device ?? DeviceProfile.phone.name)]
        }
        // One context per profile name: the same profile twice would be one screen twice.
        self.profiles = profiles.reduce(into: []) { kept, profile in
            if !kept.contains(where: { $0.name == profile.name }) { kept.append(program.running(on: profile)) }
        }
        devices = self.profiles.map(Device.init)
        params = ParamStore(
            file: options.keepsParams ? program.runFolder?.appendingPathComponent("params.json") : nil,
            overrides: options.params)
        settle = SettleWindow(settle: options.settle)
        interrupter = HostInterrupter(mailbox: mailbox)
    }

    deinit { consoleServer?.stop() }

    /// The first device's profile.
    public var profile: DeviceProfile { profiles[0] }

    /// The headless world of the first device's running context.
    public var world: UIWorld? { devices[0].context?.world }

    /// Whether the start module ran and showed its view controller on the first device.
    public var isRunning: Bool { devices[0].started }

    /// The world of each device whose program runs, by profile name.
    public var runningWorlds: [String: UIWorld] {
        Dictionary(
            uniqueKeysWithValues: devices.compactMap { device in
                device.started ? device.context.map { (device.profile.name, $0.world) } : nil
            })
    }

    /// Starts watching (so no save is missed), then runs the start module to its first
    /// layout pass. A failing start is reported; the host goes on and tries again on the
    /// next save.
    public func start() throws {
        if let address = options.debugAddress { try serveDebugger(at: address) }
        if options.watch, let folder = program.project?.sourceRoot {
            let mailbox = self.mailbox
            let watcher = try FileWatcher(root: folder, options: options.watcher) { event in
                mailbox.post(.file(event, at: .now))
            }
            watcher.start()
            self.watcher = watcher
        }
        for path in program.files() { hashes[path] = (try? program.content(of: path))??.digest }
        for device in devices { startContext(on: device, kind: .started, reason: nil) }
        if let path = options.consoleSocket { serveConsole(at: path) }
    }

    /// Listens for a debugger before anything runs, so that a client can stop the start.
    private func serveDebugger(at address: DebugAddress) throws(DebugServerError) {
        let server = try DebugServer(
            address: address, mailbox: mailbox,
            tokenFile: program.runFolder?.appendingPathComponent("debug-token").path)
        server.start()
        debugSession = DebugSession(server: server, target: self)
    }

    /// Where the debugger is served (with the port chosen, for port 0).
    public var debugAddress: DebugAddress? { debugSession?.address }

    /// The secret a debugger client gives on a TCP port (nil on a Unix socket).
    public var debugToken: String? { debugSession?.token }

    /// The console's socket, when it is served.
    public var consoleSocket: String? { consoleServer?.path }

    private func serveConsole(at path: String) {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            let server = try ConsoleServer(path: path, mailbox: mailbox)
            server.start()
            consoleServer = server
        } catch {
            send(HostEvent(kind: .warning, message: "no console socket: \(error)"))
        }
    }

    /// Stops watching, and ends the program: its application hears that it terminates, unless
    /// the user interrupted the host (then no script runs any more).
    public func stop(interrupted: Bool = false) {
        params.flush()
        watcher?.stop()
        watcher = nil
        consoleServer?.stop()
        consoleServer = nil
        debugSession?.end()
        debugSession = nil
        endContext(notifying: !interrupted)
    }

    /// Tells the running program that it ends, then closes its contexts.
    private func endContext(notifying: Bool = true) {
        for device in devices { endContext(on: device, notifying: notifying) }
    }

    private func endContext(on device: Device, notifying: Bool = true) {
        if notifying, let world = device.context?.world, device.started { world.terminate() }
        device.context = nil
    }

    /// For tests: the watcher stops reading the kernel's queue (to flood it), or reads again.
    public func setWatcherPaused(_ paused: Bool) {
        if paused { watcher?.pauseReading() } else { watcher?.resumeReading() }
    }

    /// Throws the Lua contexts away and starts the program afresh on every device.
    public func restart(reason: String) {
        for device in devices { startContext(on: device, kind: .restarted, reason: reason) }
    }

    /// Waits until `deadline` (or a message) and handles what arrived and what settled;
    /// returns the messages that are neither file events nor console chunks (keys, Ctrl-C)
    /// for the caller.
    @discardableResult
    public func handleEvents(until deadline: ContinuousClock.Instant?) -> [HostMailbox.Message] {
        let wake = [deadline, settle.nextDeadline, clockWake, params.saveDue].compactMap { $0 }.min()
        var others: [HostMailbox.Message] = []
        for message in mailbox.take(until: wake) {
            switch message {
            case .file(let event, let time): note(event, at: time)
            case .evaluate(let request): answer(request)
            case .debug(let message): debugSession?.handle(message)
            case .input(let input): apply(input)
            case .warning(let text): send(HostEvent(kind: .warning, message: text))
            case .screensChanged: screenGeneration += 1
            default: others.append(message)
            }
        }
        let ready = settle.takeReady(at: .now)
        if !ready.isEmpty { apply(ready) }
        params.saveIfDue(at: .now)
        // After Ctrl-C nothing more runs: the caller stops the host.
        if !others.contains(where: { if case .interrupt = $0 { true } else { false } }) { followRealTime() }
        return others
    }

    // MARK: Console

    /// Runs a console chunk in the first device's context, as a turn of its run loop (a layout
    /// pass after it); what it prints is shown as usual and also given back with the reply.
    /// The console command that restarts the program, as the r key does.
    static let restartCommand = ":restart"

    /// The console command that sets a knob: `:param spacing=12`.
    static let paramCommand = ":param "

    private func answer(_ request: ConsoleRequest, layout: Bool = true) {
        let command = request.code.trimmingCharacters(in: .whitespacesAndNewlines)
        if command == Self.restartCommand, layout {
            restart(reason: "\(Self.restartCommand) from the console")
            request.answer(.init(outcome: .values(["restarted"]), output: []))
            return
        }
        if command.hasPrefix(Self.paramCommand), layout {
            do {
                let (name, value) = try ParamStore.assignment(String(command.dropFirst(Self.paramCommand.count)))
                let set = try setParam(name, to: value)
                request.answer(.init(outcome: .values(["\(name) = \(set.text)"]), output: []))
            } catch {
                request.answer(.init(outcome: .failed(message: error.description, traceback: nil), output: []))
            }
            return
        }
        guard let context = devices[0].context else {
            request.cancel(
                "nothing is running: the program could not start; save a file or restart (\(Self.restartCommand))")
            return
        }
        screenGeneration += 1
        consoleOutput = ConsoleTranscript()
        defer { consoleOutput = nil }
        let outcome = context.console.evaluate(request.code, chunkName: request.chunkName)
        if layout { layoutPass(file: nil, on: devices[0], in: context) }
        let output = consoleOutput?.output ?? []
        // Not while the debugger holds the program (`layout` false): its stack is in the context.
        if context.console.restartRequested, layout {
            restart(reason: "host.restart() from the console")
        }
        request.answer(.init(outcome: outcome, output: output))
    }

    /// Sets a declared knob (from the page or the console): every running context hears
    /// `system.did_change_param` (name, value), then has a layout pass. Returns the value.
    @discardableResult
    public func setParam(_ name: String, to text: String) throws(ParamError) -> ParamStore.Value {
        let value = try params.set(name, to: text)
        screenGeneration += 1
        for device in devices {
            guard device.started, let context = device.context else { continue }
            let file = "rebound.param(\"\(name)\")"
            guard let knob = params.knobs.first(where: { $0.name == name }),
                let shown = try? ParamScript.luaValue(value, of: knob, in: context.world)
            else { continue }
            post("system.did_change_param", [.string(name), shown], file: file, on: device, in: context)
            layoutPass(file: file, on: device, in: context)
        }
        return value
    }

    /// Starts recording what is done on the preview page, to be written to `path` (relative to
    /// the project; with none, `spec/recorded-DATE_spec.lua`).
    public func startRecording(to path: String? = nil) {
        guard recorder == nil else { return }
        recorder = SessionRecorder()
        recordingPath = path
        screenGeneration += 1
    }

    /// Writes the recording as a spec, with checks of the recorded device's screen now, and stops
    /// it; reports where it went (a notice) or why it could not be written (a warning).
    @discardableResult
    public func finishRecording() -> URL? {
        guard let recorder else { return nil }
        self.recorder = nil
        screenGeneration += 1
        let stamp = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
            .replacingOccurrences(of: ":", with: "")
        let path = recordingPath ?? "spec/recorded-\(stamp)_spec.lua"
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            .replacingOccurrences(of: "_spec", with: "")
        // A relative path is the project's: the spec lives in its spec folder.
        let url = URL(fileURLWithPath: path, relativeTo: program.project?.root).standardizedFileURL
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let recorded = devices.first { $0.profile.name == recorder.device }?.context?.world ?? world
            try Data(recorder.spec(named: name, world: recorded).utf8).write(to: url, options: .atomic)
        } catch {
            send(
                HostEvent(
                    kind: .warning, message: "cannot write the recording to \(path): \(error.localizedDescription)"))
            return nil
        }
        send(
            HostEvent(
                kind: .notice, file: path,
                message: "recorded \(recorder.count) gesture\(recorder.count == 1 ? "" : "s") and edits to \(path)"))
        return url
    }

    /// What a person did on a preview screen, in order, on that device's world with its clock
    /// brought up to now; then a layout pass, and the screen is drawn again. Input that cannot
    /// apply (keys with nothing to type into) changes nothing; what a script does in answer
    /// reports its own errors.
    public func apply(_ input: ScreenInput) {
        guard let device = devices.first(where: { $0.profile.name == input.device }) ?? devices.first,
            device.started, let context = device.context
        else { return }
        screenGeneration += 1
        if options.followsRealTime { followRealTime(on: device) }
        let world = context.world
        for action in input.actions {
            recorder?.note(action, on: device.profile.name, in: world)
            do {
                switch action {
                case .down(let finger, let x, let y): try world.input.fingerDown(finger, at: CGPoint(x: x, y: y))
                case .move(let finger, let x, let y):
                    try world.input.fingersMoved([(finger, CGPoint(x: x, y: y))])
                case .up(let finger, let x, let y): try world.input.fingerUp(finger, at: CGPoint(x: x, y: y))
                case .cancel: try world.input.liftAll()
                case .wheel(let x, let y, let dx, let dy):
                    try world.input.scroll(at: CGPoint(x: x, y: y), by: CGPoint(x: dx, y: dy))
                case .text(let text): try world.input.type(text)
                case .key(let name): try world.input.press(name)
                case .paste(let text): try world.input.paste(text)
                case .rotate:
                    try world.turnDevice(to: world.screen.profile.orientation.isLandscape ? .portrait : .landscapeLeft)
                case .param(let name, let value):
                    let accepted = try setParam(name, to: value)
                    recorder?.noteKnob(name, setTo: accepted)
                case .record(let on):
                    if on { startRecording() } else { finishRecording() }
                }
            } catch let error as LuaError {
                send(
                    HostEvent(kind: .runtimeError, problem: problem(error), message: "in the preview's input"),
                    on: device)
            } catch let error as ParamError {
                send(HostEvent(kind: .warning, message: "the preview's knob: \(error.description)"), on: device)
            } catch {
                continue  // input that does not apply now, such as keys with no text field focused
            }
        }
        layoutPass(file: nil, on: device, in: context)
    }

    /// Evaluates a chunk on this thread, as a console request would be: for callers on the
    /// host's thread (`rebound render --after`, benchmarks, tests).
    public func evaluate(_ code: String, chunkName: String = "=console") -> ConsoleRequest.Reply {
        let request = ConsoleRequest(code: code, chunkName: chunkName)
        answer(request)
        return request.wait()
    }

    // MARK: Time

    /// When a world's next timer is due, in real time (nil when nothing is pending or the
    /// clocks do not follow real time).
    private var clockWake: ContinuousClock.Instant? {
        guard options.followsRealTime else { return nil }
        return devices.compactMap { device in
            guard let clock = device.context?.world.clock, let due = clock.nextDue, let synced = device.clockSynced
            else { return nil }
            return synced + .seconds(max(0, due - clock.now))
        }.min()
    }

    /// Brings the worlds' clocks up to real time: timers due meanwhile fire, each moment with
    /// its layout pass. A script error on the way is reported, and the host goes on.
    private func followRealTime() {
        guard options.followsRealTime else { return }
        for device in devices { followRealTime(on: device) }
    }

    /// The most timers one catch-up of a clock fires before the host looks at its mailbox.
    static let timersPerTurn = 1000

    private func followRealTime(on device: Device) {
        guard let world = device.context?.world else { return }
        let now = ContinuousClock.now
        guard let clockSynced = device.clockSynced else {
            device.clockSynced = now
            return
        }
        // Only what the clock has scheduled (timers, animations' ends, scrolling) changes with time.
        if world.clock.nextDue != nil { screenGeneration += 1 }
        let elapsed = now - clockSynced
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let target = world.clock.now + seconds
        device.clockSynced = now
        do {
            let catchUp = VirtualClock.CatchUp(timers: Self.timersPerTurn, deadline: now + options.lua.timeBudget)
            if try !world.clock.advance(by: seconds, catchUp: catchUp) {
                // The rest of the time is caught up after the mailbox: the clock is behind by it.
                device.clockSynced = now - .seconds(max(0, target - world.clock.now))
            }
        } catch {
            world.bridge.report(error, during: "a timer of the virtual clock")
        }
    }

    /// Handles events until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    public func handleEvents(for timeout: Duration, until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            handleEvents(until: deadline)
        }
        return true
    }

    // MARK: Files

    private func note(_ event: WatchEvent, at time: ContinuousClock.Instant) {
        switch event {
        case .changed(let path, let complete): settle.note(path, complete: complete, at: time)
        case .removed(let path):
            for known in hashes.keys where known == path || known.hasPrefix(path + "/") {
                settle.note(known, complete: false, at: time)
            }
            settle.note(path, complete: false, at: time)
        case .overflow:
            send(HostEvent(kind: .warning, message: "inotify's event queue overflowed; every file was compared again"))
            for path in Set(hashes.keys).union(program.files()) {
                settle.note(path, complete: true, at: time)
            }
        case .warning(let text): send(HostEvent(kind: .warning, message: text))
        }
    }

    /// Sorts settled files into changed modules and resources, by content: the project's copy,
    /// else the package's.
    private func apply(_ ready: [(path: String, settled: Bool, saved: ContinuousClock.Instant)]) {
        var changed: [String] = []
        var saved: [String: ContinuousClock.Instant] = [:]
        var bytes: [String: Data] = [:]
        for (path, settled, savedAt) in ready {
            let found: (isEmpty: Bool, digest: String, bytes: Data?)?
            do {
                found = try program.content(of: path)
            } catch {
                send(
                    HostEvent(
                        kind: .runtimeError, file: program.displayPath(path),
                        problem: .init(message: "\(error); what was loaded from it stays as it was")))
                continue
            }
            guard let content = found else {
                if hashes.removeValue(forKey: path) != nil { removed(path) }
                continue
            }
            if content.isEmpty && !settled {
                settle.postpone(path, from: .now)  // maybe truncated before being written
                continue
            }
            guard hashes[path] != content.digest else { continue }
            hashes[path] = content.digest
            changed.append(path)
            saved[path] = savedAt
            bytes[path] = content.bytes
        }
        guard !changed.isEmpty else { return }
        debugSession?.sourcesChanged()  // function breakpoints move with the saved sources
        for device in devices { apply(changed, savedAt: saved, bytes: bytes, on: device) }
    }

    /// `bytes`: each changed project file as it was read and hashed, which is what runs.
    private func apply(
        _ changed: [String], savedAt saved: [String: ContinuousClock.Instant], bytes: [String: Data],
        on device: Device
    ) {
        guard device.started, let context = device.context else {
            startContext(on: device, kind: .restarted, reason: "\(changed.joined(separator: ", ")) changed")
            return
        }
        let modules = context.modules.loaded.filter { changed.contains($0.path) }
        for module in modules {
            guard
                reload(
                    module.name, from: module.path, source: bytes[module.path], savedAt: saved[module.path],
                    on: device, in: context)
            else {
                return
            }
        }
        for path in changed where Project.moduleName(forPath: path) == nil {
            let keys = context.resources.keys(affectedBy: path)
            for key in keys { redeliver(key, savedAt: saved[path], on: device, in: context) }
            if keys.isEmpty { documentSaved(path, savedAt: saved[path], on: device, in: context) }
        }
    }

    /// A saved storyboard or xib that a running screen came from (read by name, not bound as a
    /// resource): read again, then `system.did_load_resource` (name, type) so that a handler can
    /// rebuild, and a layout pass. A broken save keeps the last good document.
    private func documentSaved(
        _ path: String, savedAt: ContinuousClock.Instant?, on device: Device, in context: LiveContext
    ) {
        let type = (path as NSString).pathExtension
        guard type == "storyboard" || type == "xib", let url = context.modules.program.fileURL(of: path) else { return }
        let file = context.modules.displayPath(path)
        let begin = ContinuousClock.now
        do {
            guard try context.world.documentWasSaved(at: url, named: file) else { return }
        } catch {
            send(HostEvent(kind: .resourceError, file: file, problem: .init(message: "\(error)")), on: device)
            return
        }
        screenGeneration += 1
        let errorsBefore = device.errorsSent
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let handlers = post(
            "system.did_load_resource", [.string(name), .string(type)], file: file, on: device, in: context)
        if handlers == 0 { rebuild(fromDocument: name, type: type, file: file, on: device, in: context) }
        layoutPass(file: file, on: device, in: context)
        var delivered = HostEvent(
            kind: .resource, file: file, duration: .now - begin, handlers: handlers, bindings: 0,
            visible: context.visibleItems)
        delivered.savedAt = savedAt
        delivered.errors = errors(since: errorsBefore, on: device)
        send(delivered, on: device)
    }

    /// What a saved document that no handler took made is made again, as a module save without
    /// a handler hints: the main storyboard's initial controller, or the views of the loaded
    /// controllers that a nib owns.
    private func rebuild(
        fromDocument name: String, type: String, file: String, on device: Device, in context: LiveContext
    ) {
        do {
            let rebuilt: String
            if type == "storyboard", name == program.project?.mainStoryboard {
                try context.world.rebuildFromMainStoryboard(name)
                rebuilt = "its initial view controller was made again"
            } else if type == "xib", case let count = try context.world.reloadViews(fromNib: name), count > 0 {
                rebuilt =
                    "the view of \(count == 1 ? "the controller" : "\(count) controllers") it owns was loaded again"
            } else {
                return
            }
            send(
                HostEvent(
                    kind: .hint, file: file, message: "\(file) has no system.did_load_resource handler: \(rebuilt)"),
                on: device)
        } catch {
            send(HostEvent(kind: .runtimeError, file: file, problem: problem(error)), on: device)
        }
    }

    /// A file went away: what was loaded from it stays (said once, not once per device).
    private func removed(_ path: String) {
        guard let context = devices[0].context else { return }
        if let module = context.modules.module(at: path) {
            send(
                HostEvent(
                    kind: .warning, file: context.modules.displayPath(path), module: module,
                    message: "\(context.modules.displayPath(path)) was deleted; module \(module) keeps its loaded code "
                        + "(re-create the file to reload it)"))
        }
        for key in context.resources.keys(affectedBy: path) {
            send(
                HostEvent(
                    kind: .warning, file: context.modules.displayPath(path),
                    message: "\(context.modules.displayPath(path)) was deleted; the \(key.type) resource '\(key.name)' "
                        + "keeps its last value"))
        }
    }

    // MARK: Reloading

    /// Reloads a module in place and reports it; false when the context had to restart.
    /// The start-only methods whose edit the host gave a hint about, once each.
    private var hintedStartOnlyMethods: Set<String> = []

    private func reload(
        _ name: String, from path: String, source: Data?, savedAt: ContinuousClock.Instant?, on device: Device,
        in context: LiveContext
    ) -> Bool {
        screenGeneration += 1
        let begin = ContinuousClock.now
        let errorsBefore = device.errorsSent
        let file = context.modules.displayPath(path)
        // Only while no handler could refresh the screen: is there anything to see?
        let screenBefore =
            gaveReloadHint || context.bridge.handlerCount(for: "system.did_load_module") > 0
            ? nil : LayoutDump.entries(of: context.world)
        let editedAtStart: [String]
        do {
            editedAtStart = try context.modules.reload(name, from: path, source: source)
        } catch {
            switch error {
            case .syntax(let luaError):
                send(HostEvent(kind: .syntaxError, file: file, module: name, problem: problem(luaError)), on: device)
            case .unreadable(let luaError), .runtime(let luaError):
                send(HostEvent(kind: .runtimeError, file: file, module: name, problem: problem(luaError)), on: device)
            case .needsRestart(let reason, _):
                startContext(on: device, kind: .restarted, reason: "\(file): \(reason)")
                return false
            }
            return true
        }
        let handlers = post("system.did_load_module", [.string(name)], file: file, on: device, in: context)
        // The module's drawRect may have changed: every view draws again, as a live edit expects.
        context.world.application.setNeedsDisplayEverywhere()
        layoutPass(file: file, on: device, in: context)
        var reloaded = HostEvent(
            kind: .reloaded, file: file, module: name, duration: .now - begin, handlers: handlers,
            visible: context.visibleItems)
        reloaded.savedAt = savedAt
        reloaded.errors = errors(since: errorsBefore, on: device)
        send(reloaded, on: device)
        for method in editedAtStart where hintedStartOnlyMethods.insert("\(file) \(method)").inserted {
            send(
                HostEvent(
                    kind: .hint, file: file, module: name,
                    message: "\(file): \(method) changed, but it runs only when its object is made or the app "
                        + "starts; restart (the r key) to see the change"), on: device)
        }
        if let screenBefore, handlers == 0, editedAtStart.isEmpty, LayoutDump.entries(of: context.world) == screenBefore
        {
            gaveReloadHint = true
            send(
                HostEvent(
                    kind: .hint, file: file, module: name,
                    message: "\(file) ran again, but nothing on the screen "
                        + "changed: objects made before the save keep their state, and no system.did_load_module handler ran. "
                        + "Add one that refreshes the view, such as self:addMessageHandler(\"system.did_load_module\", "
                        + "\"refreshView\") in viewDidLoad, or restart (the r key) to see the new code from the start.")
            )
        }
        return true
    }

    private func redeliver(
        _ key: ResourceKey, savedAt: ContinuousClock.Instant?, on device: Device, in context: LiveContext
    ) {
        screenGeneration += 1
        let begin = ContinuousClock.now
        let errorsBefore = device.errorsSent
        do {
            let (path, count) = try context.resources.deliver(key)
            let file = context.modules.displayPath(path)
            let handlers = post(
                "system.did_load_resource", [.string(key.name), .string(key.type)], file: file, on: device,
                in: context)
            layoutPass(file: file, on: device, in: context)
            var delivered = HostEvent(
                kind: .resource, file: file, duration: .now - begin, handlers: handlers, bindings: count,
                visible: context.visibleItems)
            delivered.savedAt = savedAt
            delivered.errors = errors(since: errorsBefore, on: device)
            send(delivered, on: device)
        } catch let error as ResourceError {
            send(
                HostEvent(
                    kind: .resourceError, file: resourceFile(key, in: context),
                    problem: .init(message: error.description)),
                on: device)
        } catch {
            send(
                HostEvent(kind: .runtimeError, file: resourceFile(key, in: context), problem: problem(error)),
                on: device)
        }
    }

    private func resourceFile(_ key: ResourceKey, in context: LiveContext) -> String? {
        (context.resources.bound[key] ?? nil).map(context.modules.displayPath)
    }

    private func post(
        _ message: String, _ arguments: [LuaValue], file: String, on device: Device, in context: LiveContext
    ) -> Int {
        do {
            return try context.bridge.post(message, arguments)
        } catch {
            send(HostEvent(kind: .handlerError, file: file, problem: problem(error)), on: device)
            return 0
        }
    }

    private func layoutPass(file: String?, on device: Device, in context: LiveContext) {
        let errorsBefore = device.errorsSent
        do {
            try context.world.layoutPass()
        } catch {
            send(HostEvent(kind: .runtimeError, file: file, problem: problem(error)), on: device)
        }
        // The next good pass clears a runtime error (a syntax error waits for its file's fix).
        if device.showsRuntimeError, device.errorsSent == errorsBefore {
            send(HostEvent(kind: .recovered, message: "a layout pass ran without errors again"), on: device)
        }
    }

    // MARK: Contexts

    private func startContext(on device: Device, kind: HostEvent.Kind, reason: String?) {
        screenGeneration += 1
        let begin = ContinuousClock.now
        endContext(on: device)  // the old context closes before the new one opens
        device.clockSynced = options.followsRealTime ? begin : nil
        device.started = false
        do {
            let foundation = FoundationSettings(
                locale: options.locale ?? program.project?.locale ?? "en_US_POSIX",
                timeZone: options.timeZone ?? program.project?.timeZone ?? "UTC",
                defaultsFile: program.defaultsFile)
            let context = try LiveContext(
                program: program, profile: device.profile, options: options.lua,
                foundation: foundation, resourceSizeLimit: options.resourceSizeLimit, params: params,
                diagnostics: { [unowned self, unowned device] in self.diagnose($0, on: device) },
                output: { [unowned self, unowned device] text, location in
                    self.consoleOutput?.append(text)
                    self.send(
                        HostEvent(
                            kind: .print, file: location?.source, message: text,
                            line: location?.line), on: device)
                })
            device.context = context
            if device === devices[0] { debugSession?.contextStarted(context) }
            interrupter.track(devices.compactMap { $0.context?.bridge.state.interrupter })
            let errorsBefore = device.errorsSent
            try context.start(program.startModule, asAppDelegate: program.startsWithAppDelegate)
            device.started = true
            var started = HostEvent(
                kind: kind, file: context.modules.displayPath(program.startPath),
                module: program.startModule, duration: .now - begin, visible: context.visibleItems,
                message: reason)
            started.errors = errors(since: errorsBefore, on: device)
            send(started, on: device)
        } catch {
            let syntax = (error as? LuaError)?.kind == .syntax
            var event = HostEvent(
                kind: syntax ? .syntaxError : .runtimeError, module: program.startModule,
                problem: problem(error),
                message: options.runsOnce
                    ? "the program did not start, so the run ended"
                    : "the program is stopped until the next save, or a restart with the r key")
            event.file = event.problem?.file
            send(event, on: device)
        }
    }

    private func diagnose(_ diagnostic: BridgeDiagnostic, on device: Device) {
        switch diagnostic.severity {
        case .notice: send(HostEvent(kind: .notice, message: diagnostic.message), on: device)
        case .warning: send(HostEvent(kind: .warning, message: diagnostic.message), on: device)
        case .error:
            let problem = diagnostic.scriptError.map(problem) ?? HostEvent.Problem(message: diagnostic.message)
            send(
                HostEvent(
                    kind: diagnostic.inHandler ? .handlerError : .runtimeError, file: problem.file, problem: problem,
                    message: "in \(diagnostic.message)"), on: device)
        }
    }

    /// The first device's screen layout now, as an event.
    public func layoutEvent() -> HostEvent { layoutEvent(on: devices[0]) }

    /// Each device's screen layout now, as events (the `l` key, `--once`).
    public func layoutEvents() -> [HostEvent] { devices.map(layoutEvent(on:)) }

    private func layoutEvent(on device: Device) -> HostEvent {
        guard device.started, let world = device.context?.world else {
            var stopped = HostEvent(
                kind: .warning, message: "nothing is running: the program is stopped until the next save")
            stopped.device = devices.count > 1 ? device.profile.name : nil
            return stopped
        }
        var event = HostEvent(
            kind: .layout, message: world.screen.profile.description, layout: LayoutDump.entries(of: world))
        event.device = devices.count > 1 ? device.profile.name : nil
        return event
    }

    // MARK: Helpers

    private func send(_ event: HostEvent) {
        debugSession?.output(event)
        output(event)
    }

    /// Sends an event of one device's context, naming the device when there are several.
    private func send(_ event: HostEvent, on device: Device) {
        var event = event
        if event.isError { device.errorsSent += 1 }
        switch event.kind {
        case .runtimeError, .handlerError: device.showsRuntimeError = true
        case .recovered, .started, .restarted: device.showsRuntimeError = false
        case .reloaded, .resource: if event.errors == nil { device.showsRuntimeError = false }
        default: break
        }
        if devices.count > 1 { event.device = device.profile.name }
        if device === devices[0] { debugSession?.output(event) }
        output(event)
    }

    /// The errors `device` sent since it had sent `before`; nil for none.
    private func errors(since before: Int, on device: Device) -> Int? {
        device.errorsSent > before ? device.errorsSent - before : nil
    }

    private func problem(_ error: Error) -> HostEvent.Problem {
        guard let luaError = error as? LuaError else { return .init(message: String(describing: error)) }
        return HostEvent.Problem(luaError) { [program] file, line in program.sourceLine(line, ofFile: file) }
    }
}

extension LiveHost: DebugTarget {
    /// The first device's: the one the console works in.
    var debugContext: LiveContext? { devices[0].context }

    func debugFiles() -> [(chunk: String, path: String)] {
        program.files().compactMap { file in program.fileURL(of: file).map { (program.displayPath(file), $0.path) } }
    }

    func relaunch() { restart(reason: "launched by the debugger") }

    func answerWhileHeld(_ request: ConsoleRequest) { answer(request, layout: false) }
}
