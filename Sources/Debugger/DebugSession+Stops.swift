import Foundation
import LiveHost
import LuaRuntime
import ObjectBridge

/// Stopping the program (breakpoints, steps, exceptions, pauses) and evaluating in a stopped
/// frame.
extension DebugSession {
    // MARK: Stops

    /// The runtime's stop: decides whether it holds (conditions, hit counts, logpoints), then
    /// holds the program until the client lets it go on.
    func stopped(_ stop: LuaStop) -> Bool {
        guard connected, let context = target.toolContext else { return false }
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

    func hold(_ stop: LuaStop, reason: String, text: String?, hitIDs: [Int]) {
        held = stop
        resumed = false
        var body = DAPBodies.Stopped(reason: reason, threadId: stop.isMainThread ? 1 : 2)
        if let text { (body.text, body.description) = (text, "Error: " + text) }
        if !hitIDs.isEmpty { body.hitBreakpointIds = hitIDs }
        server.event("stopped", body)
        while !resumed {
            var batch = target.mailbox.take(until: nil)[...]
            while let message = batch.popFirst() {
                if resumed {
                    deferred.append(message)
                    continue
                }
                switch message {
                case .tool(let message as DebugMessage): handle(message)  // another tool's waits (deferred)
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

    func conditionHolds(_ condition: String, _ stop: LuaStop, _ context: LiveContext) -> Bool {
        switch evaluate(condition, frame: 0, of: stop, in: context) {
        case .values(let values): return values.first?.isTruthy ?? false
        case .incomplete, .failed:
            // A condition that cannot be evaluated stops, and says why.
            output("important", "rebound: the breakpoint condition \"\(condition)\" failed")
            return true
        }
    }

    /// A logpoint's message: `{expression}` parts are evaluated in the frame.
    func log(_ message: String, at file: String, line: Int, _ stop: LuaStop, _ context: LiveContext) {
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
        output("console", text, at: file, line: line)
    }

    // MARK: Evaluation

    /// Runs `code` with the frame's locals and upvalues in scope, writing back the ones it sets.
    func evaluate(_ code: String, frame: Int, of stop: LuaStop, in context: LiveContext)
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

    func evaluate(_ request: DebugRequest, _ arguments: DAPArguments.Evaluate) {
        guard let expression = arguments.expression, let context = target.toolContext else {
            server.respond(to: request, error: "evaluate needs an expression and a running program")
            return
        }
        let frame = Self.frameIndex(arguments.frameId)
        if arguments.frameId != nil, frame == nil {
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
                server.respond(
                    to: request,
                    body: DAPBodies.Evaluated(result: values.joined(separator: ", "), variablesReference: 0))
            case .incomplete: server.respond(to: request, error: "the expression is incomplete")
            case .failed(let message, _): server.respond(to: request, error: message)
            }
            return
        }
        switch outcome {
        case .values(let values):
            let result = values.map { context.console.format($0) }.joined(separator: ", ")
            let reference = values.count == 1 ? variables.reference(for: values[0], in: context) : 0
            server.respond(to: request, body: DAPBodies.Evaluated(result: result, variablesReference: reference))
        case .incomplete: server.respond(to: request, error: "the expression is incomplete")
        case .failed(let message, _): server.respond(to: request, error: message)
        }
    }
}
