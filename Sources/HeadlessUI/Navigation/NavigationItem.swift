import Foundation
import ObjectBridge

/// `UINavigationItem`: what a view controller shows in the navigation bar when it is on top:
/// a title (its controller's unless set), and bar button items on each side.
public final class NavigationItem: BridgeObject {
    private var ownTitle: String?
    public var titleView: View? {
        didSet {
            replaceOwned(oldValue, with: titleView)
            changed()
        }
    }
    public private(set) var leftBarButtonItems: [BarButtonItem] = []
    public private(set) var rightBarButtonItems: [BarButtonItem] = []
    public var backBarButtonItem: BarButtonItem? { didSet { replaceOwned(oldValue, with: backBarButtonItem) } }
    public var hidesBackButton = false { didSet { changed() } }
    /// What the back button to this item says, when its `backBarButtonItem` has no title.
    public var backButtonTitle: String? { didSet { changed() } }
    /// The search controller whose bar a navigation controller's bar shows under the title.
    public var searchController: SearchController? {
        didSet {
            guard oldValue !== searchController else { return }
            replaceOwned(oldValue, with: searchController)
            oldValue?.holdingItem = nil
            oldValue?.searchBar.isInNavigationBar = false
            searchController?.holdingItem = self
            searchController?.searchBar.isInNavigationBar = true
            changed()
        }
    }
    /// Whether the search bar scrolls away with the content (else only the large title does).
    public var hidesSearchBarWhenScrolling = true { didSet { changed() } }
    /// `UINavigationItemLargeTitleDisplayMode`: automatic 0 (as the item below; the first item
    /// shows it), always 1, never 2.
    public var largeTitleDisplayMode = 0 { didSet { bar?.onLargeTitlesChange?() } }
    /// The appearances the bar uses while this item is on top, before its own (copies).
    public var standardAppearance: NavigationBarAppearance? {
        didSet { appearanceChanged(oldValue, standardAppearance) }
    }
    public var scrollEdgeAppearance: NavigationBarAppearance? {
        didSet { appearanceChanged(oldValue, scrollEdgeAppearance) }
    }
    public var compactAppearance: NavigationBarAppearance? { didSet { appearanceChanged(oldValue, compactAppearance) } }
    /// Whether the controller's content is scrolled to its top: the bar is at its scroll edge.
    var isContentAtTop = true
    /// How far the controller's content has scrolled the bar's large title and search bar
    /// away, kept with the item so that the bar is as the content left it when it shows again.
    var scrolledAway = 0.0
    @WeakObjectReference var controller: ViewController? = nil
    /// The bar showing it, told when it changes.
    @WeakObjectReference var bar: NavigationBar? = nil

    public var title: String? {
        get { ownTitle ?? controller?.title }
        set {
            ownTitle = newValue
            changed()
        }
    }

    func setItems(_ items: [BarButtonItem], left: Bool) {
        let old = left ? leftBarButtonItems : rightBarButtonItems
        for item in old { abandon(item) }
        for item in items { adopt(item) }
        if left { leftBarButtonItems = items } else { rightBarButtonItems = items }
        changed()
    }

    func changed() { bar?.itemsDidChange() }

    private func appearanceChanged(_ old: NavigationBarAppearance?, _ new: NavigationBarAppearance?) {
        replaceOwned(old, with: new)
        bar?.setNeedsLayout()
    }
}
