import Foundation
import ObjectBridge

/// `UITabBarAppearance`: a bar appearance with the look of the items, stacked (the image over
/// the title, as Rebound's tab bars lay them out).
public final class TabBarAppearance: BarAppearance {
    public private(set) var stackedLayoutAppearance = TabBarItemAppearance()

    public required init() {
        super.init()
        adopt(stackedLayoutAppearance)
    }

    func setStackedLayoutAppearance(_ appearance: TabBarItemAppearance) {
        replaceOwned(stackedLayoutAppearance, with: appearance)
        stackedLayoutAppearance = appearance
    }

    func copy() -> TabBarAppearance {
        let copy = TabBarAppearance()
        copyBackground(into: copy)
        copy.setStackedLayoutAppearance(stackedLayoutAppearance.copy())
        return copy
    }
}

/// `UITabBarItemAppearance`: an item's look in each state.
public final class TabBarItemAppearance: BridgeObject {
    public let normal = TabBarItemStateAppearance()
    public let selected = TabBarItemStateAppearance()
    public let disabled = TabBarItemStateAppearance()

    public override init() {
        super.init()
        for state in [normal, selected, disabled] { adopt(state) }
    }

    func copy() -> TabBarItemAppearance {
        let copy = TabBarItemAppearance()
        for (from, to) in [(normal, copy.normal), (selected, copy.selected), (disabled, copy.disabled)] {
            from.copy(into: to)
        }
        return copy
    }
}

/// `UITabBarItemStateAppearance`: the icon's colour, the title's attributes (font and
/// foreground colour are drawn) and the badge's background, for one state.
public final class TabBarItemStateAppearance: BridgeObject {
    public var iconColor: Color? { didSet { replaceOwned(oldValue, with: iconColor) } }
    public var titleTextAttributes: TextAttributes = [:]
    public var badgeBackgroundColor: Color? { didSet { replaceOwned(oldValue, with: badgeBackgroundColor) } }

    func copy(into other: TabBarItemStateAppearance) {
        other.iconColor = iconColor
        other.titleTextAttributes = titleTextAttributes
        other.badgeBackgroundColor = badgeBackgroundColor
    }
}
