import Foundation
import ObjectBridge

/// Modal presentation as UIKit (iOS 13 and later) does it: the presented controller's view
/// comes over the presenter's as its style and the screen's width make it (a card, a form
/// sheet, or the whole screen), sliding up or fading in on the virtual clock. A full-screen
/// presentation takes the presenter's view away and gives it the appearance calls; the other
/// styles leave the presenter where it is, as UIKit does.
extension ViewController {
    /// How long a presentation or dismissal animates. UIKit does not document it; 0.5 s is
    /// what its coordinators commonly report, not confirmed by Apple.
    static let presentationDuration = 0.5

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
        try presenter.presentationTransition?()
        guard presenter.presented == nil else {
            throw ScriptValueError("Attempt to present a view controller on one which is already presenting")
        }
        guard controller.presenting == nil, controller.parent == nil, controller !== presenter else {
            throw ScriptValueError("Application tried to present a view controller that is already shown")
        }
        guard let presenterView = presenter.loadedView, let window = presenterView.window else {
            throw ScriptValueError("Attempt to present a view controller whose view is not in the window hierarchy")
        }
        let showing = controller.modalPresentationStyle.shown(
            horizontalSizeClass: window.traitCollection.horizontalSizeClass)
        presenter.adopt(controller)
        presenter.presented = controller
        environment.application.statusBarAppearanceStale = true
        controller.presenting = presenter
        controller.presentedShowing = showing
        let view = try controller.view()
        view.frame = showing.frame(in: window.bounds, statusBar: environment.application.statusBarFrame.height)
        view.autoresizingMask = Autoresizing([.flexibleWidth, .flexibleHeight]).rawValue
        try controller.lifecycle("viewWillAppear", animated: animated)
        if !showing.keepsPresenter { try presenter.lifecycle("viewWillDisappear", animated: animated) }
        // A card is a sheet: the view comes on in it, over its dimming.
        let sheet = showing == .card ? controller.sheetPresentationController : nil
        let shown = try sheet?.install(view, in: window) ?? view
        if sheet == nil { try window.addSubview(view) }
        try view.layoutIfNeeded()
        let finish: () throws -> Void = { [weak presenter, weak controller] in
            guard let presenter, let controller else { return }
            presenter.presentationTransition = nil
            if !showing.keepsPresenter { presenterView.removeFromSuperview() }
            try controller.lifecycle("viewDidAppear", animated: animated)
            if !showing.keepsPresenter { try presenter.lifecycle("viewDidDisappear", animated: animated) }
            try completion?()
        }
        try presenter.animatePresentation(
            of: shown, sheet: sheet, style: controller.modalTransitionStyle, in: window,
            animated: animated, finish: finish, from: true)
    }

    /// `sheetPresentationController`: the sheet a page or form sheet (or an automatic
    /// presentation) is shown in as a card; nil for the other styles.
    var sheetPresentationController: SheetPresentationController? {
        switch modalPresentationStyle {
        case .automatic, .pageSheet, .formSheet:
            if sheet == nil { sheet = SheetPresentationController(presenting: self, environment: environment) }
            return sheet
        default: return nil
        }
    }

    /// `dismissViewControllerAnimated_completion`: the presented controller goes (this one's,
    /// or this one if it was presented), after a presentation still running ends.
    func dismiss(animated: Bool, completion: (() throws -> Void)? = nil) throws {
        let presenter = presentationContext.presented != nil ? presentationContext : (presenting ?? presentationContext)
        try presenter.presentationTransition?()
        guard let controller = presenter.presented else {
            try completion?()
            return
        }
        let view = controller.sheet?.container ?? controller.loadedView
        let window = view?.window
        let keepsPresenter = controller.presentedShowing?.keepsPresenter ?? false
        try controller.lifecycle("viewWillDisappear", animated: animated)
        if !keepsPresenter {
            try presenter.lifecycle("viewWillAppear", animated: animated)
            // The presenter's view comes back under the presented one, or to the key window
            // when a script took the presented view off the screen.
            if let home = window ?? environment.application.keyWindow, let presenterView = presenter.loadedView,
                presenterView.superview == nil
            {
                presenterView.frame = home.bounds
                try home.insertSubview(presenterView, at: home.subviews.firstIndex { $0 === view } ?? 0)
                try presenterView.layoutIfNeeded()
            }
        }
        let finish: () throws -> Void = { [weak presenter, weak controller] in
            guard let presenter, let controller else { return }
            presenter.presentationTransition = nil
            controller.loadedView?.removeFromSuperview()
            controller.sheet?.uninstall()
            try controller.lifecycle("viewDidDisappear", animated: animated)
            if !keepsPresenter { try presenter.lifecycle("viewDidAppear", animated: animated) }
            presenter.presented = nil
            controller.presenting = nil
            controller.presentedShowing = nil
            presenter.environment.application.statusBarAppearanceStale = true
            presenter.abandon(controller)
            try completion?()
        }
        // A presented view taken off the screen by a script goes without a transition.
        guard let view, let window else { return try finish() }
        try presenter.animatePresentation(
            of: view, sheet: controller.sheet, style: controller.modalTransitionStyle, in: window, animated: animated,
            finish: finish, from: false)
    }

    /// Runs `finish` at once, or after `view` slides up (or fades in) when presenting, down
    /// (or out) when dismissing, with a sheet's dimming fading in or out and the presenter
    /// receding or coming back. The transition is kept on the presenter until it ends, so that
    /// the next presentation or dismissal can end it first.
    private func animatePresentation(
        of view: View, sheet: SheetPresentationController?, style: ModalTransitionStyle, in window: Window,
        animated: Bool, finish: @escaping () throws -> Void, from presenting: Bool
    ) throws {
        guard animated, let bridge else { return try finish() }
        let shown = view.frame
        let hidden = shown.offsetBy(dx: 0, dy: window.bounds.maxY - shown.minY)
        let slides = style == .coverVertical
        let dimming = sheet?.dimming
        let dimmed = dimming?.alpha ?? 0
        let receded = sheet?.restingRecession() ?? 0
        if presenting {
            AnimationScope.run(group: nil) {
                if slides { view.frame = hidden } else { view.alpha = 0 }
                dimming?.alpha = 0
                sheet?.recede(0)
            }
        }
        presentationTransition = finish
        try ViewAnimations.animate(
            duration: Self.presentationDuration, clock: environment.clock, bridge: bridge, completion: nil,
            onFinish: { [weak self] _ in
                guard let self, let finish = self.presentationTransition else { return }
                do { try finish() } catch { self.bridge?.report(error, during: "a presentation transition") }
            }
        ) {
            if slides {
                view.frame = presenting ? shown : hidden
            } else {
                view.alpha = presenting ? 1 : 0
            }
            dimming?.alpha = presenting ? dimmed : 0
            sheet?.recede(presenting ? receded : 0)
        }
    }
}
