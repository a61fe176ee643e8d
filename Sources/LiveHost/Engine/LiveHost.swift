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
        /// What the renderer draws for each device's world (drawn images' pixels, layers'
        /// looks); the CLI hands in `ScreenRenderer.worldServices`.
        public var worldServices = WorldServices()
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
    let options: Options
    /// Where events go, with the name of the device they concern when the host runs several.
    let output: (HostEvent, String?) -> Void
    let devices: [DeviceRunner]
    /// The program's knobs (`rebound.param`), shared by its contexts and their restarts.
    public let knobs: KnobStore
    /// What a person does on the preview page, recorded as a spec (`run --record`, the page's
    /// record button); nil when nothing records.
    public internal(set) var recorder: SessionRecorder?
    /// Where the recording goes, relative to the project (the page's button names it itself).
    var recordingPath: String?
    var watcher: FileWatcher?
    /// The tools attached (the debugger), which hear the host's news.
    public private(set) var tools: [HostTool] = []
    /// Messages for the caller of `handleEvents` that a tool's wait took out of the mailbox.
    var setAside: [HostMailbox.Message] = []
    var settle: SettleWindow
    /// The SHA-256 (hex) of every file of the program, as last seen.
    var hashes: [String: String] = [:]
    /// Whether the hint about reloads that change nothing on screen was given.
    var gaveReloadHint = false
    /// What scripts print while a console chunk runs.
    var consoleOutput: ConsoleTranscript?
    /// Changes whenever something ran that may have changed a screen: a start or restart, a
    /// reload, a resource delivered, a console chunk, or the clock moving while something is
    /// scheduled on it (timers, animations, scrolling). A picture needs drawing again only then.
    public internal(set) var screenGeneration = 0
    /// The start-only methods whose edit the host gave a hint about, once each.
    var hintedStartOnlyMethods: Set<String> = []

    /// Makes a host for `program`; `events` hears what it does, each event with the name of the
    /// device it concerns when there are several devices (nil otherwise).
    public init(
        program: Program, options: Options = .init(), events: @escaping (HostEvent, _ device: String?) -> Void
    ) throws {
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
        devices = self.profiles.map(DeviceRunner.init)
        knobs = KnobStore(
            file: options.keepsParams ? program.runFolder?.appendingPathComponent("params.json") : nil,
            overrides: options.params)
        settle = SettleWindow(settle: options.settle)
        interrupter = HostInterrupter(mailbox: mailbox)
    }

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
        if options.watch, let folder = program.project?.sourceRoot {
            let mailbox = self.mailbox
            let watcher = try FileWatcher(root: folder, options: options.watcher) { event in
                mailbox.post(.file(event, at: .now))
            }
            watcher.start()
            self.watcher = watcher
        }
        for path in program.files() { hashes[path] = (try? program.content(of: path))??.digest }
        for device in devices { startContext(on: device) }
    }

    /// Stops watching, and ends the program: its application hears that it terminates, unless
    /// the user interrupted the host (then no script runs any more).
    public func stop(interrupted: Bool = false) {
        knobs.flush()
        watcher?.stop()
        watcher = nil
        for tool in tools { tool.end() }
        tools = []
        endContext(notifying: !interrupted)
    }

    /// Tells the running program that it ends, then closes its contexts.
    func endContext(notifying: Bool = true) {
        for device in devices { endContext(on: device, notifying: notifying) }
    }

    func endContext(on device: DeviceRunner, notifying: Bool = true) {
        if notifying, let world = device.context?.world, device.started { world.terminate() }
        device.context = nil
    }

    /// For tests: the watcher stops reading the kernel's queue (to flood it), or reads again.
    public func setWatcherPaused(_ paused: Bool) {
        if paused { watcher?.pauseReading() } else { watcher?.resumeReading() }
    }

    /// Throws the Lua contexts away and starts the program afresh on every device.
    public func restart(reason: String) {
        for device in devices { startContext(on: device, restartingFor: reason) }
    }

    /// Waits until `deadline` (or a message) and handles what arrived and what settled;
    /// returns the messages that are neither file events nor console chunks (keys, Ctrl-C)
    /// for the caller.
    @discardableResult
    public func handleEvents(until deadline: ContinuousClock.Instant?) -> [HostMailbox.Message] {
        let wake = [deadline, settle.nextDeadline, clockWake, knobs.saveDue].compactMap { $0 }.min()
        var others = setAside
        setAside = []
        for message in mailbox.take(until: others.isEmpty ? wake : .now) {
            switch message {
            case .file(let event, let time): note(event, at: time)
            case .evaluate(let request): answer(request)
            case .tool(let message): for tool in tools { tool.handle(message) }
            case .input(let input): route(input)
            case .warning(let text): send(.warning(text))
            case .screensChanged: screenGeneration += 1
            default: others.append(message)
            }
        }
        let ready = settle.takeReady(at: .now)
        if !ready.isEmpty { compareSettled(ready) }
        knobs.saveIfDue(at: .now)
        // After Ctrl-C nothing more runs: the caller stops the host.
        if !others.contains(where: { if case .interrupt = $0 { true } else { false } }) { followRealTime() }
        return others
    }

    // MARK: Time

    /// When a world's next timer is due, in real time (nil when nothing is pending or the
    /// clocks do not follow real time).
    var clockWake: ContinuousClock.Instant? {
        guard options.followsRealTime else { return nil }
        return devices.compactMap { device in
            guard let clock = device.context?.world.clock, let due = clock.nextDue, let synced = device.clockSynced
            else { return nil }
            return synced + .seconds(max(0, due - clock.now))
        }.min()
    }

    /// Brings the worlds' clocks up to real time: timers due meanwhile fire, each moment with
    /// its layout pass. A script error on the way is reported, and the host goes on.
    func followRealTime() {
        guard options.followsRealTime else { return }
        for device in devices { followRealTime(on: device) }
    }

    /// The most timers one catch-up of a clock fires before the host looks at its mailbox.
    static let timersPerTurn = 1000

    func followRealTime(on device: DeviceRunner) {
        guard let world = device.context?.world else { return }
        let now = ContinuousClock.now
        guard let clockSynced = device.clockSynced else {
            device.clockSynced = now
            return
        }
        // Only what the clock has scheduled (timers, animations' ends, scrolling) changes with time.
        if world.clock.nextDue != nil { screenGeneration += 1 }
        let elapsed = now - clockSynced
        let seconds = elapsed.inSeconds
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

    // MARK: Helpers

    func send(_ event: HostEvent) {
        for tool in tools { tool.told(event) }
        output(event, nil)
    }

    /// Sends an event of one device's context, naming the device when there are several, and
    /// then the screen's new status if the event changed it.
    func send(_ event: HostEvent, on device: DeviceRunner) {
        if event.isError { device.errorsSent += 1 }
        publish(event, on: device)
        update(device, to: device.status.after(event))
    }

    /// Sets a device's screen status, telling everyone when it changed.
    func update(_ device: DeviceRunner, to status: ScreenStatus) {
        guard status != device.status else { return }
        device.status = status
        publish(.status(status), on: device)
    }

    func publish(_ event: HostEvent, on device: DeviceRunner) {
        if device === devices[0] { for tool in tools { tool.told(event) } }
        output(event, devices.count > 1 ? device.profile.name : nil)
    }

    /// An error as a problem of `kind`, with its source line when it comes from Lua.
    func problem(
        _ kind: HostEvent.Problem.Kind, _ error: Error, file: String? = nil, module: String? = nil
    ) -> HostEvent.Problem {
        var problem =
            (error as? LuaError).map { luaError in
                HostEvent.Problem(kind, luaError) { [program] file, line in program.sourceLine(line, ofFile: file) }
            } ?? .init(kind, message: String(describing: error))
        problem.file = problem.file ?? file
        problem.module = module
        return problem
    }
}

extension LiveHost: ToolTarget {
    public var toolContext: LiveContext? { devices[0].context }

    public var runFolder: URL? { program.runFolder }

    public func toolFiles() -> [(chunk: String, path: String)] {
        program.files().compactMap { file in program.fileURL(of: file).map { (program.displayPath(file), $0.path) } }
    }

    public func relaunch() { restart(reason: "launched by the debugger") }

    public func answerWhileHeld(_ request: ConsoleRequest) { answer(request, layout: false) }

    /// Keys and interrupts wait for the caller's next `handleEvents`.
    public func handleMessages(until deadline: ContinuousClock.Instant) {
        setAside += handleEvents(until: deadline)
    }

    public func attach(_ tool: HostTool) { tools.append(tool) }

    public func detach(_ tool: HostTool) { tools.removeAll { $0 === tool } }
}
