import Foundation

/// The control at the start of a row in editing mode: a red circle with a bar (delete) or a
/// green one with a plus (insert), 22 points across, at the end of its frame (the cell puts
/// it at the side margin). A tap on it asks the table for the
/// row's delete confirmation, or commits the insertion.
final class EditingControl: Control {
    /// `UITableViewCellEditingStyle`: delete 1, insert 2.
    var style: Int

    /// How far the control pushes the row's content in (the content view's x in editing mode),
    /// and the circle's diameter: UIKit publishes neither; these follow screenshots.
    static let width = 38.0
    static let diameter = 22.0

    init(style: Int, touches: TouchDispatcher) {
        self.style = style
        super.init(touches: touches)
    }

    override var backdrop: Drawing? {
        Drawing(size: bounds.size) { drawing in
            let radius = Self.diameter / 2
            let center = CGPoint(x: bounds.size.width - radius, y: bounds.size.height / 2)
            var circle = DrawingPath()
            circle.addEllipse(
                in: CGRect(x: center.x - radius, y: center.y - radius, width: Self.diameter, height: Self.diameter))
            drawing.fill(circle, style == 2 ? Color.systemGreen : Color.systemRed)
            let white = Color(white: 1, alpha: 1)
            drawing.fill(CGRect(x: center.x - 6, y: center.y - 1, width: 12, height: 2), white)
            if style == 2 { drawing.fill(CGRect(x: center.x - 1, y: center.y - 6, width: 2, height: 12), white) }
        }
    }
}
