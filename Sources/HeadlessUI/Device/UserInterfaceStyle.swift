import Foundation

/// `UIUserInterfaceStyle`: the light or dark appearance. A device's (`DeviceProfile.appearance`),
/// changed for a part of the interface by `overrideUserInterfaceStyle` on a view, a controller
/// or a window.
public enum UserInterfaceStyle: Int, CaseIterable, Sendable {
    case unspecified = 0
    case light, dark

    /// The style dynamic colours resolve in now: the drawn view's while it draws, lays out or
    /// hears of a trait change, else unspecified (resolved as light). UIKit's
    /// `UITraitCollection.currentTraitCollection` is the thread's, as this is.
    @TaskLocal public static var current = UserInterfaceStyle.unspecified

    /// `light` or `dark`, as `rebound.json`'s `"appearance"` and `--appearance` name them.
    public init(parsing text: String) throws {
        switch text {
        case "light": self = .light
        case "dark": self = .dark
        default: throw UIError("'\(text)' is not an appearance (light or dark)")
        }
    }

    public var name: String { self == .dark ? "dark" : "light" }
}
