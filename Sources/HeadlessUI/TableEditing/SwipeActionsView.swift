import Foundation
import ObjectBridge

/// The buttons a swipe reveals beside a row (UIKit's swipe action pull view): one per action,
/// the first at the row's edge. While the row is pulled less or more than the buttons' own
/// widths, each takes its share of what shows.
final class SwipeActionsView: View {
    let actions: [ContextualAction]
    /// Which edge of the row the buttons come from.
    let edge: RowSwipe.Edge
    private(set) var buttons: [Button] = []
    /// The buttons' own widths, in the actions' order.
    private var naturalWidths: [Double] = []

    /// A button's padding either side of its title, and its narrowest width (UIKit publishes
    /// neither; these follow screenshots).
    static let titlePadding = 15.0
    static let minimumButtonWidth = 74.0

    init(
        actions: [ContextualAction], edge: RowSwipe.Edge, touches: TouchDispatcher, engine: TextEngine,
        tapped: @escaping (ContextualAction, Button) throws -> Void
    ) {
        self.actions = actions
        self.edge = edge
        super.init()
        clipsToBounds = true
        for action in actions {
            adopt(action)  // a tap hands the action to its handler, script fields and all
            let button = Button(type: 0, touches: touches, engine: engine)
            button.titleLabel.font = Font.system(15, weight: 500, text: engine)
            if let title = action.title {
                button.setTitle(title, for: 0)
            } else {
                button.setImage(action.image, for: 0)
            }
            button.setTitleColor(Color(white: 1, alpha: 1), for: 0)
            button.backgroundColor = action.backgroundColor
            button.nativeHandlers.append(
                (.touchUpInside, { [weak button] in if let button { try tapped(action, button) } }))
            try? addSubview(button)  // cannot fail: a new button is nobody's ancestor
            buttons.append(button)
            naturalWidths.append(max(Self.minimumButtonWidth, button.sizeThatFits(.zero).width + 2 * Self.titlePadding))
        }
    }

    /// The width the buttons take at their own sizes: how far an open row moves.
    var openWidth: Double { naturalWidths.reduce(0, +) }

    /// Lays the buttons across the view, each its share of the width, the first at the row's
    /// edge (the right for trailing actions).
    override func layoutSubviews() {
        let total = openWidth
        guard total > 0 else { return }
        let width = bounds.size.width
        let height = bounds.size.height
        var fromEdge = 0.0
        for (button, natural) in zip(buttons, naturalWidths) {
            let share = width * natural / total
            let x = edge == .trailing ? width - fromEdge - share : fromEdge
            button.frame = CGRect(x: x, y: 0, width: share, height: height)
            fromEdge += share
        }
    }
}
