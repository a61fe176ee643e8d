import Foundation
import ObjectBridge

/// Light and dark appearance, as UIKit chooses it: the device's (`DeviceProfile.appearance`),
/// unless a window, a controller or a view overrides it for itself and what it holds. A change
/// reaches `traitCollectionDidChange` of the views whose appearance changed, and they draw
/// again, their dynamic colours resolving in the new style.
extension View {
    /// The appearance this view draws in: the nearest override from it up, a controller's
    /// counting for its view, else the screen's.
    public var effectiveStyle: UserInterfaceStyle {
        var current: View? = self
        while let view = current {
            if let own = view.ownAppearance { return own }
            current = view.superview
        }
        return window?.application.screen.profile.appearance ?? .unspecified
    }

    /// The appearance this view draws in when its superview draws in `parent`: walks that
    /// go down the tree carry it, rather than walk up from each view.
    public func style(under parent: UserInterfaceStyle) -> UserInterfaceStyle { ownAppearance ?? parent }

    /// The appearance this view (or the controller whose view it is) sets for its tree.
    var ownAppearance: UserInterfaceStyle? {
        if overrideUserInterfaceStyle != .unspecified { return overrideUserInterfaceStyle }
        if let style = viewController?.overrideUserInterfaceStyle, style != .unspecified { return style }
        return nil
    }

    var hasOwnAppearance: Bool { ownAppearance != nil }

    /// Sets `overrideUserInterfaceStyle`: the tree hears of it if its appearance changed.
    func setOverrideUserInterfaceStyle(_ style: UserInterfaceStyle) throws {
        try changingAppearance { overrideUserInterfaceStyle = style }
    }

    /// Runs `change`, then tells this view's tree of the appearance it changed, if it did and
    /// the view is on screen, and has it draw again.
    func changingAppearance(_ change: () -> Void) throws {
        let previous = traitCollection
        change()
        guard window != nil, effectiveStyle != previous.userInterfaceStyle else { return }
        setTreeNeedsDisplay()
        window?.application.displayPending = true
        try traitsChanged(from: previous, stoppingAtOverrides: true)
    }
}

extension ViewController {
    /// Sets `overrideUserInterfaceStyle`: its view's tree hears of it, when the view is loaded.
    func setOverrideUserInterfaceStyle(_ style: UserInterfaceStyle) throws {
        guard let view = loadedView else {
            overrideUserInterfaceStyle = style
            return
        }
        try view.changingAppearance { overrideUserInterfaceStyle = style }
    }
}

extension UIEnvironment {
    /// The device's appearance, as the user switches it (the preview page's toggle): every
    /// window's views that follow it hear of the change and draw again.
    public func setAppearance(_ appearance: UserInterfaceStyle) throws {
        guard screen.profile.appearance != appearance else { return }
        let windows = application.windows.filter { !$0.hasOwnAppearance }
        try changeDeviceTraits(of: windows, stoppingAtOverrides: true) {
            screen.setAppearance(appearance)
            for window in windows { window.setTreeNeedsDisplay() }
        }
    }

    /// A change of a device-wide trait (the appearance, the text size): `change` makes it once
    /// the windows' traits before it are taken, then each window's views hear
    /// `traitCollectionDidChange` (stopping at views that override it, for the appearance) and
    /// the screen is drawn again.
    func changeDeviceTraits(of windows: [Window], stoppingAtOverrides: Bool, _ change: () throws -> Void) throws {
        let previous = windows.map(\.traitCollection)
        try change()
        for (window, traits) in zip(windows, previous) {
            try window.traitsChanged(from: traits, stoppingAtOverrides: stoppingAtOverrides)
        }
        application.displayPending = true
    }
}
