import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// What the console, the preview page and the CLI ask of the host: chunks to run, knobs,
/// recordings and screen input, each on the host's thread.
extension LiveHost {
    // MARK: Console

    /// The console command that restarts the program, as the r key does.
    static let restartCommand = ":restart"

    /// The console command that sets a knob: `:param spacing=12`.
    static let knobCommand = ":param "

    /// Runs a console chunk in the first device's context, as a turn of its run loop (a layout
    /// pass after it); what it prints is shown as usual and also given back with the reply.
    func answer(_ request: ConsoleRequest, layout: Bool = true) {
        let command = request.code.trimmingCharacters(in: .whitespacesAndNewlines)
        if command == Self.restartCommand, layout {
            restart(reason: "\(Self.restartCommand) from the console")
            request.answer(.init(outcome: .values(["restarted"]), output: []))
            return
        }
        if command.hasPrefix(Self.knobCommand), layout {
            do {
                let (name, value) = try KnobStore.assignment(String(command.dropFirst(Self.knobCommand.count)))
                let set = try setKnob(name, to: value)
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
    public func setKnob(_ name: String, to text: String) throws(KnobError) -> KnobStore.Value {
        let value = try knobs.set(name, to: text)
        screenGeneration += 1
        for device in devices {
            guard device.started, let context = device.context else { continue }
            let file = "rebound.param(\"\(name)\")"
            guard let knob = knobs.declared.first(where: { $0.name == name }),
                let shown = try? KnobScript.luaValue(value, of: knob, in: context.world)
            else { continue }
            _ = post("system.did_change_param", [.string(name), shown], file: file, on: device, in: context)
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
            send(.warning("cannot write the recording to \(path): \(error.localizedDescription)"))
            return nil
        }
        send(
            .notice(
                "recorded \(recorder.count) gesture\(recorder.count == 1 ? "" : "s") and edits to \(path)", file: path))
        return url
    }

    /// Hands what the page sent to its place: a screen's input to that device's world, a
    /// command to the host.
    public func route(_ input: PageInput) {
        switch input {
        case .screen(let input): apply(input)
        case .command(let command): perform(command)
        }
    }

    /// What the page asks of the host: a knob set (every device hears it), a recording started
    /// or written.
    public func perform(_ command: HostCommand) {
        switch command {
        case .setKnob(let name, let value):
            do {
                let accepted = try setKnob(name, to: value)  // not in the chain: it runs without a recorder
                recorder?.noteKnob(name, setTo: accepted)
            } catch {
                send(.warning("the preview's knob: \(error.description)"))
            }
        case .record(let on):
            if on { startRecording() } else { finishRecording() }
        }
    }

    /// What a person did on a preview screen, in order, on that device's world with its clock
    /// brought up to now; then a layout pass, and the screen is drawn again. What a script does
    /// in answer reports its own errors; input that cannot apply (an eleventh finger) is a
    /// warning, and changes nothing.
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
                try action.deliver(to: world.input)
            } catch let error as LuaError {
                var problem = self.problem(.runtimeError, error)
                problem.context = "in the preview's input"
                send(.problem(problem), on: device)
            } catch {
                send(.warning("the preview's input: \(error)"), on: device)
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
}
