import Foundation
import ObjectBridge

/// `UIBarButtonItem`: a button of a navigation bar, by title, system item or custom view, with
/// a target and action that a tap on it sends.
public final class BarButtonItem: BridgeObject {
    public var title: String? { didSet { changed() } }
    public var style = 0
    public var systemItem: Int?
    public var isEnabled = true { didSet { changed() } }
    public var tag = 0
    public var width = 0.0
    public var customView: View? {
        didSet {
            replaceOwned(oldValue, with: customView)
            changed()
        }
    }
    public weak var target: BridgeObject?
    public var action: String?
    /// The bar showing it, told when it changes.
    weak var bar: NavigationBar?

    static let styles: [(String, Int)] = [("Plain", 0), ("Bordered", 1), ("Done", 2)]
    /// `UIBarButtonSystemItem`, and the titles the bar shows for those that are words.
    static let systemItems: [(String, Int)] = [
        ("Done", 0), ("Cancel", 1), ("Edit", 2), ("Save", 3), ("Add", 4), ("FlexibleSpace", 5), ("FixedSpace", 6),
        ("Compose", 7), ("Reply", 8), ("Action", 9), ("Organize", 10), ("Bookmarks", 11), ("Search", 12),
        ("Refresh", 13),
        ("Stop", 14), ("Camera", 15), ("Trash", 16), ("Play", 17), ("Pause", 18), ("Rewind", 19), ("FastForward", 20),
        ("Undo", 21), ("Redo", 22), ("PageCurl", 23), ("Close", 24),
    ]

    /// What the bar writes on it: its title, or its system item's word (Add is "+").
    var shownTitle: String {
        if let title { return title }
        guard let systemItem else { return "" }
        if systemItem == 4 { return "+" }
        return Self.systemItems.first { $0.1 == systemItem }?.0 ?? ""
    }

    private func changed() { bar?.itemsDidChange() }

    /// A tap on it: its action to its target, with the item as the sender.
    func perform() throws {
        guard isEnabled, let action, let target, let bridge else { return }
        try bridge.performAction(action, on: target, sender: self)
    }
}
