import Foundation
import HeadlessUI
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
final class DebugSession {
    private let server: DebugServer
    private unowned let target: DebugTarget
    private var connected = false
    /// Whether the client sent `configurationDone` (its breakpoints are set).
    private(set) var isConfigured = false
    /// Whether the client asked to launch: the program starts afresh once it is configured.
    private var launching = false
    private var breakpoints = DebugBreakpoints()
    /// The files whose breakpoints the runtime has (to clear those the client removed).
    private var filesSent: Set<String> = []
    private var exceptionFilters: Set<String> = []
    private var debugger: LuaDebugger?
    private var held: LuaStop?
    private var resumed = false
    private var deferred: [HostMailbox.Message] = []
    private let variables = DebugVariables()

    init(server: DebugServer, target: DebugTarget) {
        self.server = server
        self.target = target
    }

    var address: DebugAddress { server.address }
    var token: String? { server.token }

    // MARK: The host's news

    /// A new Lua context started (or is about to run its start module): the debugger moves to it.
    func contextStarted(_ context: LiveContext) {
        guard connected else { return }
        debugger?.detach()
        debugger = context.bridge.state.attachDebugger { [unowned self] stop in stopped(stop) }
        filesSent = []
        applyBreakpoints()
        applyExceptionFilters()
    }

    /// Saved sources were reloaded: function breakpoints are looked up again.
    func sourcesChanged() {
        knownFiles = nil  // a save may have added or removed a file
        guard connected, !breakpoints.functions.isEmpty else { return }
        let changed = breakpoints.resolveFunctions(in: sources())
        for function in changed {
            server.event("breakpoint", ["reason": "changed", "breakpoint": describe(function)])
        }
        if !changed.isEmpty { applyBreakpoints() }
    }

    /// What the program prints, and its errors, as the client's output.
    func output(_ event: HostEvent) {
        guard connected else { return }
        var body: [String: Any]
        switch event.kind {
        case .print:
            body = ["category": "stdout", "output": (event.message ?? "") + "\n"]
        case _ where event.isError:
            let problem = event.problem
            let text = [problem?.message ?? event.message, problem?.traceback].compactMap { $0 }.joined(separator: "\n")
            body = ["category": "stderr", "output": text + "\n"]
        default:
            return
        }
        if let file = event.file ?? event.problem?.file, let path = absolutePath(ofDisplay: file) {
            body["source"] = ["name": (path as NSString).lastPathComponent, "path": path]
            if let line = event.line ?? event.problem?.line { body["line"] = line }
        }
        server.event("output", body)
    }

    /// The host stops: the client hears that the program terminated.
    func end() {
        if connected { server.event("terminated") }
        held?.resume(.continue)
        resumed = true
        debugger?.detach()
        debugger = nil
        server.stop()
    }

    // MARK: Messages

    func handle(_ message: DebugMessage) {
        switch message {
        case .connected:
            connected = true
            launching = false
            breakpoints = DebugBreakpoints()
            exceptionFilters = []
            if let context = target.debugContext { contextStarted(context) }
        case .disconnected:
            release()
        case .request(let request):
            handle(request)
        }
    }

    /// The client is gone: the program runs on without a debugger.
    private func release() {
        connected = false
        debugger?.detach()
        debugger = nil
        if let held {
            held.resume(.continue)
            resumed = true
        }
    }

    private func handle(_ request: DebugRequest) {
        let arguments = request.arguments
        switch request.command {
        case "initialize":
            server.respond(to: request, body: Self.capabilities)
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
        case "setBreakpoints": setBreakpoints(request, arguments)
        case "setFunctionBreakpoints":
            let made = breakpoints.setFunctions(
                from: arguments["breakpoints"] as? [[String: Any]] ?? [], sources: sources())
            applyBreakpoints()
            server.respond(to: request, body: ["breakpoints": made.map(describe)])
        case "setExceptionBreakpoints":
            exceptionFilters = Set(arguments["filters"] as? [String] ?? [])
            applyExceptionFilters()
            server.respond(
                to: request, body: ["breakpoints": exceptionFilters.sorted().map { _ in ["verified": true] }])
        case "threads":
            var threads: [[String: Any]] = [["id": 1, "name": "main"]]
            if let held, !held.isMainThread { threads.append(["id": 2, "name": "coroutine"]) }
            server.respond(to: request, body: ["threads": threads])
        case "stackTrace": stackTrace(request, arguments)
        case "scopes": scopes(request, arguments)
        case "variables": variablesRequest(request, arguments)
        case "setVariable": setVariable(request, arguments)
        case "evaluate": evaluate(request, arguments)
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
            server.respond(to: request, body: request.command == "continue" ? ["allThreadsContinued": true] : nil)
        case "pause":
            target.debugContext?.bridge.state.interrupter.pause()
            server.respond(to: request)
        case "disconnect", "terminate":
            server.respond(to: request)
            release()
            server.dropClient()
        default:
            server.respond(to: request, error: "\(request.command) is not supported by Rebound's debugger")
        }
    }

    private static var capabilities: [String: Any] {
        [
            "supportsConfigurationDoneRequest": true,
            "supportsConditionalBreakpoints": true,
            "supportsHitConditionalBreakpoints": true,
            "supportsLogPoints": true,
            "supportsFunctionBreakpoints": true,
            "supportsSetVariable": true,
            "supportsEvaluateForHovers": true,
            "supportsTerminateRequest": true,
            "exceptionBreakpointFilters": [
                [
                    "filter": "uncaught", "label": "Uncaught errors", "description": "Errors no pcall catches",
                    "default": true,
                ],
                [
                    "filter": "caught", "label": "Caught errors",
                    "description": "Errors a script's pcall or xpcall catches",
                    "default": false,
                ],
            ],
        ]
    }

    // MARK: Breakpoints

    private func setBreakpoints(_ request: DebugRequest, _ arguments: [String: Any]) {
        let source = arguments["source"] as? [String: Any] ?? [:]
        guard let path = source["path"] as? String else {
            server.respond(to: request, error: "setBreakpoints needs a source with a path")
            return
        }
        let requested = arguments["breakpoints"] as? [[String: Any]] ?? []
        guard let file = displayPath(ofAbsolute: path) else {
            // Not a file of the program: kept by the client, never hit.
            let refused = requested.map { spec -> [String: Any] in
                ["verified": false, "line": spec["line"] ?? 0, "message": "\(path) is not a file of the program"]
            }
            server.respond(to: request, body: ["breakpoints": refused])
            return
        }
        let made = breakpoints.setLines(of: file, from: requested)
        applyBreakpoints()
        server.respond(
            to: request, body: ["breakpoints": made.map { ["id": $0.id, "verified": true, "line": $0.line] }])
    }

    private func describe(_ function: DebugBreakpoints.Function) -> [String: Any] {
        var described: [String: Any] = ["id": function.id, "verified": !function.places.isEmpty]
        if let place = function.places.first, let path = absolutePath(ofDisplay: place.file) {
            described["line"] = place.line
            described["source"] = ["name": (path as NSString).lastPathComponent, "path": path]
        } else {
            described["message"] = "no function \(function.name) in the program's sources"
        }
        return described
    }

    private func applyBreakpoints() {
        guard let debugger else { return }
        let wanted = breakpoints.byFile
        for file in filesSent.union(wanted.keys) {
            let lines = wanted[file]
            do {
                try debugger.setBreakpoints(
                    chunkName: "@" + file, lines: lines?.lines ?? [], functionLines: lines?.entries ?? [])
            } catch {
                server.event("output", ["category": "important", "output": "rebound: \(error.message)\n"])
            }
        }
        filesSent = Set(wanted.keys)
    }

    private func applyExceptionFilters() {
        debugger?.stopOnErrors(
            caught: exceptionFilters.contains("caught"), uncaught: exceptionFilters.contains("uncaught"))
    }

    // MARK: Stops

    /// The runtime's stop: decides whether it holds (conditions, hit counts, logpoints), then
    /// holds the program until the client lets it go on.
    private func stopped(_ stop: LuaStop) -> Bool {
        guard connected, let context = target.debugContext else { return false }
        let top = stop.frames().first
        let file = top?.chunkName.flatMap(Self.displayPath(ofChunk:))
        var reason: String
        var text: String?
        var hitIDs: [Int] = []
        switch stop.reason {
        case .breakpoint:
            guard let file, let line = top?.line else { return false }
            for breakpoint in breakpoints.hitLines(of: file, at: line) {
                if let hitCondition = breakpoint.hitCondition {
                    guard let holds = DebugBreakpoints.hitConditionHolds(hitCondition, hits: breakpoint.hits) else {
                        server.event(
                            "output",
                            [
                                "category": "important",
                                "output": "rebound: cannot read the hit condition \"\(hitCondition)\"\n",
                            ])
                        continue
                    }
                    guard holds else { continue }
                }
                if let condition = breakpoint.condition, !conditionHolds(condition, stop, context) { continue }
                if let message = breakpoint.logMessage {
                    log(message, at: file, line: line, stop, context)
                    continue
                }
                hitIDs.append(breakpoint.id)
            }
            guard !hitIDs.isEmpty else { return false }
            reason = "breakpoint"
        case .functionBreakpoint:
            guard let file, let defined = top?.lineDefined else { return false }
            for function in breakpoints.hitFunctions(of: file, definedAt: defined) {
                if let condition = function.condition, !conditionHolds(condition, stop, context) { continue }
                hitIDs.append(function.id)
            }
            guard !hitIDs.isEmpty else { return false }
            reason = "function breakpoint"
        case .step: reason = "step"
        case .pause: reason = "pause"
        case .exception:
            reason = "exception"
            text = stop.raisedError().map { $0.stringValue ?? context.console.format($0) }
        }
        hold(stop, reason: reason, text: text, hitIDs: hitIDs)
        return true
    }

    private func hold(_ stop: LuaStop, reason: String, text: String?, hitIDs: [Int]) {
        held = stop
        resumed = false
        var body: [String: Any] = ["reason": reason, "threadId": stop.isMainThread ? 1 : 2, "allThreadsStopped": true]
        if let text {
            body["text"] = text
            body["description"] = "Error: " + text
        }
        if !hitIDs.isEmpty { body["hitBreakpointIds"] = hitIDs }
        server.event("stopped", body)
        while !resumed {
            var batch = target.mailbox.take(until: nil)[...]
            while let message = batch.popFirst() {
                if resumed {
                    deferred.append(message)
                    continue
                }
                switch message {
                case .debug(let debugMessage): handle(debugMessage)
                case .evaluate(let request): target.answerWhileHeld(request)
                case .interrupt:
                    deferred.append(message)
                    stop.resume(.continue)
                    resumed = true
                default: deferred.append(message)
                }
            }
        }
        held = nil
        variables.reset()
        let waiting = deferred
        deferred = []
        for message in waiting { target.mailbox.post(message) }
    }

    private func conditionHolds(_ condition: String, _ stop: LuaStop, _ context: LiveContext) -> Bool {
        switch evaluate(condition, frame: 0, of: stop, in: context) {
        case .values(let values): return values.first?.isTruthy ?? false
        case .incomplete, .failed:
            // A condition that cannot be evaluated stops, and says why.
            server.event(
                "output",
                ["category": "important", "output": "rebound: the breakpoint condition \"\(condition)\" failed\n"])
            return true
        }
    }

    /// A logpoint's message: `{expression}` parts are evaluated in the frame.
    private func log(_ message: String, at file: String, line: Int, _ stop: LuaStop, _ context: LiveContext) {
        var text = ""
        var rest = message[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let expression = String(rest[rest.index(after: open)..<close])
            switch evaluate(expression, frame: 0, of: stop, in: context) {
            case .values(let values):
                text += values.map { $0.stringValue ?? context.console.format($0) }.joined(separator: ", ")
            case .incomplete, .failed(_, _): text += "{\(expression): error}"
            }
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        var body: [String: Any] = ["category": "console", "output": text + "\n", "line": line]
        if let path = absolutePath(ofDisplay: file) {
            body["source"] = ["name": (path as NSString).lastPathComponent, "path": path]
        }
        server.event("output", body)
    }

    // MARK: Evaluation

    /// Runs `code` with the frame's locals and upvalues in scope, writing back the ones it sets.
    private func evaluate(_ code: String, frame: Int, of stop: LuaStop, in context: LiveContext)
        -> ConsoleEvaluator.RawOutcome
    {
        let state = context.bridge.state
        let scope =
            stop.upvalues(ofFrame: frame).filter { $0.name != "_ENV" }
            + stop.locals(ofFrame: frame).filter { $0.kind == .local }
        let prepared: (environment: LuaValue, values: LuaTable, changed: LuaTable)
        do {
            let names = try state.makeTable()
            let values = try state.makeTable()
            let changed = try state.makeTable()
            for variable in scope {
                try names.set(variable.name, .boolean(true))
                try values.set(variable.name, variable.value)
            }
            prepared = (
                try context.console.frameEnvironment(names: names, values: values, changed: changed), values, changed
            )
        } catch {
            return .failed(message: error.message, traceback: nil)
        }
        let outcome = context.console.run(code, chunkName: "=(evaluate)", environment: prepared.environment)
        for (key, _) in (try? prepared.changed.pairs()) ?? [] {
            guard let name = key.stringValue, let variable = scope.last(where: { $0.name == name }) else { continue }
            do {
                try stop.set(variable, ofFrame: frame, to: try prepared.values.get(name))
            } catch {
                return .failed(message: "\(name) could not be set: \(error.message)", traceback: nil)
            }
        }
        return outcome
    }

    private func evaluate(_ request: DebugRequest, _ arguments: [String: Any]) {
        guard let expression = arguments["expression"] as? String, let context = target.debugContext else {
            server.respond(to: request, error: "evaluate needs an expression and a running program")
            return
        }
        let frame = Self.frameIndex(arguments)
        if arguments["frameId"] != nil, frame == nil {
            server.respond(to: request, error: "frameId must be the id of a stack frame (from 1)")
            return
        }
        let outcome: ConsoleEvaluator.RawOutcome
        if let held, let frame {
            outcome = evaluate(expression, frame: frame, of: held, in: context)
        } else if held != nil {
            outcome = context.console.run(expression, chunkName: "=(evaluate)")
        } else {
            // Not stopped: a console chunk, with the layout pass that follows it.
            let reply = target.evaluate(expression, chunkName: "=(evaluate)")
            switch reply.outcome {
            case .values(let values):
                server.respond(to: request, body: ["result": values.joined(separator: ", "), "variablesReference": 0])
            case .incomplete: server.respond(to: request, error: "the expression is incomplete")
            case .failed(let message, _): server.respond(to: request, error: message)
            }
            return
        }
        switch outcome {
        case .values(let values):
            let result = values.map { context.console.format($0) }.joined(separator: ", ")
            let reference = values.count == 1 ? variables.reference(for: values[0], in: context) : 0
            server.respond(to: request, body: ["result": result, "variablesReference": reference])
        case .incomplete: server.respond(to: request, error: "the expression is incomplete")
        case .failed(let message, _): server.respond(to: request, error: message)
        }
    }

    // MARK: Inspection

    private func stackTrace(_ request: DebugRequest, _ arguments: [String: Any]) {
        let thread = (arguments["threadId"] as? NSNumber)?.intValue ?? 1
        guard let held, thread == (held.isMainThread ? 1 : 2) else {
            server.respond(to: request, body: ["stackFrames": [], "totalFrames": 0])
            return
        }
        // The user's frames only: native functions (a missing method's stub, xpcall) and
        // chunks of no file (the console's, Rebound's) are not theirs to step through. A stack
        // of none of theirs (an error in a console chunk) is shown whole. Ids stay the stack's
        // levels, as scopes and evaluate take them.
        let all = Array(held.frames().enumerated())
        let users = all.filter {
            !$0.element.isNative && $0.element.chunkName.flatMap(Self.displayPath(ofChunk:)) != nil
        }
        let frames = users.isEmpty ? all : users
        // The client's numbers are clamped to the stack (no arithmetic on them can overflow).
        let start = min(max(0, (arguments["startFrame"] as? NSNumber)?.intValue ?? 0), frames.count)
        let count = (arguments["levels"] as? NSNumber)?.intValue ?? 0
        let end = count > 0 && count < frames.count - start ? start + count : frames.count
        let shown = frames[start..<end]
        let described = shown.map { index, frame -> [String: Any] in
            var entry: [String: Any] = ["id": index + 1, "line": frame.line ?? 0, "column": frame.line == nil ? 0 : 1]
            guard let file = frame.chunkName.flatMap(Self.displayPath(ofChunk:)) else {
                entry["name"] = frame.isNative ? "[native] " + (frame.name ?? "function") : (frame.name ?? "chunk")
                entry["presentationHint"] = "subtle"
                return entry
            }
            let path = absolutePath(ofDisplay: file) ?? file
            entry["name"] =
                frame.lineDefined.flatMap { definedName(in: path, at: $0) } ?? frame.name
                ?? (frame.lineDefined == 0 ? "main chunk" : "function")
            entry["source"] = ["name": (path as NSString).lastPathComponent, "path": path]
            return entry
        }
        server.respond(to: request, body: ["stackFrames": described, "totalFrames": frames.count])
    }

    private func scopes(_ request: DebugRequest, _ arguments: [String: Any]) {
        guard held != nil, let frame = Self.frameIndex(arguments) else {
            server.respond(to: request, error: "scopes needs the frameId of a stack frame of the stopped program")
            return
        }
        server.respond(
            to: request,
            body: [
                "scopes": [
                    [
                        "name": "Locals", "presentationHint": "locals",
                        "variablesReference": variables.handle(for: .locals(frame: frame)),
                        "expensive": false,
                    ],
                    [
                        "name": "Upvalues", "variablesReference": variables.handle(for: .upvalues(frame: frame)),
                        "expensive": false,
                    ],
                    ["name": "Globals", "variablesReference": variables.handle(for: .globals), "expensive": true],
                ]
            ])
    }

    private func variablesRequest(_ request: DebugRequest, _ arguments: [String: Any]) {
        guard let held, let context = target.debugContext,
            let handle = (arguments["variablesReference"] as? NSNumber)?.intValue,
            let container = variables.container(handle)
        else {
            server.respond(to: request, error: "no such variables (the program went on, or it is not stopped)")
            return
        }
        let listed: [(name: String, value: LuaValue)]
        switch container {
        case .locals(let frame): listed = held.locals(ofFrame: frame).map { ($0.name, $0.value) }
        case .upvalues(let frame): listed = held.upvalues(ofFrame: frame).map { ($0.name, $0.value) }
        case .globals:
            listed = (try? context.bridge.state.globals()).map { variables.children(of: .table($0), in: context) } ?? []
        case .value(let value): listed = variables.children(of: value, in: context)
        }
        server.respond(
            to: request, body: ["variables": listed.map { variables.variable($0.name, $0.value, in: context) }])
    }

    private func setVariable(_ request: DebugRequest, _ arguments: [String: Any]) {
        guard let held, let context = target.debugContext,
            let handle = (arguments["variablesReference"] as? NSNumber)?.intValue,
            let container = variables.container(handle), let name = arguments["name"] as? String,
            let expression = arguments["value"] as? String
        else {
            server.respond(
                to: request, error: "setVariable needs a variable of a stopped program, its name and a value")
            return
        }
        let frame: Int
        switch container {
        case .locals(let at), .upvalues(let at): frame = at
        default: frame = 0
        }
        guard case .values(let values) = evaluate(expression, frame: frame, of: held, in: context) else {
            server.respond(to: request, error: "\(expression) cannot be evaluated")
            return
        }
        let value = values.first ?? .nil
        do {
            switch container {
            case .locals(let at):
                guard let variable = held.locals(ofFrame: at).last(where: { $0.name == name }) else {
                    throw LuaError(kind: .runtime, message: "no local \(name)")
                }
                try held.set(variable, ofFrame: at, to: value)
            case .upvalues(let at):
                guard let variable = held.upvalues(ofFrame: at).first(where: { $0.name == name }) else {
                    throw LuaError(kind: .runtime, message: "no upvalue \(name)")
                }
                try held.set(variable, ofFrame: at, to: value)
            case .globals:
                try context.bridge.state.globals().set(name, value)
            case .value(.table(let table)):
                try table.set(Self.tableKey(name), value)
            case .value(let object):
                // A property or script field, set as a script would set it.
                let assign = try context.bridge.state.load(
                    "local object, name, value = ...; object[name] = value",
                    chunkName: "=(setVariable)")
                _ = try assign.call(object, Self.tableKey(name), value)
            }
        } catch {
            server.respond(to: request, error: "\(name) could not be set: \(error)")
            return
        }
        var described = variables.variable(name, value, in: context)
        described["name"] = nil
        server.respond(to: request, body: described)
    }

    /// A table key as the variables view shows it: `name`, or `[1]`, `["a b"]`.
    private static func tableKey(_ shown: String) -> LuaValue {
        guard shown.hasPrefix("["), shown.hasSuffix("]") else { return .string(shown) }
        let inner = String(shown.dropFirst().dropLast())
        if let integer = Int64(inner) { return .integer(integer) }
        if inner.hasPrefix("\""), inner.hasSuffix("\""), inner.count >= 2 {
            return .string(String(inner.dropFirst().dropLast()))
        }
        return .string(shown)
    }

    /// The name the function defined at `line` of the file has in its source (`Class:method`);
    /// callers from Swift give Lua no name for it.
    private func definedName(in path: String, at line: Int) -> String? {
        guard line > 0, let data = FileManager.default.contents(atPath: path),
            let source = SourceLines.line(line, of: data)
        else { return nil }
        return DebugBreakpoints.definedName(in: source)
    }

    // MARK: Paths

    /// The frame a request's `frameId` names (ids start at 1), if it names one.
    private static func frameIndex(_ arguments: [String: Any]) -> Int? {
        guard let id = (arguments["frameId"] as? NSNumber)?.intValue, id >= 1 else { return nil }
        return id - 1
    }

    private static func displayPath(ofChunk chunk: String) -> String? {
        chunk.hasPrefix("@") ? String(chunk.dropFirst()) : nil
    }

    /// The program's files, display path (chunk name) and absolute path: listed once, and again
    /// after a save or when a path is not among them (output events ask for each print).
    private var knownFiles: [(display: String, path: String)]?

    private func files(refresh: Bool = false) -> [(display: String, path: String)] {
        if refresh || knownFiles == nil {
            knownFiles = target.debugFiles().map {
                ($0.chunk, URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path)
            }
        }
        return knownFiles ?? []
    }

    private func absolutePath(ofDisplay display: String) -> String? {
        files().first { $0.display == display }?.path ?? files(refresh: true).first { $0.display == display }?.path
    }

    private func displayPath(ofAbsolute path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return files().first { $0.path == resolved }?.display
            ?? files(refresh: true).first { $0.path == resolved }?.display
    }

    /// The program's Lua sources, for function breakpoints.
    private func sources() -> [(file: String, text: String)] {
        files().filter { $0.path.hasSuffix(".lua") }.compactMap { file in
            (try? String(contentsOfFile: file.path, encoding: .utf8)).map { (file.display, $0) }
        }
    }
}
