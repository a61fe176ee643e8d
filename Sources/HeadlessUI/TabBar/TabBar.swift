import Foundation
import ObjectBridge

/// `UITabBar`: 49 points tall at the bottom of the screen, above the home indicator's space
/// (which its background fills), with a hairline along its top. Its items share the width
/// equally; each shows its image above its title (10-point medium), in the tint when
/// selected and in grey otherwise. A tap on an item selects it and tells the delegate
/// (`tabBar_didSelectItem`) and the tab bar controller that owns the bar.
public final class TabBar: View {
    public private(set) var items: [TabBarItem] = []
    public private(set) var selectedItem: TabBarItem?
    @WeakObjectReference var delegate: BridgeObject? = nil
    public var barTintColor: Color? { didSet { replaceOwned(oldValue, with: barTintColor) } }
    public var unselectedItemTintColor: Color? {
        didSet {
            replaceOwned(oldValue, with: unselectedItemTintColor)
            setNeedsLayout()
        }
    }
    /// The appearances given (copies): the scroll edge one while the content is scrolled to its
    /// end, else the standard one; without them, the bar's own properties.
    public var standardAppearance: TabBarAppearance? { didSet { appearanceChanged(oldValue, standardAppearance) } }
    public var scrollEdgeAppearance: TabBarAppearance? {
        didSet { appearanceChanged(oldValue, scrollEdgeAppearance) }
    }
    /// Whether the shown content is scrolled to its end, or has none that scrolls.
    var isAtScrollEdge = true { didSet { if isAtScrollEdge != oldValue { setNeedsLayout() } } }
    /// What the owning tab bar controller does when the user taps an item; true to select it.
    var onUserSelect: ((TabBarItem) throws -> Bool)?
    private var buttons: [TabBarButton] = []
    private unowned let touches: TouchDispatcher
    private unowned let engine: TextEngine

    /// UIKit's bar height, above the home indicator's space.
    static let height = 49.0
    static let delegateProtocol = "UITabBarDelegate"

    init(touches: TouchDispatcher, engine: TextEngine) {
        self.touches = touches
        self.engine = engine
        super.init()
    }

    /// The background (the navigation bar's light tint, or the bar tint) and the top hairline,
    /// or the current appearance's.
    public override var backdrop: Drawing? {
        let size = bounds.size
        let pixel = 1 / (window?.screenScale ?? 1)
        let background = barTintColor ?? .barTint(alpha: 0.8)
        let appearance = currentAppearance
        return Drawing(size: size) { drawing in
            let area = CGRect(origin: .zero, size: size)
            let hairline = CGRect(x: 0, y: -pixel, width: size.width, height: pixel)
            if let appearance { return appearance.draw(in: &drawing, area: area, shadow: hairline) }
            drawing.fill(area, background)
            drawing.fill(hairline, .barHairline)
        }
    }

    var currentAppearance: TabBarAppearance? {
        isAtScrollEdge ? scrollEdgeAppearance ?? standardAppearance : standardAppearance
    }

    private func appearanceChanged(_ old: TabBarAppearance?, _ new: TabBarAppearance?) {
        replaceOwned(old, with: new)
        setNeedsLayout()
    }

    /// `setItems_animated`: the buttons are made again; the selection stays when its item does.
    func setItems(_ new: [TabBarItem]) {
        for item in items where !new.contains(where: { $0 === item }) {
            item.changed = nil
            abandon(item)
        }
        for item in new where !items.contains(where: { $0 === item }) {
            adopt(item)
            item.changed = { [weak self] in self?.setNeedsLayout() }
        }
        items = new
        if let selected = selectedItem, !new.contains(where: { $0 === selected }) { selectedItem = nil }
        for button in buttons { button.removeFromSuperview() }
        buttons = new.map { item in
            let button = TabBarButton(item: item, touches: touches, engine: engine)
            button.nativeHandlers.append(
                (
                    .touchUpInside,
                    { [weak self, weak item] in
                        guard let self, let item else { return }
                        try self.userTapped(item)
                    }
                ))
            try? addSubview(button)  // cannot fail: a new view is nobody's ancestor
            return button
        }
        setNeedsLayout()
    }

    func select(_ item: TabBarItem?) {
        selectedItem = item
        setNeedsLayout()
    }

    private func userTapped(_ item: TabBarItem) throws {
        if let onUserSelect {
            guard try onUserSelect(item) else { return }
        } else {
            select(item)
        }
        _ = try delegate?.ask(
            "tabBar_didSelectItem", of: Self.delegateProtocol, self, item, returning: AnyScriptValue.self)
    }

    public override func layoutSubviews() {
        guard !buttons.isEmpty else { return }
        let width = bounds.size.width / Double(buttons.count)
        let items = currentAppearance?.stackedLayoutAppearance
        for (index, button) in buttons.enumerated() {
            button.place(CGRect(x: width * Double(index), y: 0, width: width, height: Self.height))
            let selected = button.item === selectedItem
            let color = selected ? tintColor : unselectedItemTintColor ?? Color.systemGray
            button.show(
                selected: selected,
                look: TabBarButton.Look(color: color, state: selected ? items?.selected : items?.normal))
        }
    }
}

/// One item's button: its image centred 25 points high from 4 points down, its title under it,
/// and its badge: a capsule 18 points high and at least as wide, its text in white 13-point
/// type with 4 points each side, starting 5 points right of the image's middle and 2 above
/// its box. The badge's numbers are Rebound's: Apple does not publish them.
final class TabBarButton: Control {
    let item: TabBarItem
    let imageView = ImageView()
    let titleLabel: Label
    let badge: Label

    /// Where the image box starts, its size, and where the title's baseline box ends.
    static let imageTop = 4.0
    static let imageSide = 25.0
    static let titleBottom = 46.0

    init(item: TabBarItem, touches: TouchDispatcher, engine: TextEngine) {
        self.item = item
        titleLabel = Label(engine: engine)
        titleLabel.font = Self.titleFont(engine)
        titleLabel.textAlignment = 1
        badge = Label(engine: engine)
        badge.font = Font.system(Self.badgeFontSize, text: engine)
        badge.textColor = Color(white: 1, alpha: 1)
        badge.textAlignment = 1
        badge.clipsToBounds = true
        badge.layer.cornerRadius = Self.badgeHeight / 2
        super.init(touches: touches)
        imageView.contentMode = 4  // centred, as UIKit draws a tab image at its own size
        imageView.automaticImagesAreTemplates = true
        try? addSubview(imageView)  // cannot fail: new views are nobody's ancestors
        try? addSubview(titleLabel)
        try? addSubview(badge)
    }

    /// The badge's colour from the appearance, when the item gives none.
    private var badgeFallback: Color?

    static func titleFont(_ engine: TextEngine) -> Font { Font.system(10, weight: 500, text: engine) }

    static let badgeHeight = 18.0
    static let badgeFontSize = 13.0
    static let badgePadding = 4.0
    static let badgeOffset = 5.0

    /// How an item is drawn: the bar's colour for its state, under the appearance's.
    struct Look {
        var icon: Color
        var title: Color
        var titleFont: Font?
        var badge: Color?

        init(color: Color, state: TabBarItemStateAppearance?) {
            let attributes = NavigationBarAppearance.style(state?.titleTextAttributes ?? [:])
            icon = state?.iconColor ?? color
            title = attributes.color ?? state?.iconColor ?? color
            titleFont = attributes.font
            badge = state?.badgeBackgroundColor
        }
    }

    func show(selected: Bool, look: Look) {
        imageView.image = selected ? (item.selectedImage ?? item.image) : item.image
        titleLabel.text = item.title
        titleLabel.textColor = look.title
        titleLabel.keepFont(look.titleFont ?? Self.titleFont(titleLabel.engine))
        imageView.ownTintColor = look.icon
        badgeFallback = look.badge
        let width = bounds.size.width
        imageView.place(
            CGRect(x: (width - Self.imageSide) / 2, y: Self.imageTop, width: Self.imageSide, height: Self.imageSide))
        let height = titleLabel.sizeThatFits(CGSize(width: width, height: 0)).height
        titleLabel.place(CGRect(x: 0, y: Self.titleBottom - height, width: width, height: height))
        showBadge()
    }

    private func showBadge() {
        badge.isHidden = item.badgeValue == nil
        guard let value = item.badgeValue else { return }
        badge.text = value
        badge.backgroundColor = item.badgeColor ?? badgeFallback ?? Color.systemRed
        let textWidth = value.isEmpty ? 0 : badge.sizeThatFits(CGSize(width: 1000, height: Self.badgeHeight)).width
        let badgeWidth = max(Self.badgeHeight, textWidth + 2 * Self.badgePadding)
        badge.place(
            CGRect(
                x: bounds.size.width / 2 + Self.badgeOffset, y: Self.imageTop - 2, width: badgeWidth,
                height: Self.badgeHeight))
    }
}
