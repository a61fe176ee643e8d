import Foundation
import ObjectBridge

/// A control's own touch handling, as UIKit's UIControl tracks a finger: TouchDown, then while
/// it moves DragEnter / DragExit on crossing the edge (with a margin) and DragInside or
/// DragOutside, then TouchUpInside or TouchUpOutside; TouchCancel when a gesture recognizer
/// takes the touch. The control is highlighted while the finger is inside.
final class ControlTouchRecognizer: GestureRecognizer {
    private unowned let control: Control
    private var tracking = false
    private var inside = false

    init(control: Control, dispatcher: TouchDispatcher) {
        self.control = control
        super.init(dispatcher: dispatcher)
    }

    override var isDiscrete: Bool { true }
    override var isViewTouchHandling: Bool { true }

    override func touchesBegan(_ touches: [Touch]) throws {
        guard self.touches.count == 1, control.isEnabled else { return try stopTracking(cancelled: true) }
        let point = try location(in: control)
        guard try control.beginTracking(at: point) else { return try fail() }
        tracking = true
        inside = true
        control.isHighlighted = true
        try control.sendActions(for: .touchDown)
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        guard tracking else { return }
        guard control.window != nil else { return try fail() }  // taken off screen: cancelled
        let point = try location(in: control)
        try crossEdge(at: point)
        try control.sendActions(for: inside ? .touchDragInside : .touchDragOutside)
        try control.continueTracking(at: point)
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        // The control (which owns this recognizer) may be taken away and freed by what the
        // touch does (a menu's row closes its menu): it stays alive until the touch is done.
        let control = self.control
        guard tracking, control.window != nil else { return try fail() }
        let point = try location(in: control)
        try crossEdge(at: point)
        tracking = false
        control.isHighlighted = false
        try control.endTracking(at: point, inside: inside)
        try control.sendActions(for: inside ? .touchUpInside : .touchUpOutside)
        try fail()
    }

    override func touchesCancelled(_ touches: [Touch]) throws {
        try stopTracking(cancelled: true)
        try super.touchesCancelled(touches)
    }

    /// Another recognizer took the touch (a scroll view's pan began): the control hears
    /// TouchCancel, as UIKit cancels the view's touches.
    override func fail() throws {
        try stopTracking(cancelled: true)
        try super.fail()
    }

    private func crossEdge(at point: CGPoint) throws {
        let now = control.isMostlyInside(point)
        guard now != inside else { return }
        inside = now
        control.isHighlighted = now
        try control.sendActions(for: now ? .touchDragEnter : .touchDragExit)
    }

    private func stopTracking(cancelled: Bool) throws {
        guard tracking else { return }
        tracking = false
        control.isHighlighted = false
        if cancelled { try control.sendActions(for: .touchCancel) }
    }
}
