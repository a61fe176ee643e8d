import Foundation
import ObjectBridge

/// The presenter behind a sheet at its large detent recedes, as on iOS 13 and later: its view is
/// scaled back under the status bar with rounded corners, over the black screen, and the status
/// bar turns light. It recedes as the sheet rises from the detent below the large one (from the
/// bottom, for a sheet with only the large detent), and never behind a sheet whose largest
/// detent is smaller.
extension SheetPresentationController {
    /// How far in from each side a receded presenter's view is. UIKit does not publish it; 16
    /// points is what iOS 15 to 17 screenshots show, not confirmed by Apple.
    static let recededInset = 16.0

    /// How far the presenter has receded (0 to 1) with the sheet's top at `top`.
    func recession(atTop top: Double, _ resolved: [(detent: SheetDetent, value: Double)]) -> Double {
        let geometry = SheetGeometry(environment)
        guard let largest = resolved.last, largest.value >= geometry.maximumValue else { return 0 }
        let below = resolved.count > 1 ? self.top(at: resolved[resolved.count - 2].value) : geometry.windowHeight
        let full = self.top(at: largest.value)
        guard below > full else { return 1 }
        return min(1, max(0, (below - top) / (below - full)))
    }

    /// The presenter's view, when it fills its window: a presenter inside another sheet or a
    /// form sheet stays as it is.
    private var recedingView: View? {
        guard let view = presentedController?.presenting?.loadedView, let window = view.superview as? Window,
            view.bounds.size == window.bounds.size
        else { return nil }
        return view
    }

    /// Scales the presenter's view back by `fraction` of the way: at 1 it is `recededInset` in
    /// from each side, its top under the status bar, its corners rounded as the sheet's.
    func recede(_ fraction: Double) {
        guard let view = recedingView, fraction > 0 || presenterLook != nil else { return }
        if presenterLook == nil { presenterLook = (view.layer.cornerRadius, view.clipsToBounds) }
        let size = view.bounds.size
        let fullScale = max(0, (size.width - 2 * Self.recededInset) / size.width)
        let scale = 1 + (fullScale - 1) * fraction
        let statusBar = environment.application.statusBarFrame.height
        let lift = (statusBar - size.height * (1 - fullScale) / 2) * fraction
        view.setTransform(CGAffineTransform.scale(scale, scale).concatenating(.translation(0, lift)))
        if fraction > 0 { showBackdrop(under: view) }
        view.layer.cornerRadius = fraction > 0 ? cornerRadius * fraction : presenterLook?.cornerRadius ?? 0
        view.clipsToBounds = fraction > 0 || presenterLook?.clips == true
        let receded = fraction >= 0.5
        if receded != recedesPresenter {
            recedesPresenter = receded
            environment.application.statusBarAppearanceStale = true
        }
        if fraction == 0 { presenterLook = nil }
    }

    /// The black screen around the receded presenter, whatever the window's own background,
    /// until the sheet goes.
    private func showBackdrop(under view: View) {
        guard backdrop == nil, let window = view.superview else { return }
        let black = View()
        black.frame = window.bounds
        black.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        black.backgroundColor = Color(white: 0, alpha: 1)
        black.isUserInteractionEnabled = false
        try? window.insertSubview(black, at: window.subviews.firstIndex { $0 === view } ?? 0)
        backdrop = black
    }
}
