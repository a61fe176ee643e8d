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
                    "refreshControl", get: { try ($0.view() as? TableView)?.refreshControl },
                    set: { try ($0.view() as? TableView)?.setRefreshControl($1) })
                c.property(
                    "clearsSelectionOnViewWillAppear", get: { $0.clearsSelectionOnViewWillAppear },
                    set: { $0.clearsSelectionOnViewWillAppear = $1 })
                c.method("viewWillAppear", overridable: true) { (controller: TableViewController, animated: Bool) in
                    try controller.nativeLifecycle("viewWillAppear", animated: animated)
                }
                staticDataSourceMethods(c)
                c.adopts(TableView.dataSourceProtocol, TableView.tableDelegateProtocol)
            }
        }

        /// UIKit's own answers for a static table, which an override reaches through super
        /// (`self[objc.UITableViewController]:tableView_numberOfRowsInSection(tableView, section)`).
        private static func staticDataSourceMethods(_ c: NativeClassBuilder<TableViewController>) {
            c.method("numberOfSectionsInTableView", overridable: true) { (_: TableViewController, table: TableView) in
                table.staticContent?.sections.count ?? 1
            }
            c.method("tableView_numberOfRowsInSection", overridable: true) {
                (_: TableViewController, table: TableView, section: Int) in
                table.staticContent?.numberOfRows(in: section) ?? 0
            }
            c.method("tableView_cellForRowAtIndexPath", overridable: true) {
                (_: TableViewController, table: TableView, path: IndexPathValue) -> TableViewCell in
                guard let cell = table.staticContent?.cell(at: path) else {
                    throw ScriptValueError(
                        "the table has no static cell for row \(path.item) of section \(path.section)")
                }
                return cell
            }
            c.method("tableView_heightForRowAtIndexPath", overridable: true) {
                (_: TableViewController, table: TableView, path: IndexPathValue) in
                table.staticContent?.rowHeight(at: path) ?? table.rowHeight
            }
            c.method("tableView_titleForHeaderInSection", overridable: true) {
                (_: TableViewController, table: TableView, section: Int) in
                table.staticContent?.title(section, header: true)
            }
            c.method("tableView_titleForFooterInSection", overridable: true) {
                (_: TableViewController, table: TableView, section: Int) in
                table.staticContent?.title(section, header: false)
            }
        }
    }
}

extension TableViewController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
