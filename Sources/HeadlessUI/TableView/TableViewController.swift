import Foundation
import ObjectBridge

/// `UITableViewController`: a view controller whose view is a table view of its style, and
/// which is its data source and delegate. It clears the selection when it appears again
/// (`clearsSelectionOnViewWillAppear`), as UIKit's does.
public final class TableViewController: ViewController {
    /// The style `initWithStyle` gave, for the table view it makes.
    var style = 0
    public var clearsSelectionOnViewWillAppear = true

    override func loadView() throws {
        let view = TableView(style: style, touches: environment.touches, engine: environment.text)
        view.frame = environment.screen.bounds
        view.dataSource = self
        view.delegate = self
        try setView(view)
    }

    var tableView: TableView? { loadedView as? TableView }

    override func nativeLifecycle(_ method: String, animated: Bool) throws {
        if method == "viewWillAppear", clearsSelectionOnViewWillAppear { try tableView?.deselectAll() }
    }
}
