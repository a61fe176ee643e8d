import Foundation
import ObjectBridge

/// `UIPinchGestureRecognizer`: `scale` is the distance between the fingers over its start.
public class PinchRecognizer: TwoFingerRecognizer {
    override func value(_ line: (distance: Double, angle: Double), from start: (distance: Double, angle: Double))
        -> Double
    {
        start.distance > 0 ? line.distance / start.distance : 1
    }
    override func isPastThreshold(_ value: Double) -> Bool { abs(value - 1) > 0.05 }
    override var neutral: Double { 1 }
}
