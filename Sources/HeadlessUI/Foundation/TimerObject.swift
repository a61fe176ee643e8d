import Foundation
import ObjectBridge

/// `NSTimer`, on the virtual clock: it fires when the clock passes its fire date (timers due
/// at the same moment in the order they were scheduled), again every interval when it
/// repeats, until invalidated. As the run loop does, the world keeps a scheduled timer (and
/// its script fields) while it is valid; the timer keeps its target.
public final class TimerObject: BridgeObject {
    enum Action {
        case block(ScriptBlock)
        case selector(target: BridgeObject, selector: String)
    }

    public let interval: Double
    public let repeats: Bool
    let action: Action
    let userInfo: AnyScriptValue
    /// When it fires next, on the virtual clock.
    private(set) var fireTime: Double
    public private(set) var isValid = true
    private unowned let environment: UIEnvironment

    /// NSTimer's shortest interval: 0.1 ms.
    static let minimumInterval = 0.0001

    init(interval: Double, repeats: Bool, action: Action, userInfo: AnyScriptValue, environment: UIEnvironment) {
        self.interval = max(interval, Self.minimumInterval)
        self.repeats = repeats
        self.action = action
        self.userInfo = userInfo
        self.environment = environment
        fireTime = environment.clock.now + self.interval
    }

    private var isScheduled = false

    /// Puts the timer on the clock and has the world keep it (once: a timer added to the run
    /// loop again stays as it is).
    func schedule() throws {
        guard isValid, !isScheduled else { return }
        isScheduled = true
        try environment.keep(self)
        arm()
    }

    private func arm() {
        environment.clock.schedule(after: fireTime - environment.clock.now) { [weak self] in try self?.tick() }
    }

    private func tick() throws {
        guard isValid else { return }
        if repeats {
            // Missed fire dates (a timer added to the run loop late) are skipped, as NSTimer does.
            repeat { fireTime += interval } while fireTime <= environment.clock.now
            arm()
        }
        try fire()
    }

    /// Runs the action now; a timer that does not repeat is then done.
    func fire() throws {
        guard isValid else { return }
        defer { if !repeats { invalidate() } }
        guard let bridge else { return }
        do {
            switch action {
            case .block(let block): try bridge.call(block, self)
            case .selector(let target, let selector): try bridge.perform(selector, on: target, self, what: "an NSTimer")
            }
        } catch {
            bridge.report(error, during: "an NSTimer's action")
        }
    }

    func invalidate() {
        guard isValid else { return }
        isValid = false
        environment.stopKeeping(self)
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            func interval(_ value: Double) throws -> Double {
                let seconds = try GeometryCheck.finite(value, "interval")
                guard seconds <= 1e9 else {
                    throw ScriptValueError("interval must be at most 1e9 seconds, got \(seconds)")
                }
                return seconds
            }
            return NativeClass("NSTimer", superclass: "NSObject", type: TimerObject.self, allocate: nil) { c in
                func blockTimer(_ seconds: Double, _ repeats: Bool, _ block: ScriptBlock) throws -> TimerObject {
                    TimerObject(
                        interval: try interval(seconds), repeats: repeats, action: .block(block),
                        userInfo: AnyScriptValue(nil), environment: environment)
                }
                func selectorTimer(
                    _ seconds: Double, _ target: BridgeObject, _ selector: Selector, _ userInfo: AnyScriptValue,
                    _ repeats: Bool
                ) throws -> TimerObject {
                    try environment.bridge?.check(selector, of: target, for: "an NSTimer's selector")
                    let timer = TimerObject(
                        interval: try interval(seconds), repeats: repeats,
                        action: .selector(target: target, selector: selector.methodName), userInfo: userInfo,
                        environment: environment)
                    timer.adopt(target)
                    return timer
                }
                c.classMethod("scheduledTimerWithTimeInterval_repeats_block") {
                    (seconds: Double, repeats: Bool, block: ScriptBlock) in
                    let timer = try blockTimer(seconds, repeats, block)
                    try timer.schedule()
                    return timer
                }
                c.classMethod("scheduledTimerWithTimeInterval_target_selector_userInfo_repeats") {
                    (seconds: Double, target: BridgeObject, selector: Selector, userInfo: AnyScriptValue, repeats: Bool)
                    in
                    let timer = try selectorTimer(seconds, target, selector, userInfo, repeats)
                    try timer.schedule()
                    return timer
                }
                // Made, not scheduled: they run once added to the run loop (`addTimer_forMode`).
                c.classMethod("timerWithTimeInterval_repeats_block") {
                    (seconds: Double, repeats: Bool, block: ScriptBlock) in
                    try blockTimer(seconds, repeats, block)
                }
                c.classMethod("timerWithTimeInterval_target_selector_userInfo_repeats") {
                    (seconds: Double, target: BridgeObject, selector: Selector, userInfo: AnyScriptValue, repeats: Bool)
                    in
                    try selectorTimer(seconds, target, selector, userInfo, repeats)
                }
                c.method("invalidate") { (timer: TimerObject) in timer.invalidate() }
                c.method("fire") { (timer: TimerObject) in try timer.fire() }
                c.property("valid") { (timer: TimerObject) in timer.isValid }
                c.property("timeInterval") { (timer: TimerObject) in timer.repeats ? timer.interval : 0 }
                c.property("userInfo") { (timer: TimerObject) in timer.userInfo }
                c.property("fireDate") { (timer: TimerObject) in
                    DateValue(environment.foundation.epoch.addingTimeInterval(timer.fireTime))
                }
            }
        }
    }
}

/// `performSelector_withObject_afterDelay` and its cancelling, on every object: the call is
/// a timer of the virtual clock that keeps its receiver until it runs.
enum DelayedPerform {
    /// A pending call; cancelled ones do nothing when their time comes.
    final class Request {
        let target: BridgeObject
        let selector: String
        let argument: AnyScriptValue
        var isCancelled = false

        init(target: BridgeObject, selector: String, argument: AnyScriptValue) {
            (self.target, self.selector, self.argument) = (target, selector, argument)
        }
    }

    static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(extending: "NSObject", type: BridgeObject.self) { c in
            c.method("performSelector_withObject_afterDelay") {
                (target: BridgeObject, selector: Selector, argument: AnyScriptValue, delay: Double) in
                let delay = try GeometryCheck.finite(delay, "delay")
                try environment.bridge?.check(selector, of: target, for: "performSelector_withObject_afterDelay")
                let request = Request(target: target, selector: selector.methodName, argument: argument)
                environment.pendingPerforms.append(request)
                environment.clock.schedule(after: max(0, delay)) { [unowned environment] in
                    environment.pendingPerforms.removeAll { $0 === request }
                    guard !request.isCancelled, let bridge = environment.bridge else { return }
                    do {
                        // A nil object is no argument, so a selector that takes none (setNeedsLayout) works too.
                        if request.argument.value == nil {
                            try bridge.perform(
                                request.selector, on: request.target, what: "performSelector_withObject_afterDelay")
                        } else {
                            try bridge.perform(
                                request.selector, on: request.target, request.argument,
                                what: "performSelector_withObject_afterDelay")
                        }
                    } catch {
                        bridge.report(error, during: "performSelector_withObject_afterDelay")
                    }
                }
            }
            c.classMethod("cancelPreviousPerformRequestsWithTarget") { (target: BridgeObject) in
                for request in environment.pendingPerforms where request.target === target {
                    request.isCancelled = true
                }
            }
            c.classMethod("cancelPreviousPerformRequestsWithTarget_selector_object") {
                (target: BridgeObject, selector: Selector, _: AnyScriptValue) in
                for request in environment.pendingPerforms
                where request.target === target && request.selector == selector.methodName {
                    request.isCancelled = true
                }
            }
        }
    }
}

/// Grand Central Dispatch as scripts use it, on the virtual clock: the main queue (and the
/// global queues, which run on the host's one thread too), `dispatch_async` on the run loop's
/// next turn, `dispatch_after` with `dispatch_time` (or, as Rebound has always taken it, a
/// number of seconds), and `dispatch_sync` to a global queue at once.
enum DispatchPrelude {
    static let source = String(decoding: PackageResources.dispatch_lua, as: UTF8.self)
}

extension TimerObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}

extension DelayedPerform: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
