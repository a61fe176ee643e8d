import Foundation
import ObjectBridge

/// `UISwipeGestureRecognizer`: `numberOfTouchesRequired` fingers moving one of `direction`'s
/// ways (a mask: right 1, left 2, up 4, down 8) 50 points within half a second of coming
/// down, straying sideways at most half as far. It is recognized as the movement gets there,
/// before the fingers lift, as UIKit's is; fingers lifting sooner, moving too slowly, or going
/// another way fail it. The numbers are Rebound's: Apple does not publish UIKit's.
public final class SwipeRecognizer: GestureRecognizer {
    public var direction = 1
    public var numberOfTouchesRequired = 1
    static let minimumDistance = 50.0
    static let maximumDuration = 0.5
    static let maximumDeviation = 0.5
    /// Where and when the gesture's first finger came down (window coordinates).
    private var start = CGPoint.zero
    private var startTime = 0.0
    private var fingers = 0

    /// The ways in `UISwipeGestureRecognizerDirection`'s order, with the movement each reads
    /// along its axis.
    private static let ways: [(bit: Int, along: @Sendable (CGPoint) -> (primary: Double, cross: Double))] = [
        (1, { ($0.x, abs($0.y)) }), (2, { (-$0.x, abs($0.y)) }), (4, { (-$0.y, abs($0.x)) }),
        (8, { ($0.y, abs($0.x)) }),
    ]

    override var isDiscrete: Bool { true }

    override func touchesBegan(_ touches: [Touch]) throws {
        if fingers == 0 {
            start = centroid
            startTime = touches.first?.timestamp ?? dispatcher.clock.now
        }
        fingers = max(fingers, self.touches.count)
        if fingers > numberOfTouchesRequired { try fail() }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        guard state == .possible else { return }
        if (touches.first?.timestamp ?? dispatcher.clock.now) - startTime > Self.maximumDuration { return try fail() }
        guard self.touches.count == numberOfTouchesRequired else { return }
        let moved = CGPoint(x: centroid.x - start.x, y: centroid.y - start.y)
        for way in Self.ways where direction & way.bit != 0 {
            let (primary, cross) = way.along(moved)
            if primary >= Self.minimumDistance && cross <= primary * Self.maximumDeviation { return try recognize() }
        }
        if hypot(moved.x, moved.y) >= Self.minimumDistance { try fail() }  // far enough, but no way it allows
    }

    /// Lifting a finger before the swipe was recognized fails it.
    override func touchesEnded(_ touches: [Touch]) throws { try fail() }

    override func reset() { fingers = 0 }

    /// Where the swipe began, as UIKit gives it.
    override func location(in view: View?) throws -> CGPoint { try windowPoint(start, in: view) }
}
