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
    public let userInterfaceStyle: UserInterfaceStyle
    /// Elevated in a sheet; base elsewhere on screen; unspecified off screen.
    public internal(set) var userInterfaceLevel = UserInterfaceLevel.unspecified
    /// Nil when unspecified (`UICTContentSizeCategoryUnspecified`).
    public let preferredContentSizeCategory: ContentSizeCategory?

    /// The traits of a screen: a pad is regular both ways; a phone is compact across, and
    /// compact down in landscape, where the largest phones (414 points or more across when
    /// upright) are regular across.
    init(profile: DeviceProfile, style: UserInterfaceStyle? = nil) {
        let uprightWidth = min(profile.size.width, profile.size.height)
        isPad = profile.isPad
        displayScale = profile.scale
        userInterfaceStyle = style ?? profile.appearance
        preferredContentSizeCategory = profile.contentSizeCategory
        switch (profile.isPad, profile.orientation.isLandscape) {
        case (true, _): (horizontalSizeClass, verticalSizeClass) = (2, 2)
        case (false, false): (horizontalSizeClass, verticalSizeClass) = (1, 2)
        case (false, true): (horizontalSizeClass, verticalSizeClass) = (uprightWidth >= 414 ? 2 : 1, 1)
        }
    }

    /// The traits of a view in no window, or only a style (`traitCollectionWithUserInterfaceStyle`).
    init(unspecified: Void, style: UserInterfaceStyle = .unspecified, category: ContentSizeCategory? = nil) {
        (horizontalSizeClass, verticalSizeClass, isPad, displayScale) = (0, 0, false, 0)
        (userInterfaceStyle, preferredContentSizeCategory) = (style, category)
    }

    /// The traits dynamic colours resolve with now (`currentTraitCollection`).
    static var current: TraitCollection { TraitCollection(unspecified: (), style: UserInterfaceStyle.current) }

    func hasSameSizeClasses(as other: TraitCollection) -> Bool {
        horizontalSizeClass == other.horizontalSizeClass && verticalSizeClass == other.verticalSizeClass
    }

    enum Script {
        /// A `UIContentSizeCategory` from a script: UIKit's constant's value.
        static func category(_ name: String) throws -> ContentSizeCategory {
            guard let category = ContentSizeCategory.allCases.first(where: { $0.constant == name }) else {
                throw ScriptValueError(
                    "\"\(name)\" is not a UIContentSizeCategory (UIContentSizeCategoryLarge, ...)")
            }
            return category
        }

        /// A `UIUserInterfaceStyle` from a script, for `member`.
        static func style(_ value: Int, _ member: String) throws -> UserInterfaceStyle {
            guard let style = UserInterfaceStyle(rawValue: value) else {
                throw ScriptValueError("\(member): \(value) is not a UIUserInterfaceStyle (0 to 2)")
            }
            return style
        }

        static func nativeClass() -> NativeClass {
            NativeClass("UITraitCollection", superclass: "NSObject", type: TraitCollection.self, allocate: nil) { c in
                c.property("horizontalSizeClass") { (traits: TraitCollection) in traits.horizontalSizeClass }
                c.property("verticalSizeClass") { (traits: TraitCollection) in traits.verticalSizeClass }
                c.property("userInterfaceIdiom") { (traits: TraitCollection) in traits.isPad ? 1 : 0 }
                c.property("displayScale") { (traits: TraitCollection) in traits.displayScale }
                c.property("userInterfaceStyle") { (traits: TraitCollection) in traits.userInterfaceStyle.rawValue }
                c.property("userInterfaceLevel") { (traits: TraitCollection) in traits.userInterfaceLevel.rawValue }
                c.classMethod("traitCollectionWithUserInterfaceStyle") { (style: Int) in
                    TraitCollection(
                        unspecified: (), style: try Self.style(style, "traitCollectionWithUserInterfaceStyle"))
                }
                c.classProperty("currentTraitCollection") { TraitCollection.current }
                c.property("preferredContentSizeCategory") { (traits: TraitCollection) in
                    traits.preferredContentSizeCategory?.constant ?? "_UICTContentSizeCategoryUnspecified"
                }
                c.classMethod("traitCollectionWithPreferredContentSizeCategory") { (name: String) in
                    TraitCollection(unspecified: (), category: try Self.category(name))
                }
                c.method("performAsCurrentTraitCollection") { (traits: TraitCollection, body: ScriptBlock) in
                    guard let bridge = traits.bridge else { return }
                    try UserInterfaceStyle.$current.withValue(traits.userInterfaceStyle) {
                        try UserInterfaceLevel.$current.withValue(traits.userInterfaceLevel) { try bridge.call(body) }
                    }
                }
                c.method("hasDifferentColorAppearanceComparedToTraitCollection") {
                    (traits: TraitCollection, other: TraitCollection?) in
                    traits.userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
                }
                c.method("containsTraitsInCollection") { (traits: TraitCollection, other: TraitCollection?) in
                    guard let other else { return true }
                    func matches<T: Equatable>(_ mine: T, _ theirs: T, unspecified: T) -> Bool {
                        theirs == unspecified || mine == theirs
                    }
                    return matches(traits.horizontalSizeClass, other.horizontalSizeClass, unspecified: 0)
                        && matches(traits.verticalSizeClass, other.verticalSizeClass, unspecified: 0)
                        && matches(traits.displayScale, other.displayScale, unspecified: 0)
                        && matches(traits.userInterfaceStyle, other.userInterfaceStyle, unspecified: .unspecified)
                }
                c.enumeration(
                    cType: "UIUserInterfaceStyle", constants: "UIUserInterfaceStyle", module: "UIKit.UIInterface",
                    aliases: ["UserInterfaceStyle"], [("Unspecified", 0), ("Light", 1), ("Dark", 2)])
                c.enumeration(
                    cType: "UIUserInterfaceLevel", constants: "UIUserInterfaceLevel", module: "UIKit.UIInterface",
                    [("Unspecified", -1), ("Base", 0), ("Elevated", 1)])
                c.enumeration(
                    cType: "UIUserInterfaceSizeClass", constants: "UIUserInterfaceSizeClass",
                    module: "UIKit.UIInterface", [("Unspecified", 0), ("Compact", 1), ("Regular", 2)])
            }
        }
    }
}

extension View {
    /// The traits the view sees: its window's screen's in its appearance (`effectiveStyle`), or
    /// unspecified off screen (but for an override's style).
    public var traitCollection: TraitCollection {
        guard let window else { return TraitCollection(unspecified: (), style: effectiveStyle) }
        let traits = TraitCollection(profile: window.application.screen.profile, style: effectiveStyle)
        traits.userInterfaceLevel = effectiveLevel
        return traits
    }

    /// `traitCollectionDidChange` for each view of this tree and each controller whose view it
    /// is, top down, a controller before its view, where the script overrides it. With
    /// `stoppingAtOverrides`, the views under their own appearance (and their trees) are left
    /// out: an appearance change does not reach them.
    func traitsChanged(from previous: TraitCollection, stoppingAtOverrides: Bool = false) throws {
        // Each view's appearance comes down from its parent's, as `effectiveStyle` walks up.
        var pending: [(view: View, style: UserInterfaceStyle)] = [(self, effectiveStyle)]
        while let (view, style) = pending.popLast() {
            try UserInterfaceStyle.$current.withValue(style) {
                if let controller = view.viewController {
                    _ = try controller.runOverride("traitCollectionDidChange", previous)
                }
                _ = try view.runOverride("traitCollectionDidChange", previous)
            }
            let next = stoppingAtOverrides ? view.subviews.filter { !$0.hasOwnAppearance } : view.subviews
            pending.append(contentsOf: next.reversed().map { ($0, $0.style(under: style)) })
        }
    }
}

extension TraitCollection.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
