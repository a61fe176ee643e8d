import Foundation
import ObjectBridge

/// `UITapGestureRecognizer`: `numberOfTapsRequired` taps, each lifted within the allowable
/// movement, the next one within `interval` seconds.
public final class TapRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    static let allowableMovement = 10.0
    static let interval = 0.35
    private(set) var tapsSoFar = 0
    private var start = CGPoint.zero
    private var generation = 0
    /// The most fingers down at once during the current tap.
    private var fingers = 0

    override var isDiscrete: Bool { true }

    /// Also waiting for the next tap.
    override var isWaiting: Bool { super.isWaiting || tapsSoFar > 0 }

    override func touchesBegan(_ touches: [Touch]) throws {
        if tapsSoFar == 0 { start = touches[0].location }
        fingers = max(fingers, self.touches.count)
        generation += 1
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        if touches.contains(where: { hypot($0.location.x - start.x, $0.location.y - start.y) > Self.allowableMovement })
        {
            try fail()
        }
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        guard state == .possible, self.touches.count <= touches.count else { return }  // the last finger lifts
        defer { fingers = 0 }
        guard fingers == numberOfTouchesRequired else { return try fail() }
        tapsSoFar += 1
        if tapsSoFar >= numberOfTapsRequired {
            tapsSoFar = 0
            if isOnAnotherControl(touches) { return try fail() }
            try recognize()
            return
        }
        // Another tap must come in time.
        generation += 1
        let expected = generation
        dispatcher.clock.schedule(after: Self.interval) { [weak self] in
            guard let self, self.generation == expected, self.state == .possible else { return }
            self.tapsSoFar = 0
            try self.fail()
            self.dispatcher.resetFinished()
        }
    }

    /// A single tap on an enabled control inside this recognizer's view is the control's, as
    /// UIKit's controls decline such taps for the recognizers of other views.
    private func isOnAnotherControl(_ touches: [Touch]) -> Bool {
        guard numberOfTapsRequired == 1, numberOfTouchesRequired == 1 else { return false }
        var current = touches.first?.view
        while let candidate = current, candidate !== view {
            if let control = candidate as? Control, control.isEnabled { return true }
            current = candidate.superview
        }
        return false
    }

    override func reset() {
        tapsSoFar = 0
        fingers = 0
    }
}
