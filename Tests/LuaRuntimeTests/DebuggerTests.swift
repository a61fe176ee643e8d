import Foundation
import LuaRuntime
import Testing

/// The interpreter's debugger: breakpoints, steps, variables and errors, through the hook the
/// runtime shares with the time budget.
@Suite struct DebuggerTests {
    static let source = """
        local function add(a, b)
          local sum = a + b
          return sum
        end
        local total = 0
        for i = 1, 3 do
          total = add(total, i)
        end
        return total
        """

    /// Where each stop happened: its reason, line and the locals of frame 0.
    final class Recorder {
        var stops: [(reason: LuaStop.Reason, line: Int?, locals: [String: LuaValue])] = []
        var next: [LuaStop.Resumption] = []
        var hold = true

        func handle(_ stop: LuaStop) -> Bool {
            let frame = stop.frames().first
            var locals: [String: LuaValue] = [:]
            for variable in stop.locals(ofFrame: 0) { locals[variable.name] = variable.value }
            stops.append((stop.reason, frame?.line, locals))
            stop.resume(next.isEmpty ? .continue : next.removeFirst())
            return hold
        }
    }

    @Test func aBreakpointStopsAtItsLineEachTime() throws {
        let lua = try makeState()
        let recorder = Recorder()
        let debugger = lua.attachDebugger(recorder.handle)
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [2])
        let function = try lua.load(Self.source, chunkName: "@sum.lua")
        #expect(try function.call() == [.integer(6)])
        #expect(recorder.stops.map(\.line) == [2, 2, 2])
        #expect(recorder.stops.map { $0.locals["a"] } == [.integer(0), .integer(1), .integer(3)])
        #expect(recorder.stops.allSatisfy { $0.reason == .breakpoint })
    }

    @Test func stepsOverAndOut() throws {
        let lua = try makeState()
        let recorder = Recorder()
        let debugger = lua.attachDebugger(recorder.handle)
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [2])
        recorder.next = [.stepOver, .stepOut]
        let function = try lua.load(Self.source, chunkName: "@sum.lua")
        _ = try function.call()
        // 2 (breakpoint), 3 (over), 6 (out: the caller's next line event is the loop's), then the breakpoint again.
        #expect(recorder.stops.prefix(4).map(\.line) == [2, 3, 6, 2])
        #expect(recorder.stops[1].reason == .step)
    }

    @Test func aFunctionBreakpointStopsAtTheFunctionsFirstLine() throws {
        let lua = try makeState()
        let recorder = Recorder()
        let debugger = lua.attachDebugger(recorder.handle)
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [], functionLines: [1])
        _ = try lua.load(Self.source, chunkName: "@sum.lua").call()
        #expect(recorder.stops.map(\.line) == [2, 2, 2])
        #expect(recorder.stops.allSatisfy { $0.reason == .functionBreakpoint })
    }

    @Test func aStopThatDoesNotHoldLetsTheProgramRunOn() throws {
        let lua = try makeState()
        let recorder = Recorder()
        recorder.hold = false
        let debugger = lua.attachDebugger(recorder.handle)
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [2, 3])
        #expect(try lua.load(Self.source, chunkName: "@sum.lua").call() == [.integer(6)])
        #expect(recorder.stops.map(\.line) == [2, 3, 2, 3, 2, 3])
    }

    @Test func setsALocal() throws {
        let lua = try makeState()
        let debugger = lua.attachDebugger { stop in
            if let sum = stop.locals(ofFrame: 0).first(where: { $0.name == "sum" }) {
                try? stop.set(sum, ofFrame: 0, to: .integer(100))
            }
            return true
        }
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [3])
        #expect(try lua.load(Self.source, chunkName: "@sum.lua").call() == [.integer(100)])
    }

    @Test func errorsStopCaughtOrNot() throws {
        let lua = try makeState()
        var raised: [String] = []
        let debugger = lua.attachDebugger { stop in
            raised.append(stop.raisedError()?.stringValue ?? "?")
            return true
        }
        debugger.stopOnErrors(caught: true, uncaught: false)
        #expect(try lua.first("return select(2, pcall(error, 'caught one'))") == .string("caught one"))
        #expect(throws: LuaError.self) { try lua.run("error('uncaught one')") }
        #expect(raised == ["caught one"])
        debugger.stopOnErrors(caught: false, uncaught: true)
        #expect(throws: LuaError.self) { try lua.run("error('uncaught two', 0)") }
        _ = try lua.run("pcall(error, 'caught two')")
        #expect(raised == ["caught one", "uncaught two"])
    }

    @Test func theBudgetStandsStillWhileHeld() throws {
        let lua = try makeState(budget: .milliseconds(100))
        let debugger = lua.attachDebugger { _ in
            Thread.sleep(forTimeInterval: 0.3)
            return true
        }
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [2])
        #expect(try lua.load(Self.source, chunkName: "@sum.lua").call() == [.integer(6)])
    }

    @Test func theBudgetStillStopsARunawayLoopUnderTheDebugger() throws {
        let lua = try makeState(budget: .milliseconds(100))
        let debugger = lua.attachDebugger { _ in true }
        try debugger.setBreakpoints(chunkName: "@other.lua", lines: [1])
        let error = #expect(throws: LuaError.self) { try lua.run("while true do end", chunkName: "=loop") }
        #expect(error?.kind == .timeBudget)
        #expect(try lua.first("return 1") == .integer(1))
    }

    @Test func pauseStopsARunningLoop() throws {
        let lua = try makeState(budget: .seconds(5))
        var reasons: [LuaStop.Reason] = []
        let debugger = lua.attachDebugger { stop in
            reasons.append(stop.reason)
            if let running = stop.locals(ofFrame: 0).first(where: { $0.name == "running" }) {
                try? stop.set(running, ofFrame: 0, to: .boolean(false))
            }
            return true
        }
        let interrupter = lua.interrupter
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            interrupter.pause()
        }
        #expect(try lua.first("local running = true while running do end return 'paused'") == .string("paused"))
        #expect(reasons == [.pause])
        withExtendedLifetime(debugger) {}
    }

    @Test func aDetachedDebuggerStopsNothing() throws {
        let lua = try makeState()
        var stops = 0
        let debugger = lua.attachDebugger { _ in
            stops += 1
            return true
        }
        try debugger.setBreakpoints(chunkName: "@sum.lua", lines: [2])
        debugger.detach()
        #expect(try lua.load(Self.source, chunkName: "@sum.lua").call() == [.integer(6)])
        #expect(stops == 0)
        // The sentinel: the same breakpoint in a debugger attached now stops, three times.
        let again = lua.attachDebugger { _ in
            stops += 1
            return true
        }
        try again.setBreakpoints(chunkName: "@sum.lua", lines: [2])
        #expect(try lua.load(Self.source, chunkName: "@sum.lua").call() == [.integer(6)])
        #expect(stops == 3)
    }
}
