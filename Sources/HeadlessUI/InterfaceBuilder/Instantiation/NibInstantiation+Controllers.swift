import Foundation
import ObjectBridge

/// View controllers and layouts from their elements.
extension NibInstantiation {
    func decodeController(_ element: IBElement, _ controller: ViewController) throws {
        if let title = element["title"] { controller.title = title }
        if let hides = try bool(element, "hidesBottomBarWhenPushed") { controller.hidesBottomBarWhenPushed = hides }
        if let includes = try bool(element, "extendedLayoutIncludesOpaqueBars") {
            controller.extendedLayoutIncludesOpaqueBars = includes
        }
        if let modal = try bool(element, "modalInPresentation") { controller.isModalInPresentation = modal }
        if let adjusts = try bool(element, "automaticallyAdjustsScrollViewInsets") {
            controller.automaticallyAdjustsScrollViewInsets = adjusts
        }
        if let edges = element.keyed("edgesForExtendedLayout") {
            controller.edgesForExtendedLayout = try rectEdges(edges)
        }
        controller.toolbarItems = try element.list("toolbarItems").map { item in
            guard let made = try makeObject(item) as? BarButtonItem else {
                throw problem(item, "a toolbar item is not a UIBarButtonItem")
            }
            return made
        }
        try StoryboardSegue.applyModalStyles(of: element, to: controller, in: document)
        if let item = element.keyed("navigationItem") { try decodeNavigationItem(item, controller.navigationItem) }
        try decodeContainer(element, controller)
        if let item = element.keyed("tabBarItem") { try decodeTabBarItem(item, controller.tabBarItem) }
        if let tableController = controller as? TableViewController,
            let clears = try bool(element, "clearsSelectionOnViewWillAppear")
        {
            tableController.clearsSelectionOnViewWillAppear = clears
        }
        if let storyboard {
            _ = element["storyboardIdentifier"]
            controller.storyboardScene = StoryboardScene(storyboard: storyboard, element: element)
            try makeRelationships(element, controller, storyboard)
            return
        }
        if let found = element.keyed("view") {
            guard let made = try makeObject(found) as? View else {
                throw problem(found, "the view controller's view is not a view")
            }
            try controller.setView(made)
            try decodeRefreshControl(element, controller)
        }
        try decodeLayoutGuides(element, controller)
        try decodeChildren(element, controller)
    }

    /// A page view controller's style and orientation.
    private func decodePageViewController(_ element: IBElement, _ pages: PageViewController) throws {
        let style = try named(element, "transitionStyle", ["pageCurl": 0, "scroll": 1]) ?? pages.transitionStyle
        let orientation =
            try named(element, "navigationOrientation", ["horizontal": 0, "vertical": 1]) ?? pages.navigationOrientation
        do {
            try pages.configure(
                transitionStyle: style, navigationOrientation: orientation, interPageSpacing: pages.interPageSpacing)
        } catch { throw problem(element, "\(error)") }
    }

    /// A container's own bar, which it makes and places: the document's element styles it (and
    /// a navigation bar's may name its class). A navigation controller may hide its bar.
    private func decodeContainer(_ element: IBElement, _ controller: ViewController) throws {
        if let pages = controller as? PageViewController { try decodePageViewController(element, pages) }
        if let navigation = controller as? NavigationController {
            if let hidden = try bool(element, "navigationBarHidden") { try navigation.setNavigationBarHidden(hidden) }
            if let bar = element.keyed("navigationBar") {
                if let custom = bar["customClass"] {
                    if let cls = try customClass(named: custom) {
                        do { try navigation.makeNavigationBar(of: cls) } catch { throw problem(bar, "\(error)") }
                    } else {
                        warnOnce(bar, "Unknown class \(custom) in Interface Builder file; UINavigationBar is used")
                    }
                }
                try decodeContainerBar(bar, navigation.navigationBar)
            }
        }
        if let tabs = controller as? TabBarController, let bar = element.keyed("tabBar") {
            try decodeContainerBar(bar, tabs.tabBar)
        }
    }

    /// A table view controller's `<refreshControl key="refreshControl">`, given to its table
    /// once the view is loaded.
    func decodeRefreshControl(_ element: IBElement, _ controller: ViewController) throws {
        guard let found = element.keyed("refreshControl"), let table = controller.loadedView as? TableView else {
            return
        }
        guard let control = try makeObject(found) as? RefreshControl else {
            throw problem(found, "the refresh control is not a UIRefreshControl")
        }
        try table.setRefreshControl(control)
    }

    func decodeTabBarItem(_ element: IBElement, _ item: TabBarItem) throws {
        if let title = element["title"] { item.title = title }
        if let name = element["image"] { item.image = try image(named: name, for: element) }
        if let name = element["selectedImage"] { item.selectedImage = try image(named: name, for: element) }
        if let tag = try integer(element, "tag") { item.tag = tag }
        if let badge = element["badgeValue"] { item.badgeValue = badge }
    }

    /// A xib's container holds its children in `<viewControllers>` (a storyboard links them by
    /// relationship segues): a navigation controller's stack, a tab bar controller's tabs.
    private func decodeChildren(_ element: IBElement, _ controller: ViewController) throws {
        let children = try element.list("viewControllers").map { child in
            guard let made = try makeObject(child) as? ViewController else {
                throw problem(child, "a child of <\(element.name)> is not a view controller")
            }
            return made
        }
        guard !children.isEmpty else { return }
        switch controller {
        case let navigation as NavigationController: try navigation.setViewControllers(children, animated: false)
        case let tabs as TabBarController: try tabs.setViewControllers(children)
        default: warnOnce(element, "<\(element.name)> holds view controllers, which only containers take")
        }
    }

    /// A container's children from its relationship segues: a navigation controller's root, a
    /// tab bar controller's tabs in the document's order.
    private func makeRelationships(_ element: IBElement, _ controller: ViewController, _ storyboard: Storyboard) throws
    {
        var tabs: [ViewController] = []
        var columns: [String: ViewController] = [:]
        for segue in element.list("connections") where segue.name == "segue" && segue["kind"] == "relationship" {
            guard let destination = segue["destination"] else {
                throw problem(segue, "the relationship has no destination")
            }
            switch (segue["relationship"] ?? "", controller) {
            case ("rootViewController", let navigation as NavigationController):
                let child = try storyboard.instantiateScene(controllerID: destination, chain: chain, via: segue)
                try navigation.setViewControllers([child], animated: false)
            case ("viewControllers", is TabBarController):
                tabs.append(try storyboard.instantiateScene(controllerID: destination, chain: chain, via: segue))
            case (let column, is SplitViewController) where Self.splitColumns.contains(column):
                columns[column] = try storyboard.instantiateScene(controllerID: destination, chain: chain, via: segue)
            case (let relationship, _):
                warnOnce(
                    segue, "the relationship \(relationship) of <\(element.name)> is not something Rebound makes yet")
            }
        }
        if let tabBarController = controller as? TabBarController, !tabs.isEmpty {
            try tabBarController.setViewControllers(tabs)
        }
        if let split = controller as? SplitViewController {
            try makeColumns(of: split, columns, element)
        }
    }

    /// A split view controller's relationships: Xcode's master and detail (a column-style
    /// document's supplementary column stands between them, as the secondary Rebound shows),
    /// and the compact column.
    static let splitColumns: Set<String> = [
        "masterViewController", "detailViewController", "supplementaryViewController", "compactViewController",
    ]

    private func makeColumns(of split: SplitViewController, _ columns: [String: ViewController], _ element: IBElement)
        throws
    {
        guard let primary = columns["masterViewController"] else {
            throw problem(element, "the split view controller has no masterViewController relationship")
        }
        try split.setCompactViewController(columns["compactViewController"])
        let secondary = columns["detailViewController"] ?? columns["supplementaryViewController"]
        try split.setViewControllers([primary] + (secondary.map { [$0] } ?? []))
    }

    /// `<navigationItem>`: its title and its bar button items, one by key or several in a list.
    func decodeNavigationItem(_ element: IBElement, _ item: NavigationItem) throws {
        if let title = element["title"] { item.title = title }
        if let hides = try bool(element, "hidesBackButton") { item.hidesBackButton = hides }
        if let found = element.keyed("titleView") { item.titleView = try keyedView(found) }
        if let title = element["backButtonTitle"] { item.backButtonTitle = title }
        if let mode = try named(element, "largeTitleDisplayMode", ["automatic": 0, "always": 1, "never": 2]) {
            item.largeTitleDisplayMode = mode
        }
        func items(_ single: String, _ list: String) throws -> [BarButtonItem]? {
            // One item by key, or several in a list (Xcode writes either).
            let elements = element.keyed(single).map { [$0] } ?? element.child(list)?.children.map { $0.read() }
            return try elements?.map { found in
                guard let made = try makeObject(found) as? BarButtonItem else {
                    throw problem(found, "<\(found.name)> in a navigation item is not a UIBarButtonItem")
                }
                return made
            }
        }
        if let left = try items("leftBarButtonItem", "leftBarButtonItems") { item.setItems(left, left: true) }
        if let right = try items("rightBarButtonItem", "rightBarButtonItems") { item.setItems(right, left: false) }
        if let back = element.keyed("backBarButtonItem") {
            guard let made = try makeObject(back) as? BarButtonItem else {
                throw problem(back, "the back item is not a UIBarButtonItem")
            }
            item.backBarButtonItem = made
        }
    }

    /// `<barButtonItem>`: a title, an image or a system item (Xcode's names: `add`, `done`…), its
    /// style and width; its action connects as a control's does.
    func decodeBarButtonItem(_ element: IBElement, _ item: BarButtonItem) throws {
        item.title = element["title"] ?? item.title
        if let name = element["systemItem"] {
            guard let value = BarButtonItem.systemItems.first(where: { $0.0.lowercased() == name.lowercased() })?.1
            else {
                throw problem(element, "systemItem=\"\(name)\" is not a UIBarButtonSystemItem")
            }
            item.systemItem = value
        }
        if let style = try named(element, "style", ["plain": 0, "bordered": 1, "done": 2]) { item.style = style }
        if let width = try number(element, "width") { item.width = width }
        if let enabled = try bool(element, "enabled") { item.isEnabled = enabled }
        if let tag = try integer(element, "tag") { item.tag = tag }
        if let name = element["image"] { item.image = try image(named: name, for: element) }
        if let found = element.keyed("tintColor") { item.tintColor = try color(found) }
        if let found = element.keyed("customView") { item.customView = try keyedView(found) }
    }

    func decodeLayoutGuides(_ element: IBElement, _ controller: ViewController) throws {
        for guide in element.list("layoutGuides") {
            guard let id = guide.id else { continue }
            switch guide["type"] {
            case "top": guides[id] = try controller.view().systemGuide(.top)
            case "bottom": guides[id] = try controller.view().systemGuide(.bottom)
            case let other: warnOnce(guide, "the layout guide type \(other ?? "(none)") is not top or bottom")
            }
        }
    }

    func decodeFlowLayout(_ element: IBElement, _ layout: FlowLayout) throws {
        if let spacing = try number(element, "minimumLineSpacing") { layout.minimumLineSpacing = spacing }
        if let spacing = try number(element, "minimumInteritemSpacing") { layout.minimumInteritemSpacing = spacing }
        if let direction = try named(element, "scrollDirection", ["vertical": 0, "horizontal": 1]) {
            layout.scrollDirection = direction == 0 ? .vertical : .horizontal
        }
        if let found = element.keyed("itemSize") { layout.itemSize = try size(found) }
        if let found = element.keyed("estimatedItemSize") { layout.estimatedItemSize = try size(found) }
        // Xcode 11's "Estimate Size: Automatic", the default of a new collection view: cells size
        // themselves, as on the device.
        if try bool(element, "automaticEstimatedItemSize") == true {
            layout.estimatedItemSize = FlowLayout.automaticSize
        }
        if let found = element.keyed("headerReferenceSize") { layout.headerReferenceSize = try size(found) }
        if let found = element.keyed("footerReferenceSize") { layout.footerReferenceSize = try size(found) }
        if let found = element.keyed("sectionInset") { layout.sectionInset = try insets(found) }
    }
}
