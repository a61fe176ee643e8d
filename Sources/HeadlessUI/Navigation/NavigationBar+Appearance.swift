import Foundation
import ObjectBridge

/// Which appearance draws the bar, and how its titles look. At the scroll edge (the content at
/// its top, or a large title showing) the top item's or the bar's `scrollEdgeAppearance` draws
/// it; in a compact height their `compactAppearance`; otherwise their `standardAppearance`.
/// Without any, the bar's own properties do (`barTintColor`, `barStyle`, `translucent`), and a
/// large-title bar at the scroll edge draws no background, as since iOS 13.
extension NavigationBar {
    /// Whether the content is at its top: a large title still showing, or the top item's
    /// content scrolled to its start.
    var isAtScrollEdge: Bool {
        if topShowsLargeTitle { return shownLargeTitleHeight > 0 }
        return topItem?.isContentAtTop ?? true
    }

    /// The appearance drawing the bar now; nil when none was given.
    var currentAppearance: NavigationBarAppearance? {
        let item = topItem
        if isAtScrollEdge, let edge = item?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
        if traitCollection.verticalSizeClass == 1, let compact = item?.compactAppearance ?? compactAppearance {
            return compact
        }
        return item?.standardAppearance ?? standardAppearance
    }

    func appearanceChanged(_ old: NavigationBarAppearance?, _ new: NavigationBarAppearance?) {
        replaceOwned(old, with: new)
        setNeedsLayout()
    }

    /// The titles' fonts and colours: the appearance's attributes over the bar's own, over
    /// UIKit's (17-point semibold and 34-point bold, white on a black bar).
    func styleTitles() {
        let appearance = currentAppearance
        let styleColor = barStyle == 1 ? Color(white: 1, alpha: 1) : nil
        let small = NavigationBarAppearance.style(appearance?.titleTextAttributes ?? [:])
        let ownSmall = NavigationBarAppearance.style(titleTextAttributes)
        titleLabel.keepFont(small.font ?? ownSmall.font ?? Font.system(17, weight: 600, text: engine))
        titleLabel.textColor = small.color ?? ownSmall.color ?? styleColor
        let large = NavigationBarAppearance.style(appearance?.largeTitleTextAttributes ?? [:])
        let ownLarge = NavigationBarAppearance.style(largeTitleTextAttributes)
        largeTitleLabel.keepFont(
            large.font ?? ownLarge.font ?? Font.system(Self.largeTitleFontSize, weight: 700, text: engine))
        largeTitleLabel.textColor = large.color ?? ownLarge.color ?? styleColor
    }
}
