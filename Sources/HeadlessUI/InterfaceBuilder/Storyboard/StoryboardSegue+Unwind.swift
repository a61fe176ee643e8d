import Foundation
import ObjectBridge

/// Unwind segues, as the storyboard article describes them: the destination is found by
/// asking the controllers up the source's chain (its parents, the controllers below it in a
/// navigation stack, then the controllers that present it) whether they can perform the
/// unwind action; a container may name one of its children instead
/// (`viewControllerForUnwindSegueAction_fromViewController_withSender`). Then the source's
/// `prepareForSegue_sender`, the destination's unwind action with the segue, and the
/// transition back (a pop, a dismissal).
extension StoryboardSegue {
    static func unwind(
        _ element: IBElement, of scene: StoryboardScene, from source: ViewController, sender: BridgeObject?,
        identifier: String?
    ) throws {
        let storyboard = scene.storyboard
        guard let actionText = element["unwindAction"] else {
            throw InterfaceBuilderError(
                "an unwind segue needs its unwindAction", in: storyboard.document, at: element)
        }
        let action = try Selector(actionText).methodName
        guard let destination = try unwindDestination(action: action, from: source, sender: sender) else {
            storyboard.environment.warn(
                "\(storyboard.document.file):\(element.line): no view controller up the chain of the segue's source "
                    + "can perform the unwind action \(actionText); nothing happens, as in UIKit")
            return
        }
        let segue = try make(element, kind: "unwind", storyboard: storyboard)
        segue.kind = "unwind"
        segue.animates = element["animates"] != "NO"
        segue.configure(identifier: identifier, source: source, destination: destination)
        _ = try source.runOverride("prepareForSegue_sender", segue, sender)
        guard let bridge = storyboard.environment.bridge else { return }
        try bridge.perform(action, on: destination, segue, what: "the unwind action")
        if try !segue.runOverride("perform") { try segue.perform() }
    }

    /// The first controller up `source`'s chain that can perform `action`.
    private static func unwindDestination(action: String, from source: ViewController, sender: BridgeObject?) throws
        -> ViewController?
    {
        for candidate in unwindCandidates(from: source) where candidate !== source {
            if let chosen = try candidate.runOverride(
                "viewControllerForUnwindSegueAction_fromViewController_withSender", action, source, sender,
                returning: ViewController.self)
            {
                return chosen
            }
            let answer = try candidate.runOverride(
                "canPerformUnwindSegueAction_fromViewController_withSender", action, source, sender,
                returning: Bool.self)
            if answer ?? candidate.hasOverride(action) { return candidate }
        }
        return nil
    }

    /// The controllers an unwind looks at, nearest first: each parent, with the controllers
    /// below the child in a navigation stack; then the presenting controller, its children
    /// (top first) and its chain.
    private static func unwindCandidates(from source: ViewController) -> [ViewController] {
        var candidates: [ViewController] = []
        var child = source
        while true {
            while let parent = child.parent {
                if let navigation = parent as? NavigationController,
                    let index = navigation.children.firstIndex(where: { $0 === child })
                {
                    candidates += navigation.children[..<index].reversed()
                }
                candidates.append(parent)
                child = parent
            }
            guard let presenter = child.presenting else { return candidates }
            candidates += presenter.children.reversed()
            candidates.append(presenter)
            child = presenter
        }
    }

    /// Back to `destination`: the presentation over it dismissed, and then the controllers
    /// above it in its navigation stack popped.
    func unwindTransition(from source: ViewController, to destination: ViewController) throws {
        if destination.presentationContext.presented != nil { try destination.dismiss(animated: animates) }
        if let navigation = destination.navigationController, navigation.topViewController !== destination {
            _ = try navigation.pop(to: destination, animated: animates)
        }
    }
}
