import Foundation
import ObjectBridge

/// Modal presentation: the presented controller's view covers the window, over the
/// presenting one's, with UIKit's appearance calls (full screen: the presenting controller
/// disappears).
extension ViewController {
    /// The controller that presents for this one: the top of its parents, as UIKit presents
    /// from the full-screen ancestor.
    var presentationContext: ViewController {
        var top = self
        while let parent = top.parent { top = parent }
        return top
    }

    /// `presentViewController_animated_completion`.
    func present(_ controller: ViewController, animated: Bool, completion: (() throws -> Void)? = nil) throws {
        let presenter = presentationContext
        guard presenter.presented == nil else {
            throw ScriptValueError("Attempt to present a view controller on one which is already presenting")
        }
        guard controller.presenting == nil, controller.parent == nil, controller !== presenter else {
            throw ScriptValueError("Application tried to present a view controller that is already shown")
        }
        guard let window = presenter.loadedView?.window else {
            throw ScriptValueError("Attempt to present a view controller whose view is not in the window hierarchy")
        }
        presenter.replaceOwned(nil, with: controller)
        presenter.presented = controller
        controller.presenting = presenter
        let view = try controller.view()
        view.frame = window.bounds
        view.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try controller.lifecycle("viewWillAppear", animated: animated)
        try presenter.lifecycle("viewWillDisappear", animated: animated)
        try window.addSubview(view)
        try view.layoutIfNeeded()
        try controller.lifecycle("viewDidAppear", animated: animated)
        try presenter.lifecycle("viewDidDisappear", animated: animated)
        try completion?()
    }

    /// `dismissViewControllerAnimated_completion`: the presented controller goes (this one's,
    /// or this one if it was presented).
    func dismiss(animated: Bool, completion: (() throws -> Void)? = nil) throws {
        let presenter = presentationContext.presented != nil ? presentationContext : (presenting ?? presentationContext)
        guard let controller = presenter.presented else {
            try completion?()
            return
        }
        try controller.lifecycle("viewWillDisappear", animated: animated)
        try presenter.lifecycle("viewWillAppear", animated: animated)
        controller.loadedView?.removeFromSuperview()
        try controller.lifecycle("viewDidDisappear", animated: animated)
        try presenter.lifecycle("viewDidAppear", animated: animated)
        presenter.presented = nil
        controller.presenting = nil
        presenter.replaceOwned(controller, with: nil)
        try completion?()
    }
}
