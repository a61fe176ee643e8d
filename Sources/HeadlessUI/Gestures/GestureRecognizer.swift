import Foundation
import ObjectBridge

/// `UIGestureRecognizer`: watches the touches that start in its view (or a subview) and
/// moves through UIKit's states, sending its action to its targets on each change. Subclasses
/// decide when a gesture begins, changes and ends.
open class GestureRecognizer: BridgeObject {
    public internal(set) var state = GestureState.possible
    @WeakObjectReference public internal(set) var view: View? = nil
    public var isEnabled = true
    /// Whether recognizing cancels the view's own touch handling (a control's tracking, a
    /// list's item selection); with NO both go on, as a tap that dismisses the keyboard while
    /// the button under it still works.
    public var cancelsTouchesInView = true
    @WeakObjectReference var delegate: BridgeObject? = nil
    var targets: [(target: WeakObjectReference<BridgeObject>, action: String)] = []
    /// What native code does when the gesture is recognized (a storyboard's segue, a text
    /// view's tap to edit), after the targets' actions.
    var nativeActions: [() throws -> Void] = []
    @WeakObjectReference var requiredToFail: GestureRecognizer? = nil
    /// The state this recognizer reached while waiting for `requiredToFail` to fail.
    var deferred: GestureState?
    /// The touches it follows, in window coordinates.
    var touches: [Touch] = []
    /// Where the touches were last (in window coordinates), kept after they end.
    var lastCentroid = CGPoint.zero
    unowned let dispatcher: TouchDispatcher
    /// The protocol of `delegate`.
    static let delegateProtocol = "UIGestureRecognizerDelegate"

    init(dispatcher: TouchDispatcher) {
        self.dispatcher = dispatcher
        super.init()
    }

    /// Whether the gesture is recognized in one step (a tap) rather than followed over time.
    var isDiscrete: Bool { false }

    /// Whether it stands for a view's own touch handling (a collection view's item selection),
    /// which UIKit gives touches after the gesture recognizers: one of them recognizing
    /// cancels it, as `cancelsTouchesInView` does.
    var isViewTouchHandling: Bool { false }

    /// Still deciding after the fingers lifted: waiting for another recognizer to fail.
    var isWaiting: Bool { deferred != nil }

    // MARK: What subclasses decide

    func touchesBegan(_ touches: [Touch]) throws {}
    func touchesMoved(_ touches: [Touch]) throws {}
    func touchesEnded(_ touches: [Touch]) throws {}
    func touchesCancelled(_ touches: [Touch]) throws { try cancelOrFail() }
    /// Back to the start of a gesture, after it ended or failed.
    func reset() {}

    // MARK: State changes

    /// Begins a continuous gesture, or recognizes a discrete one, if the delegate, the
    /// recognizer it must wait for, and the other active gestures allow it.
    func recognize() throws {
        guard state == .possible, isEnabled else { return }
        let target: GestureState = isDiscrete ? .ended : .began
        if let other = requiredToFail, other.state != .failed {
            if other.state == .possible || other.state.isActive { deferred = target } else { try fail() }
            return
        }
        if try delegate?.ask("gestureRecognizerShouldBegin", of: Self.delegateProtocol, self, returning: Bool.self)
            == false
        {
            try fail()
            return
        }
        guard try dispatcher.mayRecognize(self) else {
            try fail()
            return
        }
        try move(to: target)
    }

    /// Changed, for a gesture that has begun.
    func change() throws {
        if state.isActive { try move(to: .changed) }
    }

    /// Ended, for a gesture that has begun.
    func end() throws {
        if state.isActive { try move(to: .ended) }
    }

    func fail() throws {
        guard state == .possible else { return }
        deferred = nil
        try move(to: .failed)
    }

    func cancelOrFail() throws {
        if state.isActive { try move(to: .cancelled) } else { try fail() }
    }

    /// What the recognizer does itself on each change of state, before its targets' actions
    /// (a scroll view's pan moves the content).
    func stateDidChange() throws {}

    private func move(to new: GestureState) throws {
        state = new
        let recognized = new == .began || new == .ended && isDiscrete
        if recognized { try dispatcher.recognized(self) }
        if new != .failed {
            try stateDidChange()
            try sendActions()
        }
        if recognized { for action in nativeActions { try action() } }
        try dispatcher.stateChanged(self)
    }

    /// The recognizer it waited for reached a final state: go on, or fail with it recognized.
    func requiredRecognizerFinished(_ other: GestureRecognizer) throws {
        guard deferred != nil else { return }
        deferred = nil
        if other.state == .failed { try recognize() } else { try fail() }
    }

    private func sendActions() throws {
        guard let bridge else { return }
        for (target, action) in targets {
            guard let object = target.wrappedValue else { continue }
            try bridge.performAction(action, on: object, sender: self)
        }
    }

    // MARK: Values

    /// The centroid of the touches, in window coordinates.
    var centroid: CGPoint {
        guard !touches.isEmpty else { return .zero }
        let sum = touches.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.location.x, y: $0.y + $1.location.y) }
        return CGPoint(x: sum.x / Double(touches.count), y: sum.y / Double(touches.count))
    }

    /// A point in window coordinates, in `view`'s (the window's when nil).
    func windowPoint(_ point: CGPoint, in view: View?) throws -> CGPoint {
        guard let view else { return point }
        guard let window = view.window else { throw ScriptValueError("the view is not in a window") }
        return try window.convert(point, to: view)
    }

    /// A vector in window coordinates, in `view`'s.
    func windowVector(_ vector: CGPoint, in view: View?) throws -> CGPoint {
        let origin = try windowPoint(.zero, in: view)
        let end = try windowPoint(vector, in: view)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }

    func location(in view: View?) throws -> CGPoint {
        try windowPoint(touches.isEmpty ? lastCentroid : centroid, in: view)
    }
}
