import Foundation
import ObjectBridge

/// `UITraitCollection`: the size classes, idiom and scale a view or controller sees. Every
/// view of a window sees the screen's, as a window without overrides does.
public final class TraitCollection: BridgeObject {
    /// `UIUserInterfaceSizeClass`: compact (1) or regular (2).
    public let horizontalSizeClass: Int
    public let verticalSizeClass: Int
    public let isPad: Bool
    public let displayScale: Double

    /// The traits of a screen: a pad is regular both ways; a phone is compact across, and
    /// compact down in landscape, where the largest phones (414 points or more across when
    /// upright) are regular across.
    init(profile: DeviceProfile) {
        let uprightWidth = min(profile.size.width, profile.size.height)
        isPad = profile.isPad
        displayScale = profile.scale
        switch (profile.isPad, profile.orientation.isLandscape) {
        case (true, _): (horizontalSizeClass, verticalSizeClass) = (2, 2)
        case (false, false): (horizontalSizeClass, verticalSizeClass) = (1, 2)
        case (false, true): (horizontalSizeClass, verticalSizeClass) = (uprightWidth >= 414 ? 2 : 1, 1)
        }
    }

    /// The traits of a view in no window.
    init(unspecified: Void) {
        (horizontalSizeClass, verticalSizeClass, isPad, displayScale) = (0, 0, false, 0)
    }

    func hasSameSizeClasses(as other: TraitCollection) -> Bool {
        horizontalSizeClass == other.horizontalSizeClass && verticalSizeClass == other.verticalSizeClass
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UITraitCollection", superclass: "NSObject", type: TraitCollection.self, allocate: nil) { c in
                c.property("horizontalSizeClass") { (traits: TraitCollection) in traits.horizontalSizeClass }
                c.property("verticalSizeClass") { (traits: TraitCollection) in traits.verticalSizeClass }
                c.property("userInterfaceIdiom") { (traits: TraitCollection) in traits.isPad ? 1 : 0 }
                c.property("displayScale") { (traits: TraitCollection) in traits.displayScale }
                c.method("containsTraitsInCollection") { (traits: TraitCollection, other: TraitCollection?) in
                    guard let other else { return true }
                    return traits.hasSameSizeClasses(as: other) && traits.isPad == other.isPad
                        && traits.displayScale == other.displayScale
                }
                c.enumeration(
                    cType: "UIUserInterfaceSizeClass", constants: "UIUserInterfaceSizeClass",
                    module: "UIKit.UIInterface", [("Unspecified", 0), ("Compact", 1), ("Regular", 2)])
            }
        }
    }
}

extension View {
    /// The traits the view sees: its window's screen's, or unspecified off screen.
    public var traitCollection: TraitCollection {
        guard let window else { return TraitCollection(unspecified: ()) }
        return TraitCollection(profile: window.application.screen.profile)
    }

    /// `traitCollectionDidChange` for each view of this tree and each controller whose view it
    /// is, top down, a controller before its view, where the script overrides it.
    func traitsChanged(from previous: TraitCollection) throws {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if let controller = view.viewController {
                _ = try controller.runOverride("traitCollectionDidChange", previous)
            }
            _ = try view.runOverride("traitCollectionDidChange", previous)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }
}

extension TraitCollection.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
