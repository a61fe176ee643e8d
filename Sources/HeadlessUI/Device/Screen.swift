import Foundation
import ObjectBridge

/// `UIScreen`: the one screen, sized by the device profile.
public final class Screen: BridgeObject {
    /// The device's profile as it is held now (`turn(to:)` swaps its sides).
    public private(set) var profile: DeviceProfile

    init(profile: DeviceProfile) {
        self.profile = profile
    }

    public var bounds: CGRect { CGRect(origin: .zero, size: profile.size) }

    func turn(to orientation: DeviceOrientation) {
        profile = profile.turned(to: orientation)
    }

    func setAppearance(_ appearance: UserInterfaceStyle) {
        profile.appearance = appearance
    }

    func setContentSizeCategory(_ category: ContentSizeCategory) {
        profile.contentSizeCategory = category
    }

}
