import CLuaShim

/// A held program, as a debugger's stop handler sees it: why it stopped, its stack, the
/// variables of each frame, and how it goes on. Valid only during the handler.
///
/// Frames are numbered from the top, 0 being where the program stopped. Inspecting never
/// raises a Lua error: it uses the parts of Lua's debug API that cannot.
public final class LuaStop {
    public enum Reason: Int32, Sendable {
        case breakpoint = 1
        case step, pause, functionBreakpoint, exception
    }

    /// How the program goes on from here.
    public enum Resumption: Sendable {
        case `continue`, stepIn, stepOver, stepOut
    }

    /// One frame of the stopped thread.
    public struct Frame: Sendable {
        /// The function's name as its caller knows it (`layout`, `f`); nil when Lua cannot tell
        /// (a function called from native code).
        public var name: String?
        /// The chunk's name (`@path` for a file), nil for a native function.
        public var chunkName: String?
        public var line: Int?
        /// Where the function starts (0 for a main chunk).
        public var lineDefined: Int?
        public var isNative: Bool { chunkName == nil }
    }

    /// A local, vararg or upvalue of a frame, by the number Lua's debug API gives it.
    public struct Variable {
        public enum Kind: Sendable { case local, vararg, upvalue }
        public var name: String
        public var value: LuaValue
        public var kind: Kind
        let number: Int32
    }

    public let reason: Reason
    /// The thread that stopped: the main thread or a coroutine.
    public let isMainThread: Bool
    let core: LuaCore
    let thread: OpaquePointer
    let level: Int
    var isValid = true

    init(core: LuaCore, thread: OpaquePointer, reason: Reason, level: Int) {
        self.core = core
        self.thread = thread
        self.reason = reason
        self.level = level
        isMainThread = thread == core.main
    }

    /// Tells how the program goes on when the handler returns.
    public func resume(_ how: Resumption) {
        guard isValid else { return }
        switch how {
        case .continue: rb_debug_step(thread, Int32(RB_STEP_NONE))
        case .stepIn: rb_debug_step(thread, Int32(RB_STEP_IN))
        case .stepOver: rb_debug_step(thread, Int32(RB_STEP_OVER))
        case .stepOut: rb_debug_step(thread, Int32(RB_STEP_OUT))
        }
    }

    /// The stack from where the program stopped to the outermost frame.
    public func frames() -> [Frame] {
        guard isValid else { return [] }
        var frames: [Frame] = []
        var ar = lua_Debug()
        var at = Int32(level)
        while lua_getstack(thread, at, &ar) != 0, lua_getinfo(thread, "Sln", &ar) != 0 {
            let native = ar.what.map { String(cString: $0) } == "C"
            frames.append(
                Frame(
                    name: ar.name.map { String(cString: $0) },
                    chunkName: native ? nil : ar.source.map { String(cString: $0) },
                    line: ar.currentline > 0 ? Int(ar.currentline) : nil,
                    lineDefined: native ? nil : Int(ar.linedefined)))
            at += 1
        }
        return frames
    }

    /// The frame's locals in scope (Lua's temporaries left out), then its varargs.
    public func locals(ofFrame frame: Int) -> [Variable] {
        guard var ar = record(frame) else { return [] }
        var variables: [Variable] = []
        for number in 1...Int32.max {
            guard lua_checkstack(thread, 1) != 0, let name = lua_getlocal(thread, &ar, number) else { break }
            defer { lua_settop(thread, -2) }
            let text = String(cString: name)
            guard !text.hasPrefix("("), let value = try? core.value(at: -1, thread) else { continue }
            variables.append(Variable(name: text, value: value, kind: .local, number: number))
        }
        for number in 1...Int32.max {
            guard lua_checkstack(thread, 1) != 0, lua_getlocal(thread, &ar, -number) != nil else { break }
            defer { lua_settop(thread, -2) }
            guard let value = try? core.value(at: -1, thread) else { continue }
            variables.append(Variable(name: "...[\(number)]", value: value, kind: .vararg, number: -number))
        }
        return variables
    }

    /// The upvalues of the frame's function (`_ENV` among them).
    public func upvalues(ofFrame frame: Int) -> [Variable] {
        guard var ar = record(frame), lua_checkstack(thread, 2) != 0, lua_getinfo(thread, "f", &ar) != 0 else {
            return []
        }
        defer { lua_settop(thread, -2) }
        var variables: [Variable] = []
        for number in 1...Int32.max {
            guard let name = lua_getupvalue(thread, -1, number) else { break }
            defer { lua_settop(thread, -2) }
            let text = String(cString: name)
            guard let value = try? core.value(at: -1, thread) else { continue }
            variables.append(
                Variable(name: text.isEmpty ? "?\(number)" : text, value: value, kind: .upvalue, number: number))
        }
        return variables
    }

    /// Gives a local, vararg or upvalue of the frame a new value.
    public func set(_ variable: Variable, ofFrame frame: Int, to value: LuaValue) throws(LuaError) {
        guard var ar = record(frame) else { throw LuaError(kind: .runtime, message: "no frame \(frame)") }
        try core.reserve(2, thread)
        switch variable.kind {
        case .local, .vararg:
            try core.push(value, thread)
            if lua_setlocal(thread, &ar, variable.number) == nil {
                lua_settop(thread, -2)
                throw LuaError(kind: .runtime, message: "\(variable.name) is not a variable of frame \(frame) any more")
            }
        case .upvalue:
            guard lua_getinfo(thread, "f", &ar) != 0 else {
                throw LuaError(kind: .runtime, message: "no function in frame \(frame)")
            }
            defer { lua_settop(thread, -2) }
            try core.push(value, thread)
            if lua_setupvalue(thread, -2, variable.number) == nil {
                lua_settop(thread, -2)
                throw LuaError(kind: .runtime, message: "\(variable.name) is not an upvalue of frame \(frame)")
            }
        }
    }

    /// The error being raised, when the program stopped on one.
    public func raisedError() -> LuaValue? {
        // Level - 1 is the message handler, whose first stack slot holds the error.
        guard reason == .exception, isValid, level > 0, var ar = record(atLevel: level - 1),
            lua_checkstack(thread, 1) != 0,
            lua_getlocal(thread, &ar, 1) != nil
        else { return nil }
        defer { lua_settop(thread, -2) }
        return try? core.value(at: -1, thread)
    }

    /// Frame `frame` (from 0), whatever number a caller gives.
    private func record(_ frame: Int) -> lua_Debug? {
        guard frame >= 0, frame < Int(Int32.max) - level else { return nil }
        return record(atLevel: level + frame)
    }

    private func record(atLevel stackLevel: Int) -> lua_Debug? {
        var ar = lua_Debug()
        guard isValid, let at = Int32(exactly: stackLevel), lua_getstack(thread, at, &ar) != 0 else { return nil }
        return ar
    }
}
