import Foundation
import ObjectBridge

/// Simulated fingers for scripts and tests: `simulate.tap`, `drag`, `pinch`, `rotate` (a pinch
/// may turn and a rotation may scale, for gestures recognized together) and `longPress` send
/// the touch sequences UIKit would, one step per frame (1/60 s) on the virtual clock, run a
/// layout pass after each step, and let pending timers (a tap waiting for a second tap) run out
/// at the end. `flick` lifts at speed and leaves the deceleration to the clock, which
/// `advance(seconds)` and `frames(n)` move on without touches. `deviceOrientation(name)` turns
/// the device and lets the rotation run out.
public final class TouchSynthesizer: BridgeObject {
    static let frame = 1.0 / 60
    /// How far apart two fingers start for a pinch or rotation.
    static let fingerSpread = 100.0

    /// The `simulate` global: option tables checked, then the synthesizer's class methods, as
    /// tail calls: an error a gesture sets off is located at the script's line, not here.
    static let prelude = String(decoding: PackageResources.touches_lua, as: UTF8.self)
}
