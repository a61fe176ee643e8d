import Foundation
import ObjectBridge

/// The coordinator a rotation hands `viewWillTransitionToSize_withTransitionCoordinator`
/// (UIKit's `UIViewControllerTransitionCoordinator`, which is also the context its blocks get):
/// blocks to animate with the rotation, and blocks to run once it has ended.
public final class TransitionCoordinator: BridgeObject {
    /// How long UIKit's rotation animation lasts.
    public static let rotationDuration = 0.4

    let duration: Double
    /// The interface's turn, when the transition is a rotation.
    let turn: RotationTurn?
    private(set) var alongside: [() throws -> Void] = []
    private(set) var completions: [() throws -> Void] = []

    init(duration: Double, turn: RotationTurn?) {
        self.duration = duration
        self.turn = turn
    }

    func animateAlongside(_ animation: @escaping () throws -> Void) { alongside.append(animation) }
    func onCompletion(_ completion: @escaping () throws -> Void) { completions.append(completion) }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIViewControllerTransitionCoordinator", superclass: "NSObject", type: TransitionCoordinator.self,
                allocate: nil
            ) { c in
                c.method("animateAlongsideTransition_completion") {
                    (coordinator: TransitionCoordinator, animation: ScriptBlock?, completion: ScriptBlock?) -> Bool in
                    // The bridge is looked up when the blocks run: the coordinator reaches scripts
                    // as a userdata, which must not keep the bridge (and its Lua state) alive.
                    if let animation {
                        coordinator.animateAlongside { [unowned coordinator] in
                            try environment.bridge?.call(animation, coordinator)
                        }
                    }
                    if let completion {
                        coordinator.onCompletion { [unowned coordinator] in
                            try environment.bridge?.call(completion, coordinator)
                        }
                    }
                    return true
                }
                c.property("transitionDuration") { (coordinator: TransitionCoordinator) in coordinator.duration }
                c.property("isAnimated") { (_: TransitionCoordinator) in true }
                c.property("isInteractive") { (_: TransitionCoordinator) in false }
                c.property("isCancelled") { (_: TransitionCoordinator) in false }
                c.property("percentComplete") { (_: TransitionCoordinator) in 0.0 }
            }
        }
    }
}

extension TransitionCoordinator.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
