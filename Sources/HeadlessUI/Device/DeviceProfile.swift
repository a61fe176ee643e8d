import Foundation
import ObjectBridge

/// A device the headless world stands in for: its screen size in points and its scale.
public struct DeviceProfile: Equatable, Sendable, CustomStringConvertible {
    public let name: String
    /// The screen's size in points, as the device is held (`UIScreen.bounds`).
    public let size: CGSize
    public let scale: Double
    /// How the device is held: portrait for a screen at least as tall as it is wide, else
    /// landscape left, unless turned (`turned(to:)`).
    public private(set) var orientation: DeviceOrientation
    /// The status bar's height held upright: 20 on a phone with a home button, 54 on one with
    /// the Dynamic Island (measured; Apple does not publish it), 24 on an iPad without a home
    /// button.
    private let uprightStatusBarHeight: Double

    /// The safe area's strip at the bottom of a device without a home button (one whose status
    /// bar is taller than 20 points upright), for its home indicator: 34 points on a phone
    /// held upright, 21 in landscape, 20 on a pad; none with a home button.
    public var homeIndicatorHeight: Double {
        guard uprightStatusBarHeight > 20 else { return 0 }
        if isPad { return 20 }
        return orientation.isLandscape ? 21 : 34
    }

    /// The status bar's height as the device is held: a phone hides it in landscape.
    public var statusBarHeight: Double { orientation.isLandscape && !isPad ? 0 : uprightStatusBarHeight }
    /// The iOS version it runs (`UIDevice.systemVersion`).
    public var systemVersion = DeviceProfile.defaultSystemVersion

    /// The appearance its user chose (light unless `rebound.json`'s `"appearance"` or
    /// `--appearance` say dark).
    public var appearance = UserInterfaceStyle.light
    /// The text size its user chose (Large unless `rebound.json`'s `"contentSize"` or
    /// `--content-size` say otherwise).
    public var contentSizeCategory = ContentSizeCategory.large

    /// The version a profile runs unless told otherwise (`"systemVersion"` in `rebound.json`).
    public static let defaultSystemVersion = "17.5"

    /// Phone or pad (`UIDevice.userInterfaceIdiom`, UIUserInterfaceIdiom's 0 and 1): a pad's
    /// screen is at least 600 points on its shorter side, as every iPad's is and no iPhone's.
    public var isPad: Bool { min(size.width, size.height) >= 600 }

    /// `UIDevice.model`: "iPhone" or "iPad".
    public var model: String { isPad ? "iPad" : "iPhone" }

    public static let phone = DeviceProfile(name: "phone", size: CGSize(width: 375, height: 667), scale: 2)
    public static let largePhone = DeviceProfile(
        name: "large-phone", size: CGSize(width: 430, height: 932), scale: 3,
        statusBarHeight: 54)
    public static let tablet = DeviceProfile(
        name: "tablet", size: CGSize(width: 1024, height: 1366), scale: 2,
        statusBarHeight: 24)
    /// The profiles by name, each also held in landscape (`phone-landscape`).
    public static let named = [phone, largePhone, tablet].flatMap { [$0, $0.turned(to: .landscapeLeft, named: true)] }

    /// The largest screen a profile may have, in pixels (its points times its scale): 8192 a
    /// side, and 8192 x 4096 in all (four times a 12.9-inch iPad's), so that its pictures
    /// stay a size a machine can draw.
    public static let maximumPixelsASide = 8192
    public static let maximumPixels = 8192 * 4096

    public var description: String {
        "\(name) (\(Self.format(size.width))x\(Self.format(size.height))@\(Self.format(scale)))"
    }

    /// The device held in `orientation`: the screen's sides swap between portrait and
    /// landscape. With `named`, a named profile's name says landscape (`phone-landscape`).
    public func turned(to orientation: DeviceOrientation, named: Bool = false) -> DeviceProfile {
        var turned = self
        if orientation.isLandscape != self.orientation.isLandscape {
            let upright = self.orientation.isLandscape ? CGSize(width: size.height, height: size.width) : size
            turned = DeviceProfile(
                name: named ? "\(name)-landscape" : name,
                size: orientation.isLandscape ? CGSize(width: upright.height, height: upright.width) : upright,
                scale: scale, statusBarHeight: uprightStatusBarHeight)
            turned.systemVersion = systemVersion
            turned.appearance = appearance
            turned.contentSizeCategory = contentSizeCategory
        }
        turned.orientation = orientation
        return turned
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A profile by name (`phone`, `large-phone`, `tablet`) or as `WIDTHxHEIGHT@SCALE`
    /// (`800x600@1`; the scale defaults to 1).
    public init(parsing text: String) throws {
        if let known = Self.named.first(where: { $0.name == text }) {
            self = known
            return
        }
        let parts = text.split(separator: "@", maxSplits: 1)
        let dimensions = (parts.first ?? "").split(separator: "x")
        guard dimensions.count == 2, let width = Double(dimensions[0]), let height = Double(dimensions[1]),
            width > 0, height > 0, width.isFinite, height.isFinite
        else {
            throw UIError(
                "'\(text)' is not a device profile\(Suggestion.phrase(for: text, among: Self.named.map(\.name))): use "
                    + "\(Self.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT@SCALE, e.g. 800x600@2")
        }
        let scale = parts.count == 2 ? Double(parts[1]) : 1
        guard let scale, scale > 0, scale <= 4 else {
            throw UIError("'\(text)': the scale must be a number from above 0 to 4")
        }
        let (pixelWidth, pixelHeight) = ((width * scale).rounded(), (height * scale).rounded())
        guard pixelWidth >= 1, pixelHeight >= 1 else {
            throw UIError("'\(text)': the screen must be at least one pixel a side")
        }
        guard pixelWidth <= Double(Self.maximumPixelsASide), pixelHeight <= Double(Self.maximumPixelsASide),
            pixelWidth * pixelHeight <= Double(Self.maximumPixels)
        else {
            throw UIError(
                "'\(text)': a screen may have at most \(Self.maximumPixelsASide) pixels a side and "
                    + "\(Self.maximumPixels) in all (\(Self.maximumPixelsASide) x \(Self.maximumPixels / Self.maximumPixelsASide)); "
                    + "this one has \(Self.format(pixelWidth)) x \(Self.format(pixelHeight))")
        }
        self.init(name: text, size: CGSize(width: width, height: height), scale: scale)
    }

    public init(name: String, size: CGSize, scale: Double, statusBarHeight: Double = 20) {
        self.name = name
        self.size = size
        self.scale = scale
        self.uprightStatusBarHeight = statusBarHeight
        orientation = size.width > size.height ? .landscapeLeft : .portrait
    }
}
