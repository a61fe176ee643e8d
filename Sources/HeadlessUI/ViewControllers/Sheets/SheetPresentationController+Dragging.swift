import Foundation
import ObjectBridge

/// The drag on a sheet: only vertical movement begins it, and it moves the sheet with the
/// finger, then lets the sheet settle at a detent or go.
final class SheetPanRecognizer: PanRecognizer {
    weak var sheet: SheetPresentationController?
    private var startTop = 0.0

    override func movedFarEnoughToBegin(_ moved: CGPoint) -> Bool {
        super.movedFarEnoughToBegin(CGPoint(x: 0, y: moved.y))
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
