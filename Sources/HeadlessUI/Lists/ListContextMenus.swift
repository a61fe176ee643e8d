import Foundation
import ObjectBridge

/// `UICollectionViewDelegate`'s context menus (iOS 13's, one item at a time).
extension CollectionView: ItemContextMenuTarget {
    static let contextMenuMethods = ContextMenuMethods(view: "collectionView", item: "Item")
    func itemView(at path: IndexPathValue) -> View? { visibleCells[path] }
}

/// `UITableViewDelegate`'s context menus.
extension TableView: ItemContextMenuTarget {
    static let contextMenuMethods = ContextMenuMethods(view: "tableView", item: "Row")
    func itemView(at path: IndexPathValue) -> View? { visibleCells[path] }
}
