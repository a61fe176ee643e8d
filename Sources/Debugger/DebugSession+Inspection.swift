import Foundation
import LiveHost
import LuaRuntime
import ObjectBridge

/// What a stopped program shows the editor: its threads, frames, scopes and variables, and
/// the source paths the editor and the host call files by.
extension DebugSession {
    // MARK: Inspection

    func stackTrace(_ request: DebugRequest, _ arguments: DAPArguments.StackTrace) {
        guard let held, arguments.threadId ?? 1 == (held.isMainThread ? 1 : 2) else {
            server.respond(to: request, body: DAPBodies.StackTrace(stackFrames: [], totalFrames: 0))
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
        let start = min(max(0, arguments.startFrame ?? 0), frames.count)
        let count = arguments.levels ?? 0
        let end = count > 0 && count < frames.count - start ? start + count : frames.count
        let shown = frames[start..<end]
        let described = shown.map { index, frame in
            guard let file = frame.chunkName.flatMap(Self.displayPath(ofChunk:)) else {
                return DAPBodies.StackFrame(
                    id: index + 1,
                    name: frame.isNative ? "[native] " + (frame.name ?? "function") : (frame.name ?? "chunk"),
                    line: frame.line ?? 0, column: frame.line == nil ? 0 : 1, presentationHint: "subtle")
            }
            let path = absolutePath(ofDisplay: file) ?? file
            return DAPBodies.StackFrame(
                id: index + 1,
                name: frame.lineDefined.flatMap { definedName(in: path, at: $0) } ?? frame.name
                    ?? (frame.lineDefined == 0 ? "main chunk" : "function"),
                line: frame.line ?? 0, column: frame.line == nil ? 0 : 1, source: DAPBodies.Source(path: path))
        }
        server.respond(to: request, body: DAPBodies.StackTrace(stackFrames: described, totalFrames: frames.count))
    }

    func scopes(_ request: DebugRequest, _ arguments: DAPArguments.Frame) {
        guard held != nil, let frame = Self.frameIndex(arguments.frameId) else {
            server.respond(to: request, error: "scopes needs the frameId of a stack frame of the stopped program")
            return
        }
        let scopes = [
            DAPBodies.Scope(
                name: "Locals", presentationHint: "locals",
                variablesReference: variables.handle(for: .locals(frame: frame)), expensive: false),
            DAPBodies.Scope(
                name: "Upvalues", variablesReference: variables.handle(for: .upvalues(frame: frame)), expensive: false),
            DAPBodies.Scope(name: "Globals", variablesReference: variables.handle(for: .globals), expensive: true),
        ]
        server.respond(to: request, body: DAPBodies.Scopes(scopes: scopes))
    }

    func variablesRequest(_ request: DebugRequest, _ arguments: DAPArguments.Variables) {
        guard let held, let context = target.toolContext, let handle = arguments.variablesReference,
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
        let described = listed.map { variables.variable($0.name, $0.value, in: context) }
        server.respond(to: request, body: DAPBodies.Variables(variables: described))
    }

    func setVariable(_ request: DebugRequest, _ arguments: DAPArguments.SetVariable) {
        guard let held, let context = target.toolContext, let handle = arguments.variablesReference,
            let container = variables.container(handle), let name = arguments.name, let expression = arguments.value
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
        described.name = nil
        server.respond(to: request, body: described)
    }

    /// A table key as the variables view shows it: `name`, or `[1]`, `["a b"]`.
    static func tableKey(_ shown: String) -> LuaValue {
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
    func definedName(in path: String, at line: Int) -> String? {
        guard line > 0, let data = FileManager.default.contents(atPath: path),
            let source = SourceLines.line(line, of: data)
        else { return nil }
        return DebugBreakpoints.definedName(in: source)
    }

    // MARK: Paths

    /// The frame a request's `frameId` names (ids start at 1), if it names one.
    static func frameIndex(_ frameId: Int?) -> Int? {
        guard let id = frameId, id >= 1 else { return nil }
        return id - 1
    }

    static func displayPath(ofChunk chunk: String) -> String? {
        chunk.hasPrefix("@") ? String(chunk.dropFirst()) : nil
    }

    func files(refresh: Bool = false) -> [(display: String, path: String)] {
        if refresh || knownFiles == nil {
            knownFiles = target.toolFiles().map {
                ($0.chunk, URL(fileURLWithPath: $0.path).resolvingSymlinksInPath().path)
            }
        }
        return knownFiles ?? []
    }

    func absolutePath(ofDisplay display: String) -> String? {
        files().first { $0.display == display }?.path ?? files(refresh: true).first { $0.display == display }?.path
    }

    func displayPath(ofAbsolute path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return files().first { $0.path == resolved }?.display
            ?? files(refresh: true).first { $0.path == resolved }?.display
    }

    /// The program's Lua sources, for function breakpoints.
    func sources() -> [(file: String, text: String)] {
        files().filter { $0.path.hasSuffix(".lua") }.compactMap { file in
            (try? String(contentsOfFile: file.path, encoding: .utf8)).map { (file.display, $0) }
        }
    }
}
