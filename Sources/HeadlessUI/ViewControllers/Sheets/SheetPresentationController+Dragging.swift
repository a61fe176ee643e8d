import Foundation
import ObjectBridge

/// The drag on a sheet: only vertical movement begins it, and it moves the sheet with the
/// finger, then lets the sheet settle at a detent or go.
final class SheetPanRecognizer: PanRecognizer {
    weak var sheet: SheetPresentationController?
    private var startTop = 0.0

    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        if let scrollView = touches.first?.view?.enclosingVerticalScrollView, let sheet,
            !sheet.takesDrag(on: scrollView, downward: moved.y > 0)
        {
            return false
        }
        return super.movedFarEnoughToBegin(CGPoint(x: 0, y: moved.y))
    }

    override func stateDidChange() throws {
        guard let sheet, let container = sheet.container else { return }
        switch state {
        case .began: startTop = container.frame.minY
        case .changed: try sheet.follow(top: startTop + translation.y)
        case .ended, .cancelled: try sheet.release(top: startTop + translation.y, velocity: velocity.y)
        default: break
        }
    }
}

extension SheetPresentationController {
    /// Whether a vertical drag on `scrollView`, in the sheet, moves the sheet rather than the
    /// content: down while the content is at its top; up while the sheet is below its largest
    /// detent, when `prefersScrollingExpandsWhenScrolledToEdge` (the default) says so.
    func takesDrag(on scrollView: ScrollView, downward: Bool) -> Bool {
        if downward { return scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top }
        guard prefersScrollingExpandsWhenScrolledToEdge, let resolved = try? resolvedDetents(),
            let resting = restingDetent(in: resolved)
        else { return false }
        return resting.value < (resolved.last?.value ?? 0)
    }

    /// How far a release throws the sheet: its velocity over the scroll view's normal
    /// deceleration (0.998 a millisecond), as UIKit projects a flick.
    static let projection = 0.998 / (1 - 0.998) / 1000
    /// How much of a drag above the largest detent moves the sheet.
    static let stretch = 0.25

    /// The sheet follows the finger; above its largest detent it gives a quarter as much.
    func follow(top: Double) throws {
        let resolved = try resolvedDetents()
        let highest = self.top(at: resolved.last?.value ?? 0)
        place(top: top < highest ? highest - (highest - top) * Self.stretch : top, resolved)
    }

    /// Let go at `top`, moving at `velocity` points a second: the sheet settles at the detent
    /// nearest where the flick would take it, or, past half its smallest detent, is dismissed
    /// (unless the presented controller is modal in presentation or the delegate says no,
    /// when it goes back and the delegate hears of the attempt).
    func release(top: Double, velocity: Double) throws {
        let resolved = try resolvedDetents()
        let projected = top + velocity * Self.projection
        let window = SheetGeometry(environment).windowHeight
        var nearest = resolved.min { abs(self.top(at: $0.value) - projected) < abs(self.top(at: $1.value) - projected) }
        let smallestTop = self.top(at: resolved.first?.value ?? 0)
        if projected > (smallestTop + window) / 2 {
            if try dismissByDrag() { return }
            nearest = resolved.first
        }
        guard let nearest else { return }
        let changed = nearest.detent.identifier != (restingDetent(in: resolved)?.detent.identifier)
        selectedDetentIdentifier = nearest.detent.identifier
        try animateChanges { try settle(animated: true) }
        guard changed else { return }
        _ = try delegate?.ask(
            "sheetPresentationControllerDidChangeSelectedDetentIdentifier", of: Self.delegateProtocol.name, self,
            returning: AnyScriptValue.self)
    }

    /// Dismisses the presented controller after a drag down, when it may go; false when it
    /// stays.
    private func dismissByDrag() throws -> Bool {
        guard let controller = presentedController else { return false }
        let allowed =
            try !controller.isModalInPresentation
            && delegate?.ask(
                "presentationControllerShouldDismiss", of: Self.delegateProtocol.name, self, returning: Bool.self)
                ?? true
        guard allowed else {
            _ = try delegate?.ask(
                "presentationControllerDidAttemptToDismiss", of: Self.delegateProtocol.name, self,
                returning: AnyScriptValue.self)
            return false
        }
        _ = try delegate?.ask(
            "presentationControllerWillDismiss", of: Self.delegateProtocol.name, self, returning: AnyScriptValue.self)
        try controller.dismiss(animated: true) { [weak self] in
            guard let self else { return }
            _ = try self.delegate?.ask(
                "presentationControllerDidDismiss", of: Self.delegateProtocol.name, self,
                returning: AnyScriptValue.self)
        }
        return true
    }
}

extension View {
    /// The nearest scroll view that scrolls vertically, from this view up to the sheet it is in
    /// (nil outside a sheet).
    var enclosingVerticalScrollView: ScrollView? {
        var found: ScrollView?
        var current: View? = self
        while let view = current {
            if view is SheetView { return found }
            if found == nil, let scrollView = view as? ScrollView, scrollView.scrollableAxes.vertical {
                found = scrollView
            }
            current = view.superview
        }
        return nil
    }

    /// The sheet this view is in, if any.
    var enclosingSheet: SheetPresentationController? {
        var current = superview
        while let view = current {
            if let sheetView = view as? SheetView { return sheetView.sheet }
            current = view.superview
        }
        return nil
    }
}
