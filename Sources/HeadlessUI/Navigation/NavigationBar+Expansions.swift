import Foundation
import ObjectBridge

/// What a navigation controller's bar shows under its 44-point row: the top item's large
/// title (52 points, `prefersLargeTitles`), then its search controller's search bar (52). As
/// the content scrolls up they scroll away with it, the search bar first (unless the item
/// keeps it, `hidesSearchBarWhenScrolling` off), then the large title, and come back as it
/// scrolls down. While a search that hides the navigation bar is active, only the search bar
/// shows.
extension NavigationBar {
    static let largeTitleHeight = 52.0
    /// The large title: 34-point bold, at the bar's margin, its line 3 points into its area.
    static let largeTitleFontSize = 34.0
    static let largeTitleTop = 3.0

    /// The top item's search bar, which only a navigation controller's bar shows.
    var shownSearchBar: SearchBar? { onBack != nil ? topItem?.searchController?.searchBar : nil }

    /// Whether an active search has the search bar in place of the bar's row.
    var searchHidesRow: Bool {
        guard let controller = topItem?.searchController, shownSearchBar != nil else { return false }
        return controller.isActive && controller.hidesNavigationBarDuringPresentation
    }

    /// How far the content has scrolled the expansions away, at most all that can go.
    private var scrolledAway: Double {
        guard let item = topItem, !searchHidesRow, item.searchController?.isActive != true else { return 0 }
        return min(max(item.scrolledAway, 0), collapsibleHeight)
    }

    /// What scrolling can take away: the large title, and the search bar unless it is kept.
    var collapsibleHeight: Double {
        let search = topItem?.hidesSearchBarWhenScrolling == false ? 0 : fullSearchHeight
        return (topShowsLargeTitle ? Self.largeTitleHeight : 0) + search
    }

    private var fullSearchHeight: Double { shownSearchBar?.barHeight ?? 0 }

    /// Where the expansions come to rest when the content stops with `scrolledAway` of them
    /// gone part way: the nearer end of the one going (the search bar, then the large title),
    /// as UIKit snaps the bar. Nil when nothing is part way.
    func restingScrolledAway(_ scrolledAway: Double) -> Double? {
        let search = topItem?.hidesSearchBarWhenScrolling == false ? 0 : fullSearchHeight
        for (start, end) in [(0, search), (search, collapsibleHeight)] where end > start {
            guard scrolledAway > start + 0.5, scrolledAway < end - 0.5 else { continue }
            return scrolledAway - start < end - scrolledAway ? start : end
        }
        return nil
    }

    /// The parts shown now: the search bar goes first, then the large title.
    var shownSearchHeight: Double {
        let kept = topItem?.hidesSearchBarWhenScrolling == false
        return kept ? fullSearchHeight : max(0, fullSearchHeight - scrolledAway)
    }

    var shownLargeTitleHeight: Double {
        guard topShowsLargeTitle, !searchHidesRow else { return 0 }
        let kept = topItem?.hidesSearchBarWhenScrolling == false
        let takenFromTitle = kept ? scrolledAway : max(0, scrolledAway - fullSearchHeight)
        return max(0, Self.largeTitleHeight - takenFromTitle)
    }

    /// The bar's height under the status bar.
    var contentHeight: Double {
        if searchHidesRow { return fullSearchHeight }
        return Self.height + shownLargeTitleHeight + shownSearchHeight
    }

    /// The height with nothing scrolled away: where the content's top rests.
    var expandedHeight: Double {
        if searchHidesRow { return fullSearchHeight }
        return Self.height + (topShowsLargeTitle ? Self.largeTitleHeight : 0) + fullSearchHeight
    }

    /// Tells the navigation controller when the height changed.
    func announceHeight() {
        guard contentHeight != announcedHeight else { return }
        announcedHeight = contentHeight
        onHeightChange?()
    }

    /// Places the large title and the search bar under the row, clipped to what shows of them,
    /// and removes a search bar that no longer belongs here.
    func layoutExpansions() {
        let large = shownLargeTitleHeight
        let top = searchHidesRow ? 0 : Self.height
        if !topShowsLargeTitle {
            largeTitleArea.removeFromSuperview()
        } else if largeTitleArea.superview !== self {
            try? insertSubview(largeTitleArea, at: 0)  // cannot fail: the bar is not its descendant
        }
        largeTitleArea.isHidden = large <= 0
        largeTitleArea.frame = CGRect(x: 0, y: top, width: bounds.width, height: large)
        largeTitleLabel.text = topShowsLargeTitle ? topItem?.title : nil
        let margin = View.systemSideMargin(forWidth: bounds.width)
        let size = largeTitleLabel.sizeThatFits(.zero)
        largeTitleLabel.frame = CGRect(
            x: margin, y: Self.largeTitleTop - (Self.largeTitleHeight - large),
            width: min(size.width, max(0, bounds.width - 2 * margin)), height: size.height)

        let search = shownSearchBar
        if let old = searchBarView, old !== search, old.superview === self { old.removeFromSuperview() }
        searchBarView = search
        guard let search else { return }
        if search.superview !== self { try? addSubview(search) }  // cannot fail: the bar is not its descendant
        let shown = shownSearchHeight
        search.clipsToBounds = shown < search.barHeight
        search.frame = CGRect(x: 0, y: top + large, width: bounds.width, height: shown)
        // The field fades as it scrolls away, gone by the time half of it has.
        search.searchTextField.alpha = min(1, max(0, shown / search.barHeight * 2 - 1))
    }
}
