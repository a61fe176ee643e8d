import Foundation
import ObjectBridge

/// The root of a tab bar controller's `moreNavigationController`: the tabs past the fourth as
/// rows of a plain list (44 points each: the tab's image and title, a disclosure indicator, an
/// inset separator under it).
/// A tap on a row asks the tab bar controller to show that tab.
final class MoreListController: ViewController {
    /// The tab bar controller whose overflow this lists. Weak: a script may keep the list (or
    /// its navigation controller) after the tab bar controller has gone, and then taps do nothing.
    @WeakObjectReference private var tabs: TabBarController? = nil
    private var rows: [TableViewCell] = []

    static let rowHeight = 44.0

    init(tabs: TabBarController, environment: UIEnvironment) {
        self.tabs = tabs
        super.init(environment: environment)
        title = "More"
    }

    override func loadView() throws {
        let list = ScrollView(touches: environment.touches)
        list.frame = environment.screen.bounds
        list.alwaysBounceVertical = true
        list.backgroundColor = Color.systemBackground
        try setView(list)
        try showRows()
    }

    /// The overflow tabs as rows, made again when the tabs change.
    func showRows() throws {
        guard let list = loadedView as? ScrollView else { return }
        for row in rows { row.removeFromSuperview() }
        rows = (tabs?.overflowControllers ?? []).enumerated().map { offset, controller in
            let row = TableViewCell(
                style: 0, reuseIdentifier: nil, engine: environment.text, touches: environment.touches)
            row.textLabel.text = controller.tabBarItem.title ?? controller.title
            row.imageView.image = controller.tabBarItem.image
            row.imageView.automaticImagesAreTemplates = true
            row.accessoryType = 1
            row.separators.bottom = .inset
            row.frame = CGRect(
                x: 0, y: Double(offset) * Self.rowHeight, width: list.bounds.size.width, height: Self.rowHeight)
            row.autoresizingMask = Autoresizing([.flexibleWidth]).rawValue
            let tap = TapRecognizer(dispatcher: environment.touches)
            tap.nativeActions.append { [weak self, weak controller] in
                guard let controller else { return }
                try self?.tabs?.showOverflow(controller, animated: true)
            }
            row.addGestureRecognizer(tap)
            return row
        }
        for row in rows { try list.addSubview(row) }
        list.contentSize = CGSize(width: list.bounds.size.width, height: Double(rows.count) * Self.rowHeight)
    }
}
