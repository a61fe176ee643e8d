import Foundation
import ObjectBridge

/// The page curl style: a drag across the page (more than 40 points along the orientation) or
/// a tap in the fifth of the page at either end turns to the next or the previous page. The
/// turn runs for 0.5 s on the clock, drawn as the old page sliding off over the new one (a
/// reveal transition on the view): a picture has no curl.
extension PageViewController {
    static let turningDrag = 40.0
    static let turningEdge = 0.2

    func installCurlGestures(on view: View) throws {
        let drag = PageTurnRecognizer(dispatcher: environment.touches)
        drag.controller = self
        view.addGestureRecognizer(drag)
        let tap = TapRecognizer(dispatcher: environment.touches)
        tap.nativeActions.append { [weak self, weak tap, weak view] in
            guard let self, let tap, let view, tap.state == .ended else { return }
            let point = try tap.location(in: view)
            let (position, length) =
                self.isVertical ? (point.y, view.bounds.height) : (point.x, view.bounds.width)
            if position > length * (1 - Self.turningEdge) {
                try self.turnByUser(forward: true)
            } else if position < length * Self.turningEdge {
                try self.turnByUser(forward: false)
            }
        }
        view.addGestureRecognizer(tap)
    }

    /// A turn the user asked for: to the neighbour on that side, if the data source gave one.
    func turnByUser(forward: Bool) throws {
        guard let old = page, let new = forward ? after : before else { return }
        try tellWillTransition(to: new)
        try curl(to: new, forward: forward, completion: nil) { [weak self] in
            try self?.tellDidFinish(previous: old, completed: true)
        }
    }

    /// Shows `new` now and draws the turn over it; `finished` runs when the turn is drawn.
    func curl(
        to new: ViewController, forward: Bool, completion: ScriptBlock?, finished: (() throws -> Void)? = nil
    ) throws {
        guard let view = loadedView, let bridge else { return try replacePage(with: new) }
        let edge: LayerTransition.Edge =
            isVertical ? (forward ? .fromBottom : .fromTop) : (forward ? .fromRight : .fromLeft)
        try ViewAnimations.animate(
            duration: Self.curlDuration, clock: environment.clock, bridge: bridge, completion: completion,
            onFinish: { [weak self] _ in
                do { try finished?() } catch { self?.bridge?.report(error, during: "a page turn") }
            },
            transition: { [environment] group in
                try ViewAnimations.start(forward ? .reveal : .moveIn, from: edge, on: view, group, environment)
            }
        ) {
            try replacePage(with: new)
        }
    }
}

/// The drag that turns a curled page: when the finger lifts far enough along the orientation,
/// toward the start turns forward.
final class PageTurnRecognizer: PanRecognizer {
    weak var controller: PageViewController?

    override func stateDidChange() throws {
        guard state == .ended, let controller else { return }
        let moved = controller.isVertical ? translation.y : translation.x
        guard abs(moved) > PageViewController.turningDrag else { return }
        try controller.turnByUser(forward: moved < 0)
    }
}
