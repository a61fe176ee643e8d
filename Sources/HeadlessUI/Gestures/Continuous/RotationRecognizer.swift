import Foundation
import ObjectBridge

/// `UIRotationGestureRecognizer`: `rotation` is the turn of the line between the fingers, in
/// radians, clockwise on screen.
public final class RotationRecognizer: TwoFingerRecognizer {
    override func value(_ line: (distance: Double, angle: Double), from start: (distance: Double, angle: Double))
        -> Double
    {
        var turn = line.angle - start.angle
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        return turn
    }
    override func isPastThreshold(_ value: Double) -> Bool { abs(value) > 0.08 }
}
