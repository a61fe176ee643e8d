import Foundation
import ObjectBridge

/// Turning the device, as UIKit does it:
/// 1. `UIDevice.orientation` changes and `UIDeviceOrientationDidChangeNotification` goes out.
/// 2. For each window shown, the interface turns if the app delegate's
///    `application_supportedInterfaceOrientationsForWindow` and the root controller's
///    `supportedInterfaceOrientations` allow it and `shouldAutorotate` says yes.
/// 3. When the size classes change, `willTransitionToTraitCollection_withTransitionCoordinator`.
/// 4. `viewWillTransitionToSize_withTransitionCoordinator`, whose default (reached by calling
///    super) calls the deprecated `willRotateToInterfaceOrientation_duration` and passes the
///    call to the children.
/// 5. In the rotation's animation: the screen's bounds swap, the windows resize and lay out,
///    `traitCollectionDidChange` reaches the views and controllers that override it, and the
///    coordinator's alongside blocks and `willAnimateRotationToInterfaceOrientation_duration` run.
/// 6. When the animation ends: the coordinator's completion blocks, then
///    `didRotateFromInterfaceOrientation`.
extension UIEnvironment {
    public static let deviceOrientationNotification = "UIDeviceOrientationDidChangeNotification"

    func turnDevice(to orientation: DeviceOrientation) throws {
        guard device.orientation != orientation else { return }
        device.orientation = orientation
        try notificationCenter.post(
            NotificationObject(name: Self.deviceOrientationNotification, object: device, userInfo: AnyScriptValue(nil)))
        guard screen.profile.orientation != orientation,
            let root = application.keyWindow?.rootViewController,
            try interfaceTurns(to: orientation, root: root)
        else { return }
        try turnInterface(to: orientation, root: root)
    }

    /// Whether the app lets its interface turn to `orientation`.
    private func interfaceTurns(to orientation: DeviceOrientation, root: ViewController) throws -> Bool {
        var mask = try root.supportedInterfaceOrientations()
        if let delegate = application.delegate, let bridge,
            let function = delegate.scriptClass?.scriptMethod(
                named: "application_supportedInterfaceOrientationsForWindow")
        {
            mask &= try bridge.call(
                function, on: delegate, method: "application_supportedInterfaceOrientationsForWindow", application,
                application.keyWindow, returning: Int.self)
        }
        guard mask & orientation.interfaceMask != 0 else { return false }
        return try root.shouldAutorotate()
    }

    private func turnInterface(to orientation: DeviceOrientation, root: ViewController) throws {
        let from = screen.profile.orientation
        let oldBounds = screen.bounds
        let oldTraits = TraitCollection(profile: screen.profile)
        let turned = screen.profile.turned(to: orientation)
        let newTraits = TraitCollection(profile: turned)
        let duration = TransitionCoordinator.rotationDuration
        let coordinator = TransitionCoordinator(
            duration: duration, turn: RotationTurn(from: from, to: orientation, duration: duration))
        let traitsChange = !oldTraits.hasSameSizeClasses(as: newTraits)
        if traitsChange { try root.willTransition(to: newTraits, coordinator) }
        try root.transition(to: turned.size, coordinator)
        guard let bridge else { return }
        try ViewAnimations.animate(
            duration: coordinator.duration, curve: .easeInOut, clock: clock, bridge: bridge, completion: nil,
            onFinish: { [unowned self] _ in
                for completion in coordinator.completions {
                    do { try completion() } catch { self.bridge?.report(error, during: "the rotation's completion") }
                }
            }
        ) {
            screen.turn(to: orientation)
            for window in application.windows where window.frame == oldBounds { window.frame = screen.bounds }
            if let keyboardShown = application.keyboard?.screenTurned() { coordinator.onCompletion(keyboardShown) }
            try application.layoutPass()
            if traitsChange {
                try applySizeClassVariations(newTraits)
                for window in application.visibleWindows { try window.traitsChanged(from: oldTraits) }
            }
            for animation in coordinator.alongside { try animation() }
        }
    }
}

/// What a rotation hands the deprecated rotation calls: the interface's orientations before
/// and after, and the animation's duration.
struct RotationTurn {
    let from: DeviceOrientation
    let to: DeviceOrientation
    let duration: Double
}
