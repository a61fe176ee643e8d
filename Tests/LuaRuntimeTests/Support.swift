import Dispatch
import Foundation
import LuaRuntime
import Synchronization
import Testing

/// Counts the live `Tracked` objects of one test, so that tests running in parallel do not
/// see each other's objects.
final class LiveCounter: Sendable {
    private let count = Mutex(0)
    var live: Int { count.withLock { $0 } }
    func add(_ delta: Int) { count.withLock { $0 += delta } }
}

/// A Swift object whose lifetime the tests watch.
final class Tracked: LuaNativeObject {
    var luaSlot: Int32 = 0
    let counter: LiveCounter
    var payload: Int

    init(_ counter: LiveCounter, payload: Int = 0) {
        self.counter = counter
        self.payload = payload
        counter.add(1)
    }

    deinit { counter.add(-1) }
}

func makeState(
    budget: Duration = .zero, memoryLimit: Int = 1 << 30, collector: LuaState.Collector = .incremental,
    warnings: ((String) -> Void)? = nil
) throws -> LuaState {
    var options = LuaState.Options()
    options.timeBudget = budget
    options.memoryLimit = memoryLimit
    options.collector = collector
    if let warnings { options.warningHandler = warnings }
    return try LuaState(options: options)
}

extension LuaState {
    /// Defines `name` as a global function that returns a new `Tracked` object.
    func defineTrackedFactory(_ name: String, counter: LiveCounter) throws -> LuaObjectType {
        let type = try makeObjectType(named: "Tracked")
        let factory = try makeFunction(named: name) { frame in
            try frame.push(object: Tracked(counter, payload: Int(try frame.integer(1))), type: type)
            return 1
        }
        try setGlobal(name, .function(factory))
        return type
    }

    /// Runs a chunk that must succeed and returns its first result.
    func first(_ source: String) throws -> LuaValue {
        try run(source).first ?? .nil
    }
}

/// Runs `body` on a thread of its own (with a 16 MiB stack) and records a failure if it has not
/// finished within `seconds`: a script that hangs the runtime fails its test instead of
/// blocking the run (the stuck thread is left behind). What `body` throws is recorded too.
func withDeadline(
    seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () throws -> Void
) {
    let finished = DispatchSemaphore(value: 0)
    let failure = Mutex<(any Error)?>(nil)
    let thread = Thread {
        do { try body() } catch { failure.withLock { $0 = error } }
        finished.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard finished.wait(timeout: .now() + seconds) == .success else {
        Issue.record("did not finish within \(seconds) s", sourceLocation: sourceLocation)
        return
    }
    if let error = failure.withLock({ $0 }) {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}

/// Collects what a state warns about, from whichever thread the state runs on.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    var messages: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
