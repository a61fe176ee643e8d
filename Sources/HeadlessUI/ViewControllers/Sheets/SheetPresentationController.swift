import Foundation
import ObjectBridge

/// `UISheetPresentationController`: how a controller presented as a card sits on the screen.
/// It rests at one of its detents (the large one unless the script says otherwise), dims what
/// is under it above the largest undimmed detent, shows a grabber when asked, and follows a
/// drag between its detents, or down and away.
///
/// On screen the presented view is in a `SheetView`, which rounds the sheet's top corners, over
/// a dimming view that covers the window.
public final class SheetPresentationController: BridgeObject {
    static let delegateProtocol = ProtocolDescription(
        "UISheetPresentationControllerDelegate", required: [],
        optional: [
            "sheetPresentationControllerDidChangeSelectedDetentIdentifier", "presentationControllerShouldDismiss",
            "presentationControllerWillDismiss", "presentationControllerDidDismiss",
            "presentationControllerDidAttemptToDismiss",
        ])

    /// UIKit does not publish these; they are what iOS 15 to 17 draw, not confirmed by Apple.
    static let defaultCornerRadius = 10.0
    static let dimmingAlpha = 0.4

    public private(set) var detents: [SheetDetent] = [.large]
    public internal(set) var selectedDetentIdentifier: String?
    public internal(set) var largestUndimmedDetentIdentifier: String?
    public var prefersGrabberVisible = false { didSet { container?.grabber.isHidden = !prefersGrabberVisible } }
    public var preferredCornerRadius: Double? {
        didSet { container?.layer.cornerRadius = cornerRadius }
    }
    /// Kept and returned: a scroll view inside the sheet scrolls, it does not expand the sheet.
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Kept and returned: the sheet spans the width in every orientation.
    public var prefersEdgeAttachedInCompactHeight = false
    public var widthFollowsPreferredContentSizeWhenEdgeAttached = false
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The controller it presents, which owns it.
    public private(set) weak var presentedController: ViewController?

    /// The sheet and the dimming view while it is on screen.
    private(set) var container: SheetView?
    private(set) var dimming: View?
    /// The presenter's corner radius and clipping before it receded, and whether it has
    /// receded past half (see `recede`).
    var presenterLook: (cornerRadius: Double, clips: Bool)?
    var recedesPresenter = false
    /// The black view behind the receded presenter.
    var backdrop: View?
    /// Whether changes animate (inside `animateChanges`).
    private var animatesChanges = false
    unowned let environment: UIEnvironment

    init(presenting controller: ViewController, environment: UIEnvironment) {
        presentedController = controller
        self.environment = environment
        super.init()
        for detent in detents { adopt(detent) }
    }

    var cornerRadius: Double { preferredCornerRadius ?? Self.defaultCornerRadius }

    func setDetents(_ new: [SheetDetent]) throws {
        guard !new.isEmpty else { throw ScriptValueError("a sheet needs at least one detent") }
        var seen = Set<String>()
        for detent in new where !seen.insert(detent.identifier).inserted {
            throw ScriptValueError("two detents have the identifier '\(detent.identifier)'")
        }
        let old = detents
        replaceDetents(with: new)
        do {
            try detentsChanged()
        } catch {
            // A resolver that failed leaves the sheet as it was.
            replaceDetents(with: old)
            throw error
        }
    }

    private func replaceDetents(with new: [SheetDetent]) {
        for detent in detents { abandon(detent) }
        detents = new
        for detent in detents { adopt(detent) }
    }

    func setSelectedDetentIdentifier(_ identifier: String?) throws {
        selectedDetentIdentifier = identifier
        try detentsChanged()
    }

    func setLargestUndimmedDetentIdentifier(_ identifier: String?) throws {
        largestUndimmedDetentIdentifier = identifier
        try detentsChanged()
    }

    /// `animateChanges`: what the block changes moves the sheet with an animation.
    func animateChanges(_ body: () throws -> Void) throws {
        let outer = animatesChanges
        animatesChanges = true
        defer { animatesChanges = outer }
        try body()
    }

    /// `invalidateDetents`: custom detents are asked their heights again.
    func detentsChanged() throws {
        guard let container, container.window != nil else { return }
        try settle(animated: animatesChanges)
    }

    // MARK: Geometry

    /// The detents available now, with their values, smallest first.
    func resolvedDetents() throws -> [(detent: SheetDetent, value: Double)] {
        let geometry = SheetGeometry(environment)
        var resolved: [(detent: SheetDetent, value: Double)] = []
        for detent in detents {
            guard
                let value = try detent.value(
                    maximum: geometry.maximumValue, windowHeight: geometry.windowHeight,
                    bottomInset: geometry.bottomInset, bridge: bridge)
            else { continue }
            resolved.append((detent, value))
        }
        if resolved.isEmpty { resolved = [(.large, geometry.maximumValue)] }
        return resolved.sorted { $0.value < $1.value }
    }

    /// The detent the sheet rests at: the selected one, else the smallest.
    func restingDetent(in resolved: [(detent: SheetDetent, value: Double)]) -> (detent: SheetDetent, value: Double)? {
        resolved.first { $0.detent.identifier == selectedDetentIdentifier } ?? resolved.first
    }

    /// The sheet's top (window coordinates) at a detent's value.
    func top(at value: Double) -> Double {
        let geometry = SheetGeometry(environment)
        return geometry.windowHeight - geometry.bottomInset - value
    }

    /// How dim the screen under the sheet is with its top at `top`: none at or below the
    /// largest undimmed detent, full from the next detent up, in proportion between (with every
    /// detent dimmed, fading out as the sheet goes below its smallest detent).
    func dimmingAlpha(atTop top: Double, _ resolved: [(detent: SheetDetent, value: Double)]) -> Double {
        let undimmed = resolved.lastIndex { $0.detent.identifier == largestUndimmedDetentIdentifier }
        let clearTop: Double
        let dimTop: Double
        if let undimmed {
            guard undimmed + 1 < resolved.count else { return 0 }
            clearTop = self.top(at: resolved[undimmed].value)
            dimTop = self.top(at: resolved[undimmed + 1].value)
        } else {
            clearTop = SheetGeometry(environment).windowHeight
            dimTop = self.top(at: resolved.first?.value ?? 0)
        }
        guard clearTop > dimTop else { return Self.dimmingAlpha }
        return Self.dimmingAlpha * min(1, max(0, (clearTop - top) / (clearTop - dimTop)))
    }

    // MARK: On screen

    /// Puts `view` on the screen in a sheet at its resting detent, over a dimming view, and
    /// returns the sheet, which the presentation slides in.
    func install(_ view: View, in window: Window) throws -> SheetView {
        let dimming = View()
        dimming.frame = window.bounds
        dimming.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        dimming.backgroundColor = Color(white: 0, alpha: 1)
        let container = SheetView(sheet: self, touches: environment.touches)
        container.layer.cornerRadius = cornerRadius
        container.grabber.isHidden = !prefersGrabberVisible
        try container.insertSubview(view, at: 0)
        try window.addSubview(dimming)
        try window.addSubview(container)
        (self.container, self.dimming) = (container, dimming)
        try settle(animated: false)
        return container
    }

    /// Takes the sheet and the dimming view off the screen.
    func uninstall() {
        recede(0)
        backdrop?.removeFromSuperview()
        backdrop = nil
        container?.removeFromSuperview()
        dimming?.removeFromSuperview()
        (container, dimming) = (nil, nil)
    }

    /// Moves the sheet to its top at `top`, with the dimming that goes with it.
    func place(top: Double, _ resolved: [(detent: SheetDetent, value: Double)]) {
        guard let container, let dimming else { return }
        let geometry = SheetGeometry(environment)
        // The sheet reaches below the window by its corner radius, so only its top corners
        // show rounded; the presented view ends at the window's bottom.
        container.frame = CGRect(
            x: 0, y: top, width: geometry.windowWidth, height: geometry.windowHeight - top + cornerRadius)
        container.layoutContent(height: geometry.windowHeight - top)
        let alpha = dimmingAlpha(atTop: top, resolved)
        dimming.alpha = alpha
        dimming.isUserInteractionEnabled = alpha > 0
        recede(recession(atTop: top, resolved))
    }

    /// How far the presenter recedes with the sheet at rest.
    func restingRecession() -> Double {
        guard let resolved = try? resolvedDetents(), let resting = restingDetent(in: resolved) else { return 0 }
        return recession(atTop: top(at: resting.value), resolved)
    }

    /// Moves the sheet to its resting detent, animated or at once.
    func settle(animated: Bool) throws {
        let resolved = try resolvedDetents()
        guard let resting = restingDetent(in: resolved) else { return }
        let top = self.top(at: resting.value)
        guard animated, environment.clock.animationsEnabled, let bridge else { return place(top: top, resolved) }
        try ViewAnimations.animate(
            duration: ViewController.presentationDuration, curve: .spring(damping: 1, velocity: 0),
            clock: environment.clock, bridge: bridge, completion: nil
        ) { place(top: top, resolved) }
    }
}

/// The window's measures a sheet sits in.
struct SheetGeometry {
    let windowWidth: Double
    let windowHeight: Double
    let bottomInset: Double
    /// The large detent's value: the card below the status bar, above the bottom safe area.
    let maximumValue: Double

    init(_ environment: UIEnvironment) {
        let bounds = environment.screen.bounds
        windowWidth = bounds.width
        windowHeight = bounds.height
        bottomInset = environment.screen.profile.homeIndicatorHeight
        let top = environment.application.statusBarFrame.height + ModalShowing.cardTopGap
        maximumValue = max(0, windowHeight - top - bottomInset)
    }
}
