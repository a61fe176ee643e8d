import Foundation
import ObjectBridge

/// `CATransaction`: nested groups of layer changes. A transaction's settings (animation
/// duration, timing function, actions disabled) apply to the implicit animations of the changes
/// made in it, the innermost setting winning; its completion block runs when every animation
/// added in it has ended (at once when there were none). Settings made outside `begin` and
/// `commit` go to an implicit transaction that the run loop's turn commits.
final class TransactionStack {
    private struct Frame {
        var duration: Double?
        var disablesActions: Bool?
        var timingFunction: MediaTimingFunction?
        var completion: ScriptBlock?
        /// When the last animation added in it ends.
        var lastEnd: Double?
        let isImplicit: Bool
    }

    private var frames: [Frame] = []
    private unowned let clock: VirtualClock
    /// Set once the bridge exists, to run completion blocks.
    var link: BridgeLink?

    init(clock: VirtualClock) {
        self.clock = clock
    }

    func begin() { frames.append(Frame(isImplicit: false)) }

    /// Ends the innermost explicit transaction (an implicit one too, if it is innermost).
    func commit() throws {
        guard let index = frames.lastIndex(where: { !$0.isImplicit }) else {
            throw ScriptValueError("CATransaction commit without a begin")
        }
        for frame in frames[index...].reversed() { finish(frame) }
        frames.removeSubrange(index...)
    }

    /// The run loop's turn ends: an implicit transaction commits.
    func commitImplicit() {
        guard frames.first?.isImplicit == true else { return }
        for frame in frames.reversed() { finish(frame) }
        frames = []
    }

    private func finish(_ frame: Frame) {
        guard let completion = frame.completion, let link else { return }
        let end = frame.lastEnd ?? clock.now
        let enclosing = frames.count > 1 ? frames.count - 2 : nil
        if let enclosing, end > (frames[enclosing].lastEnd ?? -.infinity) { frames[enclosing].lastEnd = end }
        clock.schedule(after: max(0, end - clock.now)) {
            guard let bridge = link.bridge else { return }
            do { try bridge.call(completion) } catch {
                bridge.report(error, during: "a CATransaction completion block")
            }
        }
    }

    /// The innermost frame, made implicit when there is none.
    private func withInnermost(_ change: (inout Frame) -> Void) {
        if frames.isEmpty { frames.append(Frame(isImplicit: true)) }
        change(&frames[frames.count - 1])
    }

    var animationDuration: Double {
        frames.last(where: { $0.duration != nil })?.duration ?? LayerAnimation.defaultDuration
    }
    var disablesActions: Bool { frames.last(where: { $0.disablesActions != nil })?.disablesActions ?? false }
    var timingFunction: MediaTimingFunction? { frames.last(where: { $0.timingFunction != nil })?.timingFunction }
    var completion: ScriptBlock? { frames.last?.completion }

    func setAnimationDuration(_ duration: Double) { withInnermost { $0.duration = duration } }
    func setDisableActions(_ disables: Bool) { withInnermost { $0.disablesActions = disables } }
    func setTimingFunction(_ function: MediaTimingFunction?) { withInnermost { $0.timingFunction = function } }
    func setCompletion(_ block: ScriptBlock?) { withInnermost { $0.completion = block } }

    /// An animation added now ends at `end`: the innermost transaction's completion waits for it.
    func noteAnimation(ending end: Double) {
        guard !frames.isEmpty, end.isFinite else { return }
        frames[frames.count - 1].lastEnd = max(frames[frames.count - 1].lastEnd ?? end, end)
    }

    enum Script {
        /// CABase.h: `CACurrentMediaTime`, the virtual clock's time in seconds.
        static func baseModule(_ environment: UIEnvironment) -> BindingModule {
            HeaderFunctions("QuartzCore.CABase") { h in
                h.function("CACurrentMediaTime", []) { () in environment.clock.now }
            }.module
        }

        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let stack = environment.transactions
            return NativeClass("CATransaction", superclass: "NSObject", type: BridgeObject.self, allocate: nil) { c in
                c.classMethod("begin") { stack.begin() }
                c.classMethod("commit") { try stack.commit() }
                c.classMethod("flush") { stack.commitImplicit() }
                c.classMethod("animationDuration") { stack.animationDuration }
                c.classMethod("setAnimationDuration") { (duration: Double) in
                    guard duration.isFinite, duration >= 0, duration <= 3600 else {
                        throw ScriptValueError(
                            "CATransaction's animation duration must be from 0 to 3600 seconds, got \(duration)")
                    }
                    stack.setAnimationDuration(duration)
                }
                c.classMethod("disableActions") { stack.disablesActions }
                c.classMethod("setDisableActions") { (disables: Bool) in stack.setDisableActions(disables) }
                c.classMethod("animationTimingFunction") { stack.timingFunction }
                c.classMethod("setAnimationTimingFunction") { (function: MediaTimingFunction?) in
                    stack.setTimingFunction(function)
                }
                c.classMethod("completionBlock") { stack.completion }
                c.classMethod("setCompletionBlock") { (block: ScriptBlock?) in stack.setCompletion(block) }
            }
        }
    }
}

extension TransactionStack.Script: WorldClasses {
    static func worldModules(_ environment: UIEnvironment) -> [BindingModule] { [baseModule(environment)] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
