import Foundation
import ObjectBridge

/// The column styles of iOS 14: `initWithStyle` (double or triple column) and a view controller
/// per column (`setViewController_forColumn`), each wrapped in a navigation controller unless it
/// is one, as UIKit does. `showColumn` and `hideColumn` change the display mode in effect.
extension SplitViewController {
    /// `UISplitViewControllerColumn`.
    enum Column: Int, CaseIterable {
        case primary = 0
        case supplementary, secondary, compact
    }

    static let columns: [(String, Int)] = [("Primary", 0), ("Supplementary", 1), ("Secondary", 2), ("Compact", 3)]
    static let styles: [(String, Int)] = [("Unspecified", 0), ("DoubleColumn", 1), ("TripleColumn", 2)]

    /// `initWithStyle`, before any column is given.
    func setStyle(_ style: Int) throws {
        guard viewControllers.isEmpty else {
            throw ScriptValueError("UISplitViewController: the style is set by initWithStyle, before any column")
        }
        self.style = style
    }

    /// `setViewController_forColumn`: the column's controller, in a navigation controller.
    func setViewController(_ controller: ViewController?, for column: Column) throws {
        guard style != 0 else {
            throw ScriptValueError(
                "UISplitViewController setViewController_forColumn needs a column style (initWithStyle); "
                    + "this one uses viewControllers")
        }
        guard column != .supplementary || style == 2 else {
            throw ScriptValueError("UISplitViewController: a double column style has no supplementary column")
        }
        if column == .compact { return try setCompactViewController(controller) }
        // Kept for `viewControllerForColumn` after its navigation controller lets it go.
        replaceOwned(givenColumns[column.rawValue], with: controller)
        givenColumns[column.rawValue] = controller
        let shown = try controller.map(wrapped)
        switch column {
        case .primary: try setColumns(primary: shown, supplementary: supplementary, secondary: secondary)
        case .supplementary: try setColumns(primary: primary, supplementary: shown, secondary: secondary)
        default: try setColumns(primary: primary, supplementary: supplementary, secondary: shown)
        }
    }

    /// `viewControllerForColumn`: what the script gave for the column.
    func viewController(for column: Column) -> ViewController? {
        column == .compact ? compactViewController : givenColumns[column.rawValue]
    }

    /// A navigation controller holding `controller`, unless it is one already.
    private func wrapped(_ controller: ViewController) throws -> ViewController {
        if controller is NavigationController { return controller }
        if let navigation = controller.parent as? NavigationController, navigation.parent === self { return navigation }
        let navigation = NavigationController(environment: environment)
        try navigation.setViewControllers([controller], animated: false)
        return navigation
    }

    /// `showColumn`: a display mode that shows the column, beside the secondary in landscape
    /// and over it in portrait.
    func show(_ column: Column) {
        let beside = isLandscape
        switch column {
        case .primary where style == 2 && supplementary != nil: shownByRequest = beside ? 4 : 5
        case .primary, .supplementary: shownByRequest = beside ? 2 : 3
        default: shownByRequest = 1
        }
        loadedView?.setNeedsLayout()
    }

    /// `hideColumn`: a display mode without the column.
    func hide(_ column: Column) {
        switch column {
        case .primary where style == 2 && supplementary != nil: shownByRequest = isLandscape ? 2 : 1
        case .primary, .supplementary: shownByRequest = 1
        default: break
        }
        loadedView?.setNeedsLayout()
    }
}
