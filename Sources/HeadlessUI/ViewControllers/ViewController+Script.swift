import Foundation
import ObjectBridge

extension ViewController {
    /// Scripts' view of `ViewController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIViewController", superclass: "UIResponder", type: ViewController.self,
                allocate: { ViewController(environment: environment) }
            ) { c in
                c.method("initWithNibName_bundle", overridable: true) {
                    (controller: ViewController, nib: String?, _: BridgeObject?) -> ViewController in
                    controller.nibName = nib
                    return controller
                }
                Coder.addMethods(to: c)
                addStatusBarMembers(to: c, environment)
                addEditingMembers(to: c)
                c.property("nibName") { (controller: ViewController) in try controller.effectiveNibName() }
                c.property("nibBundle") { (controller: ViewController) in
                    try controller.effectiveNibName() == nil ? nil : environment.mainBundle
                }
                c.property("view", get: { try $0.view() }, set: { try $0.setView($1) })
                c.property("isViewLoaded") { (controller: ViewController) in controller.loadedView != nil }
                c.property("title", get: { $0.title }, set: { $0.title = $1 })
                c.property("navigationItem") { (controller: ViewController) in controller.navigationItem }
                c.property("navigationController") { (controller: ViewController) in controller.navigationController }
                c.property("tabBarController") { (controller: ViewController) in controller.tabBarController }
                c.property("splitViewController") { (controller: ViewController) in controller.splitViewController }
                c.property("tabBarItem", get: { $0.tabBarItem }, set: { $0.tabBarItem = $1 })
                c.property(
                    "edgesForExtendedLayout", get: { $0.edgesForExtendedLayout },
                    set: { $0.edgesForExtendedLayout = $1 })
                c.property(
                    "automaticallyAdjustsScrollViewInsets", get: { $0.automaticallyAdjustsScrollViewInsets },
                    set: { $0.automaticallyAdjustsScrollViewInsets = $1 })
                c.property(
                    "hidesBottomBarWhenPushed", get: { $0.hidesBottomBarWhenPushed },
                    set: { $0.hidesBottomBarWhenPushed = $1 })
                c.property(
                    "extendedLayoutIncludesOpaqueBars", get: { $0.extendedLayoutIncludesOpaqueBars },
                    set: { $0.extendedLayoutIncludesOpaqueBars = $1 })
                c.property(
                    "toolbarItems", get: { $0.toolbarItems as [BarButtonItem]? }, set: { $0.toolbarItems = $1 ?? [] })
                c.method("setToolbarItems_animated") { (controller: ViewController, items: [BarButtonItem]?, _: Bool) in
                    controller.toolbarItems = items ?? []
                }
                c.method("loadView", overridable: true) { (controller: ViewController) in
                    try controller.loadViewNatively()
                }
                c.property("storyboard") { (controller: ViewController) in controller.storyboardScene?.storyboard }
                c.method("performSegueWithIdentifier_sender") {
                    (controller: ViewController, identifier: String, sender: BridgeObject?) in
                    try controller.performSegue(identifier: identifier, sender: sender)
                }
                c.method("prepareForSegue_sender", overridable: true) {
                    (_: ViewController, _: StoryboardSegue, _: BridgeObject?) in
                }
                c.method("shouldPerformSegueWithIdentifier_sender", overridable: true) {
                    (_: ViewController, _: String, _: BridgeObject?) in true
                }
                c.method("presentViewController_animated_completion") {
                    (controller: ViewController, presented: ViewController, animated: Bool, completion: ScriptBlock?) in
                    try controller.present(presented, animated: animated) { _ = try completion?.function.call() }
                }
                c.method("dismissViewControllerAnimated_completion") {
                    (controller: ViewController, animated: Bool, completion: ScriptBlock?) in
                    try controller.dismiss(animated: animated) { _ = try completion?.function.call() }
                }
                c.property(
                    "modalPresentationStyle", get: { $0.modalPresentationStyle.rawValue },
                    set: { $0.modalPresentationStyle = try .checked($1) })
                c.property(
                    "modalTransitionStyle", get: { $0.modalTransitionStyle.rawValue },
                    set: { $0.modalTransitionStyle = try .checked($1) })
                c.property(
                    "modalInPresentation", get: { $0.isModalInPresentation }, set: { $0.isModalInPresentation = $1 })
                c.property("sheetPresentationController") { (controller: ViewController) in
                    controller.sheetPresentationController
                }
                c.enumeration(
                    cType: ModalPresentationStyle.typeName, constants: "UIModalPresentation",
                    module: "UIKit.UIViewController", ModalPresentationStyle.members)
                c.enumeration(
                    cType: ModalTransitionStyle.typeName, constants: "UIModalTransitionStyle",
                    module: "UIKit.UIViewController", ModalTransitionStyle.members)
                c.property(
                    "viewRespectsSystemMinimumLayoutMargins", get: { $0.viewRespectsSystemMinimumLayoutMargins },
                    set: { $0.viewRespectsSystemMinimumLayoutMargins = $1 })
                c.property("systemMinimumLayoutMargins") { (controller: ViewController) in
                    controller.systemMinimumLayoutMargins
                }
                c.property("presentedViewController") { (controller: ViewController) in
                    controller.presentationContext.presented
                }
                c.property("presentingViewController") { (controller: ViewController) in
                    controller.presenting ?? controller.parent?.presentationContext.presenting
                }
                for method in ["viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews"] {
                    c.method(method, overridable: true) { (_: ViewController) in }
                }
                for method in ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
                    c.method(method, overridable: true) { (_: ViewController, _: Bool) in }
                }
                c.method("supportedInterfaceOrientations", overridable: true) { (controller: ViewController) in
                    DeviceOrientation.defaultSupportedMask(pad: controller.environment.screen.profile.isPad)
                }
                c.method("shouldAutorotate", overridable: true) { (_: ViewController) in true }
                c.method("preferredInterfaceOrientationForPresentation", overridable: true) {
                    (_: ViewController) in DeviceOrientation.portrait.rawValue
                }
                c.property("interfaceOrientation") { (controller: ViewController) in
                    controller.environment.screen.profile.orientation.rawValue
                }
                c.property("traitCollection") { (controller: ViewController) in
                    controller.loadedView?.traitCollection
                        ?? TraitCollection(profile: controller.environment.screen.profile)
                }
                c.property(
                    "overrideUserInterfaceStyle", get: { $0.overrideUserInterfaceStyle.rawValue },
                    set: { controller, style in
                        try controller.setOverrideUserInterfaceStyle(
                            try TraitCollection.Script.style(style, "UIViewController.overrideUserInterfaceStyle"))
                    })
                c.method("traitCollectionDidChange", overridable: true) { (_: ViewController, _: TraitCollection?) in }
                c.method("willTransitionToTraitCollection_withTransitionCoordinator", overridable: true) {
                    (controller: ViewController, traits: TraitCollection, coordinator: TransitionCoordinator) in
                    try controller.defaultWillTransition(to: traits, coordinator)
                }
                c.method("viewWillTransitionToSize_withTransitionCoordinator", overridable: true) {
                    (controller: ViewController, size: CGSize, coordinator: TransitionCoordinator) in
                    try controller.defaultTransition(to: size, coordinator)
                }
                for method in [
                    "willRotateToInterfaceOrientation_duration", "willAnimateRotationToInterfaceOrientation_duration",
                ] {
                    c.method(method, overridable: true) { (_: ViewController, _: Int, _: Double) in }
                }
                c.method("didRotateFromInterfaceOrientation", overridable: true) { (_: ViewController, _: Int) in }
                AutoLayoutScript.controllerMembers(c)
                c.method("updateViewConstraints", overridable: true) { (controller: ViewController) in
                    if let view = controller.loadedView { _ = try view.runOverride("updateConstraints") }
                }
                c.property("childViewControllers") { (controller: ViewController) in controller.children }
                c.property("parentViewController") { (controller: ViewController) in controller.parent }
                c.method("addChildViewController") { (controller: ViewController, child: ViewController) in
                    try controller.addChild(child)
                }
                c.method("removeFromParentViewController") { (controller: ViewController) in
                    try controller.removeFromParent()
                }
                c.method("willMoveToParentViewController", overridable: true) {
                    (_: ViewController, _: ViewController?) in
                }
                c.method("didMoveToParentViewController", overridable: true) {
                    (_: ViewController, _: ViewController?) in
                }
                c.enumeration(
                    cType: "UIRectEdge", constants: "UIRectEdge", module: "UIKit.UIGeometry", aliases: ["RectEdge"],
                    [("None", 0), ("Top", 1), ("Left", 2), ("Bottom", 4), ("Right", 8), ("All", 15)])
            }
        }
    }
}

extension ViewController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
