import Foundation
import ObjectBridge

/// Navigation bars, toolbars and tab bars from their elements: a bar in a view, or the bar a
/// container makes, which its element styles.
extension NibInstantiation {
    func decodeNavigationBar(_ element: IBElement, _ bar: NavigationBar) throws {
        if let style = try named(element, "barStyle", Self.barStyles) { bar.barStyle = style }
        if let translucent = try bool(element, "translucent") { bar.isTranslucent = translucent }
        if let found = element.keyed("barTintColor") { bar.barTintColor = try color(found) }
        if let large = try bool(element, "prefersLargeTitles") { bar.prefersLargeTitles = large }
        if let attributes = element.keyed("titleTextAttributes") {
            try decodeTitleAttributes(attributes, bar)
        }
        let items = try element.list("items").map { found in
            guard let item = try makeObject(found) as? NavigationItem else {
                throw problem(found, "<\(found.name)> in a navigation bar's items is not a UINavigationItem")
            }
            return item
        }
        if let top = items.last {
            for item in items { bar.adopt(item) }
            bar.show(top: top, back: items.dropLast().last)
        }
    }

    func decodeToolbar(_ element: IBElement, _ toolbar: Toolbar) throws {
        if let style = try named(element, "barStyle", Self.barStyles) { toolbar.barStyle = style }
        if let translucent = try bool(element, "translucent") { toolbar.isTranslucent = translucent }
        if let found = element.keyed("barTintColor") { toolbar.barTintColor = try color(found) }
        toolbar.setItems(
            try element.list("items").map { found in
                guard let item = try makeObject(found) as? BarButtonItem else {
                    throw problem(found, "<\(found.name)> in a toolbar's items is not a UIBarButtonItem")
                }
                return item
            })
    }

    func decodeTabBar(_ element: IBElement, _ bar: TabBar) throws {
        if let found = element.keyed("barTintColor") { bar.barTintColor = try color(found) }
        // Xcode's "Image Tint": the selected item's colour, which is the bar's tint since iOS 7.
        if let found = element.keyed("selectedImageTintColor") { bar.ownTintColor = try color(found) }
        if let found = element.keyed("unselectedItemTintColor") { bar.unselectedItemTintColor = try color(found) }
        let items = try element.list("items").map { found in
            guard let item = try makeObject(found) as? TabBarItem else {
                throw problem(found, "<\(found.name)> in a tab bar's items is not a UITabBarItem")
            }
            return item
        }
        if !items.isEmpty { bar.setItems(items) }
    }

    /// The bar a container makes (a navigation controller's, a tab bar controller's), styled as
    /// its element says. The container places it, whatever frame the editor drew.
    func decodeContainerBar(_ element: IBElement, _ bar: View) throws {
        for placement in ["frame", "autoresizingMask"] { element.keyed(placement)?.readAllAttributes() }
        for attribute in ["contentMode", "insetsLayoutMarginsFromSafeArea", "opaque", "clearsContextBeforeDrawing"] {
            _ = element[attribute]
        }
        if let found = element.keyed("tintColor") { bar.ownTintColor = try color(found) }
        if let found = element.keyed("backgroundColor") { bar.backgroundColor = try color(found) }
        switch bar {
        case let navigationBar as NavigationBar: try decodeNavigationBar(element, navigationBar)
        case let tabBar as TabBar: try decodeTabBar(element, tabBar)
        default: break
        }
    }

    /// `<textAttributes key="titleTextAttributes">`: the title's font, colour and shadow.
    private func decodeTitleAttributes(_ element: IBElement, _ bar: NavigationBar) throws {
        var attributes: TextAttributes = [:]
        if let found = element.keyed("fontDescription") { attributes["NSFont"] = AnyScriptValue(try font(found)) }
        if let found = element.keyed("textColor") { attributes["NSColor"] = AnyScriptValue(try color(found)) }
        bar.titleTextAttributes = attributes
        let title = bar.titleLabel
        if let found = element.keyed("textShadowColor") { title.shadowColor = try color(found) }
        if let offset = element.keyed("textShadowOffset") {
            title.shadowOffset = CGSize(
                width: try number(offset, "horizontal") ?? 0, height: try number(offset, "vertical") ?? 0)
        }
    }

    /// `UIBarStyle` by Xcode's names.
    static let barStyles: [String: Int] = ["default": 0, "black": 1, "blackTranslucent": 2, "blackOpaque": 1]
}
