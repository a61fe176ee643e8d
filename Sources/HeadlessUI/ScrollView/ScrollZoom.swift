import Foundation
import ObjectBridge

/// A scroll view's zoom: its limits and scale, and the pinch under way. Zooming is on while
/// the limits differ, as in UIKit.
struct ScrollZoom {
    var minimumScale = 1.0
    var maximumScale = 1.0
    var scale = 1.0
    var bounces = true
    var isZooming = false
    /// Where the pinch began: the scale then, and the point of the zoomed view (in its own,
    /// unscaled coordinates) under the fingers, which stays under them.
    var pinch: (scale: Double, anchor: CGPoint)?

    var isEnabled: Bool { maximumScale > minimumScale }

    func clamped(_ scale: Double) -> Double { min(max(scale, minimumScale), maximumScale) }

    /// What a pinch asking for `scale` gives: within the limits, that; past them, the excess
    /// halved (in ratio) when the zoom bounces, else the limit. The halving is Rebound's
    /// rubber band: Apple does not publish UIKit's.
    func following(_ scale: Double) -> Double {
        let limit = clamped(scale)
        guard bounces, limit > 0, scale > 0 else { return limit }
        return limit * (scale / limit).squareRoot()
    }
}

/// A zoom scale with the content offset that goes with it.
struct ZoomPose {
    var scale: Double
    var offset: CGPoint

    /// The pose `fraction` of the way to `other`.
    func toward(_ other: ZoomPose, _ fraction: Double) -> ZoomPose {
        ZoomPose(
            scale: scale + (other.scale - scale) * fraction,
            offset: CGPoint(
                x: offset.x + (other.offset.x - offset.x) * fraction,
                y: offset.y + (other.offset.y - offset.y) * fraction))
    }
}

/// The pinch recognizer a scroll view zooms with (`pinchGestureRecognizer`): a
/// `UIPinchGestureRecognizer` to scripts.
public final class ScrollPinchRecognizer: PinchRecognizer {
    /// Weak: the touch dispatcher may hold the recognizer after its view has gone.
    @WeakObjectReference var scrollView: ScrollView? = nil

    override func stateDidChange() throws {
        guard let scrollView else { return }
        switch state {
        case .began: try scrollView.pinchBegan(at: try location(in: scrollView))
        case .changed: try scrollView.pinchMoved(scale: currentValue, at: try location(in: scrollView))
        case .ended, .cancelled: try scrollView.pinchEnded()
        default: break
        }
    }
}
