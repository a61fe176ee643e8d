import Foundation
import ObjectBridge

/// The status bar's appearance as view controllers decide it (UIKit's view-controller-based
/// status bar appearance): the window's root controller, or a controller presented over it full
/// screen, is asked, and hands the question to the child it names
/// (`childViewControllerForStatusBarHidden`, `…ForStatusBarStyle`: a navigation controller's top
/// controller, for the style only while its bar is hidden, and a tab bar controller's selected
/// one by default). UIKit asks again when a
/// controller calls `setNeedsStatusBarAppearanceUpdate`, and as controllers come and go.
extension ViewController {
    /// `UIStatusBarStyle`: 0 default (dark content on a light interface), 1 light content, 3 dark
    /// content.
    static let statusBarStyles = [0, 1, 3]

    /// The controller whose preference decides whether the bar hides (`hidden`) or its style.
    func statusBarDecider(hidden: Bool) throws -> ViewController {
        var decider = self
        for _ in 0..<64 {  // a script that names its controllers in a circle stops somewhere
            if let shown = decider.presentationContext.presented, shown.presentedShowing?.keepsPresenter == false {
                decider = shown
                continue
            }
            let method = hidden ? "childViewControllerForStatusBarHidden" : "childViewControllerForStatusBarStyle"
            guard
                let child = try decider.runOverride(method, returning: ViewController?.self)
                    ?? decider.defaultStatusBarChild(hidden: hidden)
            else { break }
            decider = child
        }
        return decider
    }

    /// The child a container hands the status bar to, unless a script says otherwise. While a
    /// navigation controller's bar shows, the controller keeps the style: the bar decides it.
    private func defaultStatusBarChild(hidden: Bool) -> ViewController? {
        switch self {
        case let navigation as NavigationController:
            hidden || navigation.isNavigationBarHidden ? navigation.topViewController : nil
        case let tabs as TabBarController: tabs.selectedViewController
        default: nil
        }
    }

    /// UIKit's own style: light content under a navigation bar of the black style, else the
    /// default.
    private var defaultStatusBarStyle: Int {
        guard let navigation = self as? NavigationController, !navigation.isNavigationBarHidden else { return 0 }
        return navigation.navigationBar.barStyle == 0 ? 0 : 1
    }

    /// `prefersStatusBarHidden`: a script's answer, else no.
    func prefersStatusBarHidden() throws -> Bool {
        try runOverride("prefersStatusBarHidden", returning: Bool.self) ?? false
    }

    /// `preferredStatusBarStyle`: a script's answer, else the default; one UIKit does not have
    /// is the default.
    func preferredStatusBarStyle() throws -> Int {
        let style = try runOverride("preferredStatusBarStyle", returning: Int.self) ?? defaultStatusBarStyle
        return Self.statusBarStyles.contains(style) ? style : 0
    }

    /// The members scripts see (`setNeedsStatusBarAppearanceUpdate` and what it asks).
    static func addStatusBarMembers(to c: NativeClassBuilder<ViewController>, _ environment: UIEnvironment) {
        c.method("prefersStatusBarHidden", overridable: true) { (_: ViewController) in false }
        c.method("preferredStatusBarStyle", overridable: true) { (controller: ViewController) in
            controller.defaultStatusBarStyle
        }
        c.method("childViewControllerForStatusBarHidden", overridable: true) { (controller: ViewController) in
            controller.defaultStatusBarChild(hidden: true)
        }
        c.method("childViewControllerForStatusBarStyle", overridable: true) { (controller: ViewController) in
            controller.defaultStatusBarChild(hidden: false)
        }
        c.method("setNeedsStatusBarAppearanceUpdate") { (_: ViewController) in
            try environment.application.updateStatusBarAppearance()
        }
    }
}

extension Application {
    /// Asks the controllers again how the status bar shows (`ViewController.statusBarDecider`);
    /// when it hides or shows, every window is laid out again, as their safe areas changed.
    func updateStatusBarAppearance() throws {
        statusBarAppearanceStale = false
        let root = keyWindow?.rootViewController
        let hidden = try root?.statusBarDecider(hidden: true).prefersStatusBarHidden() ?? false
        statusBarStyle = try root?.statusBarDecider(hidden: false).preferredStatusBarStyle() ?? 0
        // Over the black screen of a receded presenter, the status bar is light.
        if root?.presentsRecedingSheet == true { statusBarStyle = 1 }
        guard hidden != controllerHidesStatusBar else { return }
        controllerHidesStatusBar = hidden
        statusBarVisibilityChanged()
    }
}

extension ViewController {
    /// Whether a sheet this controller's presentations lead to has its presenter receded.
    var presentsRecedingSheet: Bool {
        var shown = presentationContext.presented
        for _ in 0..<64 {  // a chain of presentations ends; the bound guards against a circle
            guard let controller = shown else { return false }
            if controller.sheet?.recedesPresenter == true { return true }
            shown = controller.presentationContext.presented
        }
        return false
    }
}
