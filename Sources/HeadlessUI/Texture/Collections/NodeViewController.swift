import Foundation
import ObjectBridge

/// Texture's `ASViewController` (`ASDKViewController` since Texture 3): a view controller
/// whose view is its node's.
final class NodeViewController: ViewController {
    private(set) var node: DisplayNode?

    func setNode(_ node: DisplayNode) {
        replaceOwned(self.node, with: node)
        self.node = node
    }

    override func loadView() throws {
        guard let node else { return try super.loadView() }
        let view = try node.view()
        view.frame = environment.screen.bounds
        try setView(view)
    }
}
