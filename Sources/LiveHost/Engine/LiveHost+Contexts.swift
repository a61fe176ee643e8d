import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A device's program started (or restarted) in a fresh context, and its layout reported.
extension LiveHost {
    // MARK: Contexts

    func startContext(on device: DeviceRunner, kind: HostEvent.Kind, reason: String?) {
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
                foundation: foundation, services: options.worldServices, resourceSizeLimit: options.resourceSizeLimit,
                knobs: knobs,
                diagnostics: { [unowned self, unowned device] in self.diagnose($0, on: device) },
                output: { [unowned self, unowned device] text, location in
                    self.consoleOutput?.append(text)
                    self.send(
                        HostEvent(
                            kind: .print, file: location?.source, message: text,
                            line: location?.line), on: device)
                })
            device.context = context
            if device === devices[0] { for tool in tools { tool.contextStarted(context) } }
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

    func diagnose(_ diagnostic: BridgeDiagnostic, on device: DeviceRunner) {
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

    func layoutEvent(on device: DeviceRunner) -> HostEvent {
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
}
