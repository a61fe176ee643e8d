import Foundation
import ObjectBridge

/// `CADisplayLink`: calls its target once a frame on the virtual clock while it is in the run
/// loop and not paused, at 60 frames a second (as UIKit runs display links even on 120 Hz
/// screens unless the app opts in) or the lower `preferredFramesPerSecond`. The run loop keeps
/// it, and it keeps its target, until `invalidate`.
public final class DisplayLink: BridgeObject {
    private let target: BridgeObject
    private let selector: String
    private unowned let environment: UIEnvironment
    public var isPaused = false { didSet { if !isPaused { arm() } } }
    public var preferredFramesPerSecond = 0
    public private(set) var timestamp = 0.0
    public private(set) var targetTimestamp = 0.0
    private var isInRunLoop = false
    /// Counts arming, so that only the latest armed tick runs.
    private var generation = 0

    static let refreshRate = 60.0

    init(target: BridgeObject, selector: String, environment: UIEnvironment) {
        (self.target, self.selector, self.environment) = (target, selector, environment)
        super.init()
        adopt(target)
    }

    /// Seconds between calls: a whole number of 60 Hz frames.
    public var duration: Double {
        let frames =
            preferredFramesPerSecond > 0 ? (Self.refreshRate / Double(preferredFramesPerSecond)).rounded(.up) : 1
        return max(1, frames) / Self.refreshRate
    }

    func addToRunLoop() throws {
        guard !isInRunLoop else { return }
        isInRunLoop = true
        try environment.keep(self)
        arm()
    }

    func invalidate() {
        guard isInRunLoop else { return }
        isInRunLoop = false
        generation += 1
        environment.stopKeeping(self)
    }

    private func arm() {
        guard isInRunLoop, !isPaused else { return }
        generation += 1
        let expected = generation
        environment.clock.schedule(after: duration) { [weak self] in
            guard let self, self.generation == expected, self.isInRunLoop, !self.isPaused else { return }
            self.timestamp = self.environment.clock.now
            self.targetTimestamp = self.timestamp + self.duration
            self.arm()
            guard let bridge = self.bridge else { return }
            do {
                try bridge.perform(self.selector, on: self.target, self, what: "a CADisplayLink")
            } catch {
                bridge.report(error, during: "a CADisplayLink's call")
            }
        }
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("CADisplayLink", superclass: "NSObject", type: DisplayLink.self, allocate: nil) { c in
                c.classMethod("displayLinkWithTarget_selector") { (target: BridgeObject, selector: Selector) in
                    try environment.bridge?.check(selector, of: target, for: "a CADisplayLink's selector")
                    return DisplayLink(target: target, selector: selector.methodName, environment: environment)
                }
                c.method("addToRunLoop_forMode") { (link: DisplayLink, _: BridgeObject?, _: String?) in
                    try link.addToRunLoop()
                }
                c.method("removeFromRunLoop_forMode") { (link: DisplayLink, _: BridgeObject?, _: String?) in
                    link.invalidate()
                }
                c.method("invalidate") { (link: DisplayLink) in link.invalidate() }
                c.property("paused", get: { $0.isPaused }, set: { $0.isPaused = $1 })
                c.property(
                    "preferredFramesPerSecond", get: { $0.preferredFramesPerSecond },
                    set: { link, rate in
                        guard rate >= 0 else {
                            throw ScriptValueError("preferredFramesPerSecond must be from 0, got \(rate)")
                        }
                        link.preferredFramesPerSecond = rate
                    })
                c.property("timestamp") { (link: DisplayLink) in link.timestamp }
                c.property("targetTimestamp") { (link: DisplayLink) in link.targetTimestamp }
                c.property("duration") { (link: DisplayLink) in link.duration }
            }
        }
    }
}

/// `NSRunLoop`: the main run loop, where timers and display links are added to run. Rebound
/// has one run loop, the virtual clock's, and every mode is the same.
final class RunLoopObject: BridgeObject {
    static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
        let main = RunLoopObject()
        return NativeClass("NSRunLoop", superclass: "NSObject", type: RunLoopObject.self, allocate: nil) { c in
            c.classProperty("mainRunLoop") { main }
            c.classProperty("currentRunLoop") { main }
            c.method("addTimer_forMode") { (_: RunLoopObject, timer: TimerObject, _: String?) in try timer.schedule() }
        }
    }

    /// The run loop modes' names.
    static var module: BindingModule {
        BindingModule(
            "Foundation.NSRunLoop",
            [
                ("NSDefaultRunLoopMode", .constant("kCFRunLoopDefaultMode")),
                ("NSRunLoopCommonModes", .constant("kCFRunLoopCommonModes")),
                ("UITrackingRunLoopMode", .constant("UITrackingRunLoopMode")),
            ])
    }
}

extension DisplayLink.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}

extension RunLoopObject: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
