import CLuaShim

/// The interpreter's debugger: breakpoints, steps, pauses and errors that stop the program,
/// each handed to a Swift function while the program is held inside Lua's hook.
///
/// The runtime owns Lua's one hook per thread and shares it between the time budget and this
/// debugger (`hook.c`); attached with nothing to stop at, it installs no hook at all. With
/// breakpoints, only call events run until a function whose lines hold one is entered; line
/// and return events run while such a function is on the stack. The time budget stands still
/// while the program is held. One debugger per state, on the state's thread.
public final class LuaDebugger {
    /// Decides what a stop does: returns true when it held the program (it returns when the
    /// program is to go on, after `LuaStop.resume`), false to let it run on at once (a
    /// breakpoint whose condition is false, a logpoint).
    public typealias StopHandler = (LuaStop) -> Bool

    private let core: LuaCore
    private let handler: StopHandler
    private var attached = false

    init(core: LuaCore, handler: @escaping StopHandler) {
        self.core = core
        self.handler = handler
    }

    deinit { detach() }

    func attach() {
        rb_debug_attach(core.main, debugStopEntry, Unmanaged.passUnretained(self).toOpaque())
        attached = true
    }

    /// Forgets every breakpoint and stops nothing any more; the hook goes with it.
    public func detach() {
        guard attached, !core.isClosed else { return }
        attached = false
        rb_debug_attach(core.main, nil, nil)
    }

    /// Sets the breakpoints of the chunk named `chunkName` (`@path`): the lines that stop, and
    /// the first lines (`linedefined`) of functions that stop when they are called. Empty
    /// lists clear them.
    public func setBreakpoints(chunkName: String, lines: [Int], functionLines: [Int] = []) throws(LuaError) {
        guard attached, !core.isClosed else { return }
        let lines = Set(lines).sorted().map { Int32(clamping: $0) }
        let entries = Set(functionLines).sorted().map { Int32(clamping: $0) }
        let stored = lines.withUnsafeBufferPointer { lineBuffer in
            entries.withUnsafeBufferPointer { entryBuffer in
                rb_debug_set_breakpoints(
                    core.main, chunkName, lineBuffer.baseAddress, Int32(lineBuffer.count),
                    entryBuffer.baseAddress, Int32(entryBuffer.count))
            }
        }
        if stored == 0 {
            throw LuaError(kind: .memory, message: "not enough memory for the breakpoints of \(chunkName)")
        }
    }

    /// Which raised errors stop the program: those a script's `pcall` catches, those it does not.
    public func stopOnErrors(caught: Bool, uncaught: Bool) {
        guard attached, !core.isClosed else { return }
        rb_debug_exceptions(
            core.main, Int32((caught ? RB_EXCEPTIONS_CAUGHT : 0) | (uncaught ? RB_EXCEPTIONS_UNCAUGHT : 0)))
    }

    fileprivate func stopped(_ L: OpaquePointer, reason: Int32, level: Int32) -> Bool {
        let stop = LuaStop(core: core, thread: L, reason: LuaStop.Reason(rawValue: reason) ?? .pause, level: Int(level))
        defer { stop.isValid = false }
        return handler(stop)
    }
}

extension LuaState {
    /// Attaches a debugger that hands each stop to `handler`. The state has at most one:
    /// attaching another replaces it (and its breakpoints).
    public func attachDebugger(_ handler: @escaping LuaDebugger.StopHandler) -> LuaDebugger {
        let debugger = LuaDebugger(core: core, handler: handler)
        debugger.attach()
        return debugger
    }
}

private let debugStopEntry: rb_debug_fn = { context, L, reason, level in
    guard let context, let L else { return 0 }
    return Unmanaged<LuaDebugger>.fromOpaque(context).takeUnretainedValue().stopped(L, reason: reason, level: level)
        ? 1 : 0
}
