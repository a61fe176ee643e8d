import Foundation
import ObjectBridge

/// UIView's animations of iOS 2 and 3: `beginAnimations_context` opens a block whose changes
/// animate once `commitAnimations` closes it, with the `setAnimation…` class methods' settings
/// (a duration of 0.2 seconds unless set, as UIKit documents). Blocks nest. The delegate's
/// will-start and did-stop selectors are called with the block's name and context.
final class LegacyAnimations {
    private final class Block {
        let name: AnyScriptValue
        let context: AnyScriptValue
        let group: AnimationGroup
        let scope: AnimationScope
        var duration = 0.2
        var delay = 0.0
        var curve = TimingCurve.easeInOut
        var repeatCount = 1.0
        var autoreverses = false
        var delegate: BridgeObject?
        var willStart: String?
        var didStop: String?

        init(name: AnyScriptValue, context: AnyScriptValue, group: AnimationGroup, scope: AnimationScope) {
            (self.name, self.context, self.group, self.scope) = (name, context, group, scope)
        }
    }

    private var blocks: [Block] = []
    private unowned let environment: UIEnvironment

    init(environment: UIEnvironment) {
        self.environment = environment
    }

    func begin(name: AnyScriptValue, context: AnyScriptValue, beginsFromCurrentState: Bool = false) {
        let clock = environment.clock
        let group = AnimationGroup(
            timing: AnimationTiming(
                start: clock.now, duration: 0.2, curve: .easeInOut, repeatCount: 1, autoreverses: false),
            completion: nil, clock: clock, bridge: environment.bridge)
        let scope = AnimationScope.open(
            group: clock.animationsEnabled ? group : nil, beginsFromCurrentState: beginsFromCurrentState)
        blocks.append(Block(name: name, context: context, group: group, scope: scope))
    }

    /// Changes the innermost block's settings; outside a block they do nothing, as in UIKit.
    private func change(_ body: (Block) throws -> Void) rethrows {
        if let block = blocks.last { try body(block) }
    }

    func setDuration(_ seconds: Double) throws {
        let seconds = try GeometryCheck.finite(seconds, "duration")
        change { $0.duration = max(0, min(seconds, 3600)) }
    }

    func setDelay(_ seconds: Double) throws {
        let seconds = try GeometryCheck.finite(seconds, "delay")
        change { $0.delay = max(0, min(seconds, 3600)) }
    }

    /// UIViewAnimationCurve: ease in and out 0, ease in 1, ease out 2, linear 3.
    func setCurve(_ curve: Int) throws {
        let value = try Control.Script.choice(curve, below: 4, "animation curve")
        change { $0.curve = TimingCurve(options: value << 16) }
    }

    /// 0 runs once, as UIKit's default.
    func setRepeatCount(_ count: Double) throws {
        guard !count.isNaN, count >= 0 else { throw ScriptValueError("repeat count must be 0 or more, got \(count)") }
        change { $0.repeatCount = count > 0 ? count : 1 }
    }
    func setAutoreverses(_ autoreverses: Bool) { change { $0.autoreverses = autoreverses } }

    func setDelegate(_ delegate: BridgeObject?) { change { $0.delegate = delegate } }
    func setWillStartSelector(_ selector: String?) { change { $0.willStart = selector } }
    func setDidStopSelector(_ selector: String?) { change { $0.didStop = selector } }

    /// Ends the innermost block: what changed in it animates from now, after its delay.
    func commit() throws {
        guard let block = blocks.popLast() else { return }
        block.scope.close()
        let clock = environment.clock
        block.group.timing = AnimationTiming(
            start: clock.now + block.delay, duration: block.duration, curve: block.curve,
            repeatCount: block.repeatCount,
            autoreverses: block.autoreverses)
        if let delegate = block.delegate, let selector = block.willStart {
            try environment.bridge?.perform(
                selector, on: delegate, block.name, block.context, what: "an animation's delegate")
        }
        if let delegate = block.delegate, let selector = block.didStop {
            // Not the block: the group it holds would hold it back. The world keeps the delegate
            // (its Lua side too) until the block ends, as UIKit retains it.
            let (name, context) = (block.name, block.context)
            try environment.keep(delegate)
            block.group.onFinish = { [weak self] finished in
                self?.environment.stopKeeping(delegate)
                guard let bridge = self?.environment.bridge else { return }
                do {
                    try bridge.perform(selector, on: delegate, name, finished, context, what: "an animation's delegate")
                } catch {
                    bridge.report(error, during: "an animation's did-stop selector")
                }
            }
        }
        block.group.commit()
    }

    /// Adds the class methods to UIView's description.
    static func addMethods(to c: NativeClassBuilder<View>, _ environment: UIEnvironment) {
        let blocks = environment.legacyAnimations
        c.classMethod("beginAnimations_context") { (name: AnyScriptValue, context: AnyScriptValue) in
            blocks.begin(name: name, context: context)
        }
        c.classMethod("commitAnimations") { try blocks.commit() }
        c.classMethod("setAnimationDuration") { (seconds: Double) in try blocks.setDuration(seconds) }
        c.classMethod("setAnimationDelay") { (seconds: Double) in try blocks.setDelay(seconds) }
        c.classMethod("setAnimationCurve") { (curve: Int) in try blocks.setCurve(curve) }
        c.classMethod("setAnimationRepeatCount") { (count: Double) in try blocks.setRepeatCount(count) }
        c.classMethod("setAnimationRepeatAutoreverses") { (flag: Bool) in blocks.setAutoreverses(flag) }
        c.classMethod("setAnimationDelegate") { (delegate: BridgeObject?) in blocks.setDelegate(delegate) }
        c.classMethod("setAnimationWillStartSelector") { (selector: Selector?) in
            blocks.setWillStartSelector(selector?.methodName)
        }
        c.classMethod("setAnimationDidStopSelector") { (selector: Selector?) in
            blocks.setDidStopSelector(selector?.methodName)
        }
    }
}
