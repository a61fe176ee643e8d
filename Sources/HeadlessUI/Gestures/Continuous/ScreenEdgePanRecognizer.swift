import Foundation
import ObjectBridge

/// `UIScreenEdgePanGestureRecognizer`: a pan whose first finger comes down within 20 points
/// of one of the screen's `edges` (`UIRectEdge`: top 1, left 2, bottom 4, right 8) and moves
/// away from that edge more than along it. The 20 points are Rebound's: Apple does not
/// publish UIKit's.
public final class ScreenEdgePanRecognizer: PanRecognizer {
    public var edges = 0
    static let edgeWidth = 20.0
    /// The edges the gesture started near, as inward unit vectors.
    private var inward: [CGPoint] = []

    override func touchesBegan(_ touches: [Touch]) throws {
        if state == .possible, self.touches.count == touches.count, let touch = touches.first {
            inward = inwardDirections(at: screenPoint(touch))
            if inward.isEmpty { return try fail() }
        }
        try super.touchesBegan(touches)
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        if state == .possible {
            let moved = CGPoint(x: centroid.x - start.x, y: centroid.y - start.y)
            if hypot(moved.x, moved.y) > Self.hysteresis,
                !inward.contains(where: { moved.x * $0.x + moved.y * $0.y > abs(moved.x * $0.y - moved.y * $0.x) })
            {
                return try fail()
            }
        }
        try super.touchesMoved(touches)
    }

    /// Where a touch is on the screen: its window's origin plus its place in the window.
    private func screenPoint(_ touch: Touch) -> CGPoint {
        let origin = touch.window?.frame.origin ?? .zero
        return CGPoint(x: origin.x + touch.location.x, y: origin.y + touch.location.y)
    }

    private func inwardDirections(at point: CGPoint) -> [CGPoint] {
        let screen = dispatcher.application.screen.bounds
        let width = Self.edgeWidth
        return [
            (1, point.y - screen.minY < width, CGPoint(x: 0, y: 1)),
            (2, point.x - screen.minX < width, CGPoint(x: 1, y: 0)),
            (4, screen.maxY - point.y < width, CGPoint(x: 0, y: -1)),
            (8, screen.maxX - point.x < width, CGPoint(x: -1, y: 0)),
        ].filter { edges & $0.0 != 0 && $0.1 }.map(\.2)
    }
}
