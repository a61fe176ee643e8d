import Foundation
import HeadlessUI
import LiveHost
import LuaRuntime
import ObjectBridge

/// The host's side of a Debug Adapter Protocol client: it turns requests into the runtime's
/// debugger (`LuaDebugger`) and its stops into events, on the host's thread.
///
/// The debugger is attached only while a client is: without one the program runs without a
/// hook. While the program is held at a stop, this session's loop takes the mailbox's
/// messages: debug requests are answered, console chunks run (without the layout pass they
/// would otherwise get: the program is in the middle of one), and everything else (saves,
/// keys) waits until the program goes on; Ctrl-C lets it go on at once, to be interrupted.
/// Breakpoints are kept by file and line and given to each new context and, after a save, to
/// the reloaded functions; function breakpoints are found again in the saved sources.
public final class DebugSession: HostTool {
    /// The program's files, display path (chunk name) and absolute path: listed once, and again
    /// after a save or when a path is not among them (output events ask for each print).
    var knownFiles: [(display: String, path: String)]?
    let server: DebugServer
    unowned let target: ToolTarget
    var connected = false
    /// Whether the client sent `configurationDone` (its breakpoints are set).
    var isConfigured = false
    /// Whether the client asked to launch: the program starts afresh once it is configured.
    var launching = false
    var breakpoints = DebugBreakpoints()
    /// The files whose breakpoints the runtime has (to clear those the client removed).
    var filesSent: Set<String> = []
    var exceptionFilters: Set<String> = []
    var debugger: LuaDebugger?
    var held: LuaStop?
    var resumed = false
    var deferred: [HostMailbox.Message] = []
    let variables = DebugVariables()

    init(server: DebugServer, target: ToolTarget) {
        self.server = server
        self.target = target
    }

    /// Serves a debugger for `target` at `address` and attaches it, before the program starts so
    /// that a client can stop the start. On TCP the client gives the token (`token`), also
    /// written to the target's run folder (`debug-token`).
    public static func serve(at address: DebugAddress, for target: ToolTarget) throws(DebugServerError)
        -> DebugSession
    {
        let server = try DebugServer(
            address: address, mailbox: target.mailbox,
            tokenFile: target.runFolder?.appendingPathComponent("debug-token").path)
        server.start()
        let session = DebugSession(server: server, target: target)
        target.attach(session)
        return session
    }

    /// Where the debugger is served (with the port chosen, for port 0).
    public var address: DebugAddress { server.address }
    /// The secret a client gives on a TCP port (nil on a Unix socket).
    public var token: String? { server.token }

    /// Handles the target's messages until a client has configured the session (its
    /// breakpoints set) or `timeout` passes; returns whether it is configured.
    public func waitUntilConfigured(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isConfigured, ContinuousClock.now < deadline { target.handleMessages(until: deadline) }
        return isConfigured
    }

    /// Answers what the client sent last, tells it the run is over, and detaches.
    public func finish() {
        target.handleMessages(until: .now)
        end()
        target.detach(self)
    }

    // MARK: The host's news

    /// A new Lua context started (or is about to run its start module): the debugger moves to it.
    public func contextStarted(_ context: LiveContext) {
        guard connected else { return }
        debugger?.detach()
        debugger = context.bridge.state.attachDebugger { [unowned self] stop in stopped(stop) }
        filesSent = []
        applyBreakpoints()
        applyExceptionFilters()
    }

    /// Saved sources were reloaded: function breakpoints are looked up again.
    public func sourcesChanged() {
        knownFiles = nil  // a save may have added or removed a file
        guard connected, !breakpoints.functions.isEmpty else { return }
        let changed = breakpoints.resolveFunctions(in: sources())
        for function in changed {
            server.event("breakpoint", DAPBodies.BreakpointChanged(breakpoint: describe(function)))
        }
        if !changed.isEmpty { applyBreakpoints() }
    }

    /// What the program prints, its errors, and its screen showing no error again, as the
    /// client's output.
    public func told(_ event: HostEvent) {
        guard connected else { return }
        switch event {
        case .print(let text, let file, let line):
            output("stdout", text, at: file, line: line)
        case .problem(let problem) where problem.isError:
            let text = [problem.message, problem.traceback].compactMap { $0 }.joined(separator: "\n")
            output("stderr", text, at: problem.file, line: problem.line)
        case .status(.healthy):
            output("console", "The screen runs without errors again.")
        default:
            return
        }
    }

    /// A line of output for the client, with the place in the program it came from.
    func output(_ category: String, _ text: String, at file: String? = nil, line: Int? = nil) {
        var body = DAPBodies.Output(category: category, output: text + "\n")
        if let file, let path = absolutePath(ofDisplay: file) {
            body.source = DAPBodies.Source(path: path)
            body.line = line
        }
        server.event("output", body)
    }

    /// The host stops: the client hears that the program terminated.
    public func end() {
        if connected { server.event("terminated") }
        held?.resume(.continue)
        resumed = true
        debugger?.detach()
        debugger = nil
        server.stop()
    }

    // MARK: Messages

    public func handle(_ message: any HostToolMessage) {
        guard let message = message as? DebugMessage else { return }
        switch message {
        case .connected:
            connected = true
            launching = false
            breakpoints = DebugBreakpoints()
            exceptionFilters = []
            if let context = target.toolContext { contextStarted(context) }
        case .disconnected:
            release()
        case .request(let request):
            handle(request)
        }
    }

    /// The client is gone: the program runs on without a debugger.
    func release() {
        connected = false
        debugger?.detach()
        debugger = nil
        if let held {
            held.resume(.continue)
            resumed = true
        }
    }

    /// The request's arguments as `type`; nil, with an error answered, when they are malformed.
    func arguments<Arguments: Decodable>(_ type: Arguments.Type, of request: DebugRequest) -> Arguments? {
        do {
            return try request.arguments(as: type)
        } catch {
            server.respond(
                to: request, error: "malformed arguments of \(request.command): \(DecodingErrors.describe(error))")
            return nil
        }
    }

    func handle(_ request: DebugRequest) {
        switch request.command {
        case "initialize":
            server.respond(to: request, body: DAPBodies.Capabilities())
        case "launch", "attach":
            // Configuration requests come after `initialized`, so only once the client is admitted.
            launching = request.command == "launch"
            server.respond(to: request)
            server.event("initialized")
        case "configurationDone":
            isConfigured = true
            server.respond(to: request)
            if launching {
                launching = false
                target.relaunch()
            }
        case "setBreakpoints":
            arguments(DAPArguments.SetBreakpoints.self, of: request).map { setBreakpoints(request, $0) }
        case "setFunctionBreakpoints":
            guard let arguments = arguments(DAPArguments.SetFunctionBreakpoints.self, of: request) else { return }
            let made = breakpoints.setFunctions(from: arguments.breakpoints ?? [], sources: sources())
            applyBreakpoints()
            server.respond(to: request, body: DAPBodies.Breakpoints(breakpoints: made.map(describe)))
        case "setExceptionBreakpoints":
            guard let arguments = arguments(DAPArguments.SetExceptionBreakpoints.self, of: request) else { return }
            exceptionFilters = Set(arguments.filters ?? [])
            applyExceptionFilters()
            let verified = exceptionFilters.map { _ in DAPBodies.Breakpoint(verified: true) }
            server.respond(to: request, body: DAPBodies.Breakpoints(breakpoints: verified))
        case "threads":
            var threads = [DAPBodies.Thread(id: 1, name: "main")]
            if let held, !held.isMainThread { threads.append(.init(id: 2, name: "coroutine")) }
            server.respond(to: request, body: DAPBodies.Threads(threads: threads))
        case "stackTrace": arguments(DAPArguments.StackTrace.self, of: request).map { stackTrace(request, $0) }
        case "scopes": arguments(DAPArguments.Frame.self, of: request).map { scopes(request, $0) }
        case "variables": arguments(DAPArguments.Variables.self, of: request).map { variablesRequest(request, $0) }
        case "setVariable": arguments(DAPArguments.SetVariable.self, of: request).map { setVariable(request, $0) }
        case "evaluate": arguments(DAPArguments.Evaluate.self, of: request).map { evaluate(request, $0) }
        case "continue", "next", "stepIn", "stepOut":
            guard let held else {
                server.respond(to: request, error: "the program is not stopped")
                return
            }
            let how: LuaStop.Resumption =
                switch request.command {
                case "next": .stepOver
                case "stepIn": .stepIn
                case "stepOut": .stepOut
                default: .continue
                }
            held.resume(how)
            resumed = true
            if request.command == "continue" {
                server.respond(to: request, body: DAPBodies.Continued())
            } else {
                server.respond(to: request)
            }
        case "pause":
            target.toolContext?.bridge.state.interrupter.pause()
            server.respond(to: request)
        case "disconnect", "terminate":
            server.respond(to: request)
            release()
            server.dropClient()
        default:
            server.respond(to: request, error: "\(request.command) is not supported by Rebound's debugger")
        }
    }

    // MARK: Breakpoints

    func setBreakpoints(_ request: DebugRequest, _ arguments: DAPArguments.SetBreakpoints) {
        guard let path = arguments.source?.path else {
            server.respond(to: request, error: "setBreakpoints needs a source with a path")
            return
        }
        let requested = arguments.breakpoints ?? []
        guard let file = displayPath(ofAbsolute: path) else {
            // Not a file of the program: kept by the client, never hit.
            let refused = requested.map { spec in
                DAPBodies.Breakpoint(
                    verified: false, line: spec.line ?? 0, message: "\(path) is not a file of the program")
            }
            server.respond(to: request, body: DAPBodies.Breakpoints(breakpoints: refused))
            return
        }
        let made = breakpoints.setLines(of: file, from: requested)
        applyBreakpoints()
        let verified = made.map { DAPBodies.Breakpoint(id: $0.id, verified: true, line: $0.line) }
        server.respond(to: request, body: DAPBodies.Breakpoints(breakpoints: verified))
    }

    func describe(_ function: DebugBreakpoints.Function) -> DAPBodies.Breakpoint {
        var described = DAPBodies.Breakpoint(id: function.id, verified: !function.places.isEmpty)
        if let place = function.places.first, let path = absolutePath(ofDisplay: place.file) {
            described.line = place.line
            described.source = DAPBodies.Source(path: path)
        } else {
            described.message = "no function \(function.name) in the program's sources"
        }
        return described
    }

    func applyBreakpoints() {
        guard let debugger else { return }
        let wanted = breakpoints.byFile
        for file in filesSent.union(wanted.keys) {
            let lines = wanted[file]
            do {
                try debugger.setBreakpoints(
                    chunkName: "@" + file, lines: lines?.lines ?? [], functionLines: lines?.entries ?? [])
            } catch {
                output("important", "rebound: \(error.message)")
            }
        }
        filesSent = Set(wanted.keys)
    }

    func applyExceptionFilters() {
        debugger?.stopOnErrors(
            caught: exceptionFilters.contains("caught"), uncaught: exceptionFilters.contains("uncaught"))
    }
}
