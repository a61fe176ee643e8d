import Foundation
import ObjectBridge

/// How the device is held: `UIDeviceOrientation`'s four upright values. The interface turns
/// with it, and `UIInterfaceOrientation` has the same numbers with the landscape names swapped
/// (a device turned to landscape left shows its interface landscape right).
public enum DeviceOrientation: Int, CaseIterable, Sendable {
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 3
    case landscapeRight = 4

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// `UIInterfaceOrientationMask`'s bit for the interface in this orientation.
    var interfaceMask: Int { 1 << rawValue }

    /// UIKit's default mask of a view controller's `supportedInterfaceOrientations`: all but
    /// upside down on a phone, all on a pad.
    static func defaultSupportedMask(pad: Bool) -> Int {
        pad ? 30 : 26
    }

    /// The names `--orientation`, `rebound.json`'s `orientation` and
    /// `simulate.deviceOrientation` take: the cases' names, and `landscape` for landscape left.
    public static let names: [(String, DeviceOrientation)] = [
        ("portrait", .portrait), ("portraitUpsideDown", .portraitUpsideDown), ("landscape", .landscapeLeft),
        ("landscapeLeft", .landscapeLeft), ("landscapeRight", .landscapeRight),
    ]

    public init(parsing text: String) throws {
        guard let named = Self.names.first(where: { $0.0.lowercased() == text.lowercased() }) else {
            throw UIError(
                "'\(text)' is not an orientation\(Suggestion.phrase(for: text, among: Self.names.map(\.0))): use "
                    + Self.names.map(\.0).joined(separator: ", "))
        }
        self = named.1
    }

    public var name: String { Self.names.first { $0.1 == self && $0.0 != "landscape" }?.0 ?? "portrait" }
}
