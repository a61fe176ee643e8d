import Foundation
import ObjectBridge

/// `UIScreen`: the one screen, sized by the device profile.
public final class Screen: BridgeObject {
    public let profile: DeviceProfile

    init(profile: DeviceProfile) {
        self.profile = profile
    }

    public var bounds: CGRect { CGRect(origin: .zero, size: profile.size) }

}
