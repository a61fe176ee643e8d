import Foundation
import ObjectBridge

/// View controllers and layouts from their elements.
extension NibInstantiation {
    func decodeController(_ element: IBElement, _ controller: ViewController) throws {
        if let title = element["title"] { controller.title = title }
        if let item = element.keyed("navigationItem"), let title = item["title"] {
            controller.navigationItem.title = title
        }
        if let found = element.keyed("view") {
            guard let made = try makeObject(found) as? View else {
                throw problem(found, "the view controller's view is not a view")
            }
            try controller.setView(made)
        }
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
