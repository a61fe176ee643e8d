import Foundation
import ObjectBridge

/// `UISheetPresentationControllerDetent`: a height a sheet rests at.
public final class SheetDetent: BridgeObject {
    public static let mediumIdentifier = "com.apple.UIKit.medium"
    public static let largeIdentifier = "com.apple.UIKit.large"

    enum Height {
        /// About half the screen, as UIKit's is.
        case medium
        /// The whole card, below the status bar.
        case large
        /// A script's resolver, given the context, returns the height (nil: not available now).
        case custom(ScriptBlock)
    }

    public let identifier: String
    let height: Height

    init(identifier: String, height: Height) {
        self.identifier = identifier
        self.height = height
        super.init()
    }

    static var medium: SheetDetent { SheetDetent(identifier: mediumIdentifier, height: .medium) }
    static var large: SheetDetent { SheetDetent(identifier: largeIdentifier, height: .large) }

    /// The detent's value, the sheet's height above the bottom safe area, in a container whose
    /// largest value is `maximum`; nil when a custom detent's resolver says it is not available.
    /// UIKit documents the medium detent only as about half the screen: it is half the window's
    /// height here, less the bottom safe area (unconfirmed).
    func value(maximum: Double, windowHeight: Double, bottomInset: Double, bridge: ObjectBridge?) throws -> Double? {
        switch height {
        case .large: return maximum
        case .medium: return min(maximum, (windowHeight / 2 - bottomInset).rounded())
        case .custom(let resolver):
            guard let bridge else { return nil }
            let context = SheetDetentContext(maximumDetentValue: maximum)
            let value = try bridge.call(
                resolver, named: "the resolver of detent '\(identifier)'", context, returning: Double?.self)
            guard let value else { return nil }
            guard value.isFinite, value >= 0 else {
                throw ScriptValueError("the resolver of detent '\(identifier)' returned \(value), not a height")
            }
            return min(value, maximum)
        }
    }
}

/// What a custom detent's resolver is given: `maximumDetentValue`, the large detent's value.
public final class SheetDetentContext: BridgeObject {
    public let maximumDetentValue: Double

    init(maximumDetentValue: Double) {
        self.maximumDetentValue = maximumDetentValue
        super.init()
    }
}
