import Foundation
import ObjectBridge

extension TableViewController {
    /// Scripts' view of `TableViewController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITableViewController", superclass: "UIViewController", type: TableViewController.self,
                allocate: { TableViewController(environment: environment) }
            ) { c in
                c.method("initWithStyle", overridable: true) {
                    (controller: TableViewController, style: Int) -> TableViewController in
                    guard style == 0 || style == 1 else { throw ScriptValueError("\(style) is not a UITableViewStyle") }
                    controller.style = style
                    return controller
                }
                c.property("tableView", get: { try $0.view() as? TableView }, set: { try $0.setView($1) })
                c.property(
                    "clearsSelectionOnViewWillAppear", get: { $0.clearsSelectionOnViewWillAppear },
                    set: { $0.clearsSelectionOnViewWillAppear = $1 })
                c.method("viewWillAppear", overridable: true) { (controller: TableViewController, animated: Bool) in
                    try controller.nativeLifecycle("viewWillAppear", animated: animated)
                }
                c.adopts(TableView.dataSourceProtocol, TableView.tableDelegateProtocol)
            }
        }
    }
}
