import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A device's program started (or restarted) in a fresh context, and its layout reported.
extension LiveHost {
    // MARK: Contexts

    /// Starts the program on `device` in a fresh context; with a reason, as a restart.
    func startContext(on device: DeviceRunner, restartingFor reason: String? = nil) {
        let start = beginTurn(on: device)
        endContext(on: device)  // the old context closes before the new one opens
        device.clockSynced = options.followsRealTime ? start.time : nil
        device.started = false
        do {
            let foundation = FoundationSettings(
                locale: options.locale ?? program.project?.locale ?? "en_US_POSIX",
                timeZone: options.timeZone ?? program.project?.timeZone ?? "UTC",
                defaultsFile: program.defaultsFile)
            let context = try LiveContext(
                program: program, profile: device.profile, options: options.lua,
                foundation: foundation, services: options.worldServices, resourceSizeLimit: options.resourceSizeLimit,
                knobs: knobs,
                diagnostics: { [unowned self, unowned device] in self.diagnose($0, on: device) },
                output: { [unowned self, unowned device] text, location in
                    self.consoleOutput?.append(text)
                    self.send(.print(text, file: location?.source, line: location?.line), on: device)
                })
            device.context = context
            if device === devices[0] { for tool in tools { tool.contextStarted(context) } }
            interrupter.track(devices.compactMap { $0.context?.bridge.state.interrupter })
            try context.start(program.startModule, asAppDelegate: program.startsWithAppDelegate)
            device.started = true
            let started = turn(
                since: start, file: context.modules.displayPath(program.startPath), module: program.startModule,
                on: device, in: context)
            send(reason.map { .restarted(started, reason: $0) } ?? .started(started), on: device)
        } catch {
            let syntax = (error as? LuaError)?.kind == .syntax
            var problem = self.problem(syntax ? .syntaxError : .runtimeError, error, module: program.startModule)
            problem.context =
                options.runsOnce
                ? "the program did not start, so the run ended"
                : "the program is stopped until the next save, or a restart with the r key"
            send(.problem(problem), on: device)
        }
    }

    func diagnose(_ diagnostic: BridgeDiagnostic, on device: DeviceRunner) {
        switch diagnostic.severity {
        case .notice: send(.notice(diagnostic.message), on: device)
        case .warning: send(.warning(diagnostic.message), on: device)
        case .error:
            let kind: HostEvent.Problem.Kind = diagnostic.inHandler ? .handlerError : .runtimeError
            var problem =
                diagnostic.scriptError.map { self.problem(kind, $0) }
                ?? HostEvent.Problem(kind, message: diagnostic.message)
            problem.context = "in \(diagnostic.message)"
            send(.problem(problem), on: device)
        }
    }

    /// The first device's screen layout now, as an event.
    public func layoutEvent() -> HostEvent { layoutEvent(on: devices[0]) }

    /// Reports each device's screen layout now (the `l` key, `--once`).
    public func reportLayouts() {
        for device in devices { publish(layoutEvent(on: device), on: device) }
    }

    func layoutEvent(on device: DeviceRunner) -> HostEvent {
        guard device.started, let world = device.context?.world else {
            return .warning("nothing is running: the program is stopped until the next save")
        }
        return .layout(screen: world.screen.profile.description, views: LayoutDump.entries(of: world))
    }
}
