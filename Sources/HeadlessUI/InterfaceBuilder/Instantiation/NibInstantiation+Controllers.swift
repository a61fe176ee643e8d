import Foundation
import ObjectBridge

/// View controllers and layouts from their elements.
extension NibInstantiation {
    func decodeController(_ element: IBElement, _ controller: ViewController) throws {
        if let title = element["title"] { controller.title = title }
        try StoryboardSegue.applyModalStyles(of: element, to: controller, in: document)
        if let item = element.keyed("navigationItem"), let title = item["title"] {
            controller.navigationItem.title = title
        }
        // A container makes its own bar; the document's is the editor's picture of it, but for
        // a navigation bar's class.
        for key in ["navigationBar", "tabBar"] {
            guard let bar = element.keyed(key) else { continue }
            for part in bar.descendants { part.read().readAllAttributes() }
            if let navigation = controller as? NavigationController, key == "navigationBar",
                let custom = bar["customClass"]
            {
                guard let cls = try customClass(named: custom) else {
                    warnOnce(bar, "Unknown class \(custom) in Interface Builder file; UINavigationBar is used")
                    continue
                }
                do { try navigation.makeNavigationBar(of: cls) } catch { throw problem(bar, "\(error)") }
            }
        }
        if let item = element.keyed("tabBarItem") {
            controller.tabBarItem.title = item["title"]
            if let name = item["image"] { controller.tabBarItem.image = try image(named: name, for: item) }
            if let name = item["selectedImage"] {
                controller.tabBarItem.selectedImage = try image(named: name, for: item)
            }
            if let tag = try integer(item, "tag") { controller.tabBarItem.tag = tag }
            controller.tabBarItem.badgeValue = item["badgeValue"]
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
        }
        try decodeLayoutGuides(element, controller)
    }

    /// A container's children from its relationship segues: a navigation controller's root, a
    /// tab bar controller's tabs in the document's order.
    private func makeRelationships(_ element: IBElement, _ controller: ViewController, _ storyboard: Storyboard) throws
    {
        var tabs: [ViewController] = []
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
            case (let relationship, _):
                warnOnce(
                    segue, "the relationship \(relationship) of <\(element.name)> is not something Rebound makes yet")
            }
        }
        if let tabBarController = controller as? TabBarController, !tabs.isEmpty {
            try tabBarController.setViewControllers(tabs)
        }
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
        if let found = element.keyed("headerReferenceSize") { layout.headerReferenceSize = try size(found) }
        if let found = element.keyed("footerReferenceSize") { layout.footerReferenceSize = try size(found) }
        if let found = element.keyed("sectionInset") { layout.sectionInset = try insets(found) }
    }
}
