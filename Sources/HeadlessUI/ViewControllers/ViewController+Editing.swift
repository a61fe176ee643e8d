import Foundation
import ObjectBridge

/// A controller's editing mode, as UIKit's: `setEditing_animated` (which scripts override,
/// calling super) and `editButtonItem`, a bar button that reads Edit or Done and toggles the
/// mode. A table view controller puts its table in the same mode.
extension ViewController {
    /// Through the script's `setEditing_animated` when its class has one, as a tap on the Edit
    /// button calls it.
    func setEditing(_ editing: Bool, animated: Bool) throws {
        if try !runOverride("setEditing_animated", editing, animated) {
            try nativeSetEditing(editing, animated: animated)
        }
    }

    func nativeSetEditing(_ editing: Bool, animated: Bool) throws {
        isEditing = editing
        if let item = storedEditButtonItem { showMode(on: item) }
        if let table = self as? TableViewController { try table.tableView?.setEditing(editing, animated: animated) }
    }

    /// The Edit/Done button, made when first asked for.
    var editButtonItem: BarButtonItem {
        if let storedEditButtonItem { return storedEditButtonItem }
        let item = BarButtonItem()
        item.nativeAction = { [weak self] in
            guard let self else { return }
            try self.setEditing(!self.isEditing, animated: true)
        }
        adopt(item)
        showMode(on: item)
        storedEditButtonItem = item
        return item
    }

    private func showMode(on item: BarButtonItem) {
        item.title = isEditing ? "Done" : "Edit"
        item.style = isEditing ? 2 : 0
    }

    /// The members scripts see.
    static func addEditingMembers(to c: NativeClassBuilder<ViewController>) {
        c.property("editing", get: { $0.isEditing }, set: { try $0.setEditing($1, animated: false) })
        c.method("setEditing_animated", overridable: true) {
            (controller: ViewController, editing: Bool, animated: Bool) in
            try controller.nativeSetEditing(editing, animated: animated)
        }
        c.property("editButtonItem") { (controller: ViewController) in controller.editButtonItem }
    }
}
