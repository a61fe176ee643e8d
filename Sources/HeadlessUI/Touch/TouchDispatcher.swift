import Foundation
import ObjectBridge

/// Delivers touches as UIKit does: a touch goes to the view under it (hit testing from the
/// window) and, first, to the gesture recognizers of that view and its ancestors. It settles
/// which recognizers may act together, asking delegates for simultaneous recognition.
public final class TouchDispatcher {
    let clock: VirtualClock
    unowned let application: Application
    private var touches: [Touch] = []
    /// The recognizers taking part in the current touch sequence, nearest the touch first, the
    /// views' own touch handling last.
    private var recognizers: [GestureRecognizer] = []

    init(clock: VirtualClock, application: Application) {
        self.clock = clock
        self.application = application
    }

    // MARK: Touch events

    /// A new finger at `point` (screen coordinates): it goes to the frontmost window with a
    /// view under it, and its locations are in that window's coordinates.
    func begin(at point: CGPoint) throws -> Touch {
        let screen = application.screen.bounds
        guard screen.contains(point) else {
            throw ScriptValueError(
                "the point {\(point.x), \(point.y)} is outside the screen \(screen.size.width)x\(screen.size.height)")
        }
        let target = try application.window(at: point)
        let view = target?.view
        let touch = Touch(location: target?.point ?? point, timestamp: clock.now)
        touch.view = view
        touch.window = target?.window
        touches.append(touch)
        var chain: [GestureRecognizer] = []
        var current = view
        while let candidate = current {
            chain += candidate.gestureRecognizers.filter { $0.isEnabled }
            current = candidate.superview
        }
        chain = chain.filter { !$0.isViewTouchHandling } + chain.filter(\.isViewTouchHandling)
        for recognizer in chain where !recognizers.contains(where: { $0 === recognizer }) {
            recognizers.append(recognizer)
        }
        for recognizer in chain where !recognizer.state.isFinished {
            recognizer.touches.append(touch)
            recognizer.lastCentroid = recognizer.centroid
            try recognizer.touchesBegan([touch])
        }
        return touch
    }

    /// Fingers moving together: one event, as UIKit delivers them.
    func move(_ moves: [(touch: Touch, point: CGPoint)]) throws {
        for (touch, point) in moves { touch.move(to: touch.inWindow(point), at: clock.now) }
        let moved = moves.map(\.touch)
        for recognizer in recognizers where !recognizer.state.isFinished {
            let mine = moved.filter { touch in recognizer.touches.contains { $0 === touch } }
            guard !mine.isEmpty else { continue }
            recognizer.lastCentroid = recognizer.centroid
            try recognizer.touchesMoved(mine)
        }
    }

    func end(_ touch: Touch) throws {
        touch.move(to: touch.location, at: clock.now)
        for recognizer in following(touch) {
            recognizer.lastCentroid = recognizer.centroid
            try recognizer.touchesEnded([touch])
            recognizer.touches.removeAll { $0 === touch }
        }
        touches.removeAll { $0 === touch }
        if touches.isEmpty { try finishSequence() }
    }

    private func following(_ touch: Touch) -> [GestureRecognizer] {
        recognizers.filter { recognizer in !recognizer.state.isFinished && recognizer.touches.contains { $0 === touch }
        }
    }

    /// After the last finger lifts: finished recognizers go back to possible; those still
    /// deciding (a tap waiting for another tap) stay in the sequence.
    private func finishSequence() throws {
        for recognizer in recognizers where recognizer.state.isActive { try recognizer.cancelOrFail() }
        resetFinished()
    }

    func resetFinished() {
        for recognizer in recognizers where recognizer.state.isFinished && recognizer.deferred == nil {
            recognizer.state = .possible
            recognizer.touches = []
            recognizer.reset()
        }
        recognizers.removeAll { $0.state == .possible && $0.touches.isEmpty && !$0.isWaiting }
    }

    // MARK: Who may recognize

    /// Whether `recognizer` may begin now: no other gesture of the sequence is active unless
    /// one of the two delegates lets them recognize together.
    func mayRecognize(_ recognizer: GestureRecognizer) throws -> Bool {
        for other in recognizers where other !== recognizer && other.state.isActive {
            if try !together(recognizer, other) { return false }
        }
        return true
    }

    /// `recognizer` began or was recognized: the others still deciding fail, unless they may
    /// recognize together with it.
    func recognized(_ recognizer: GestureRecognizer) throws {
        for other in recognizers
        where other !== recognizer && other.state == .possible && other.requiredToFail !== recognizer {
            if try !together(recognizer, other) { try other.fail() }
        }
    }

    /// Tells recognizers waiting for `recognizer` to fail that it reached a final state.
    func stateChanged(_ recognizer: GestureRecognizer) throws {
        guard recognizer.state == .failed || recognizer.state == .ended || recognizer.state == .began else { return }
        for other in recognizers where other.requiredToFail === recognizer {
            try other.requiredRecognizerFinished(recognizer)
        }
    }

    /// Whether two gestures may go on at once: one is the view's own touch handling and the
    /// other does not cancel it, or a delegate lets them.
    private func together(_ first: GestureRecognizer, _ second: GestureRecognizer) throws -> Bool {
        for (gesture, view) in [(first, second), (second, first)]
        where view.isViewTouchHandling && !gesture.isViewTouchHandling && !gesture.cancelsTouchesInView {
            return true
        }
        return try simultaneous(first, second)
    }

    private func simultaneous(_ first: GestureRecognizer, _ second: GestureRecognizer) throws -> Bool {
        for (asker, other) in [(first, second), (second, first)] {
            let answer = try asker.delegate?.ask(
                "gestureRecognizer_shouldRecognizeSimultaneouslyWithGestureRecognizer",
                of: GestureRecognizer.delegateProtocol, asker, other, returning: Bool.self)
            if answer == true { return true }
        }
        return false
    }
}
