import Foundation
import ObjectBridge

/// `UIBarButtonItem`: a button of a navigation bar or a toolbar, by title, image, system item or
/// custom view, with a target and action that a tap on it sends, or a primary action (iOS 14)
/// that it performs; or, in a toolbar, a flexible or fixed space. With a menu, a tap opens the
/// menu when the item has no action, else a long press does.
public final class BarButtonItem: BridgeObject {
    public var title: String? { didSet { changed() } }
    /// Drawn in the tint, as a template, when the item has no title.
    public var image: Image? {
        didSet {
            replaceOwned(oldValue, with: image)
            changed()
        }
    }
    public var style = 0 { didSet { changed() } }
    public var systemItem: Int?
    public var isEnabled = true { didSet { changed() } }
    /// The colour of its title and image instead of the bar's tint.
    public var tintColor: Color? {
        didSet {
            replaceOwned(oldValue, with: tintColor)
            changed()
        }
    }
    public var tag = 0
    public var width = 0.0
    public var customView: View? {
        didSet {
            replaceOwned(oldValue, with: customView)
            changed()
        }
    }
    @WeakObjectReference public var target: BridgeObject? = nil
    public var action: String?
    public var primaryAction: MenuAction? {
        didSet {
            replaceOwned(oldValue, with: primaryAction)
            changed()
        }
    }
    public var menu: Menu? {
        didSet {
            replaceOwned(oldValue, with: menu)
            changed()
        }
    }
    /// What UIKit's own items do when tapped (a controller's Edit button), before any action.
    var nativeAction: (() throws -> Void)?
    /// The bar showing it, told when it changes.
    weak var bar: (any BarItemHost)?

    static let styles: [(String, Int)] = [("Plain", 0), ("Bordered", 1), ("Done", 2)]
    /// `UIBarButtonSystemItem`, and the titles the bar shows for those that are words.
    static let systemItems: [(String, Int)] = [
        ("Done", 0), ("Cancel", 1), ("Edit", 2), ("Save", 3), ("Add", 4), ("FlexibleSpace", 5), ("FixedSpace", 6),
        ("Compose", 7), ("Reply", 8), ("Action", 9), ("Organize", 10), ("Bookmarks", 11), ("Search", 12),
        ("Refresh", 13),
        ("Stop", 14), ("Camera", 15), ("Trash", 16), ("Play", 17), ("Pause", 18), ("Rewind", 19), ("FastForward", 20),
        ("Undo", 21), ("Redo", 22), ("PageCurl", 23), ("Close", 24),
    ]

    /// What the bar writes on it: its title (or its primary action's), or its system item's
    /// word (Add is "+").
    var shownTitle: String {
        if let title = title ?? (image == nil ? primaryAction?.title : nil) { return title }
        guard let systemItem else { return "" }
        if systemItem == 4 { return "+" }
        return Self.systemItems.first { $0.1 == systemItem }?.0 ?? ""
    }

    private func changed() { bar?.itemsDidChange() }

    /// `UIBarButtonSystemItemFlexibleSpace` and `…FixedSpace`.
    var isFlexibleSpace: Bool { systemItem == 5 }
    var isFixedSpace: Bool { systemItem == 6 }

    /// A bar's system button: its title in the 17-point system font (semibold for a done
    /// button), sized to it.
    static func barButton(_ title: String, bold: Bool = false, touches: TouchDispatcher, engine: TextEngine)
        -> Button
    {
        let button = Button(type: 1, touches: touches, engine: engine)
        button.titleLabel.font = Font.system(17, weight: bold ? 600 : 400, text: engine)
        button.setTitle(title, for: 0)
        button.frame.size = button.sizeThatFits(.zero)
        return button
    }

    /// The view a bar shows for the item: its custom view, or a system button sized to its
    /// title that performs it.
    func makeView(touches: TouchDispatcher, engine: TextEngine) -> View {
        if let customView { return customView }
        let button = Self.barButton(shownTitle, bold: isDone, touches: touches, engine: engine)
        if let image = image ?? primaryAction?.image, title == nil {
            button.setImage(image, for: 0)
            button.frame.size = button.sizeThatFits(.zero)
        }
        button.isEnabled = isEnabled
        button.ownTintColor = tintColor
        button.nativeHandlers.append((.touchUpInside, { [weak self] in try self?.perform() }))
        if let menu {
            button.menuState.showsAsPrimaryAction = primaryAction == nil && action == nil
            button.setMenu(menu)
        }
        return button
    }

    /// UIKit draws the Done style and the Done system item in bold.
    private var isDone: Bool { style == 2 || systemItem == 0 }

    /// A tap on it: UIKit's own action, its primary action, then its action to its target, with
    /// the item as the sender.
    func perform() throws {
        guard isEnabled else { return }
        try nativeAction?()
        primaryAction?.perform(from: self)
        guard let action, let target, let bridge else { return }
        try bridge.performAction(action, on: target, sender: self)
    }
}

/// A bar that shows bar button items and lays them out again when one changes.
protocol BarItemHost: AnyObject {
    func itemsDidChange()
}
