import HeadlessUI
import LuaRuntime
import ObjectBridge

/// What a console does with a chunk typed or sent to it: `rebound eval`'s prompt, `rebound run
/// --console`, and the clients of the console socket.
///
/// Input is tried first as an expression (`1 + 1`, `host.window`; `=expr` as in Lua's own
/// console), then as statements. Chunks run under the state's time budget with `_ENV` a table
/// of their own that reads and writes the globals and adds `host` (`host.window`,
/// `host.rootViewController`, `host.restart()`), so the program's globals are the console's and nothing is added
/// to them. Results are formatted readably (`ConsoleFormatter`). Errors never escape: they are
/// outcomes.
public final class ConsoleEvaluator {
    /// How a chunk ended.
    public enum Outcome: Equatable, Sendable {
        /// It ran; what it returned, formatted, one string per value.
        case values([String])
        /// It is not finished yet (`function f()` without its `end`): more lines are needed.
        case incomplete
        /// It did not compile, or raised an error: Lua's message and the traceback.
        case failed(message: String, traceback: String?)
    }

    private let state: LuaState
    private let formatter: ConsoleFormatter
    private let environment: LuaValue

    /// Whether a chunk called `host.restart()`: the host restarts once the chunk is done, as
    /// the context it runs in cannot close under it.
    public var restartRequested: Bool { restart.requested }
    private let restart = RestartRequest()

    private final class RestartRequest {
        var requested = false
    }

    /// A console over the state of `world`, whose key window `host.window` is.
    public convenience init(world: UIWorld) throws {
        let keyWindow = try world.bridge.state.makeValueFunction(named: "host.window") { [unowned world] _ in
            [try world.bridge.value(for: world.window)]
        }
        try self.init(state: world.bridge.state, bridge: world.bridge, keyWindow: .function(keyWindow))
    }

    /// A console over a plain state (`rebound eval --bare`): no `host`.
    public convenience init(state: LuaState) throws {
        try self.init(state: state, bridge: nil, keyWindow: .nil)
    }

    private init(state: LuaState, bridge: ObjectBridge?, keyWindow: LuaValue) throws {
        self.state = state
        formatter = ConsoleFormatter(state: state, bridge: bridge)
        let make = try state.load(Self.environmentSource, chunkName: "=(rebound console)")
        let request = restart
        let restartFunction = try state.makeValueFunction(named: "host.restart") { _ in
            request.requested = true
            return []
        }
        environment = try make.call(.table(try state.globals()), keyWindow, .function(restartFunction)).first ?? .nil
    }

    /// Compiles and runs `input`; never throws. `chunkName` names it in messages (Lua's
    /// convention: `=name`, or `@path` for a file).
    public func evaluate(_ input: String, chunkName: String = "=console") -> Outcome {
        switch run(input, chunkName: chunkName) {
        case .values(let values): .values(values.map(formatter.format))
        case .incomplete: .incomplete
        case .failed(let message, let traceback): .failed(message: message, traceback: traceback)
        }
    }

    /// How a chunk ended, its values as Lua values (the debugger expands them).
    public enum RawOutcome {
        case values([LuaValue])
        case incomplete
        case failed(message: String, traceback: String?)
    }

    /// Runs `input` with `environment` as its `_ENV` (the console's own when nil).
    public func run(_ input: String, chunkName: String, environment: LuaValue? = nil) -> RawOutcome {
        let code = input.hasPrefix("=") ? "return " + input.dropFirst() : input
        let chunk: LuaFunction
        do {
            chunk = try compile("return " + code, chunkName: chunkName)
        } catch {
            do {
                chunk = try compile(code, chunkName: chunkName)
            } catch {
                // lua.c's test: the parser stopped at the end of the input.
                if error.kind == .syntax, error.message.hasSuffix("<eof>") { return .incomplete }
                return .failed(message: error.message, traceback: nil)
            }
        }
        do {
            return .values(try chunk.call(environment ?? self.environment))
        } catch {
            return .failed(message: error.message, traceback: error.traceback.map(HostEvent.Problem.userFrames))
        }
    }

    /// An environment for chunks run in a stack frame: names in `names` read and write
    /// `values` (the frame's variables, copied), and each one written is set in `changed`;
    /// every other name is the console's.
    public func frameEnvironment(names: LuaTable, values: LuaTable, changed: LuaTable) throws(LuaError) -> LuaValue {
        if frameEnvironmentMaker == nil {
            frameEnvironmentMaker = try state.load(Self.frameEnvironmentSource, chunkName: "=(rebound debugger)")
        }
        guard let make = frameEnvironmentMaker else { return .nil }
        return try make.call(environment, .table(names), .table(values), .table(changed)).first ?? .nil
    }

    /// Compiled on the first evaluation in a frame (breakpoint conditions run it at each hit).
    private var frameEnvironmentMaker: LuaFunction?

    /// Shows a value as the console does.
    public func format(_ value: LuaValue) -> String { formatter.format(value) }

    /// The chunk's first statement takes `_ENV` from its argument; on the same line, so that
    /// line numbers in messages are the user's.
    private func compile(_ code: String, chunkName: String) throws(LuaError) -> LuaFunction {
        try state.load("local _ENV = ...; " + code, chunkName: chunkName)
    }

    private static let frameEnvironmentSource = String(decoding: PackageResources.frame_environment_lua, as: UTF8.self)

    private static let environmentSource = String(decoding: PackageResources.console_environment_lua, as: UTF8.self)
}
