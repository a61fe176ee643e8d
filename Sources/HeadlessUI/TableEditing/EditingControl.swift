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
            let side = bounds.size
            let circle = CGRect(
                x: side.width - Self.diameter, y: (side.height - Self.diameter) / 2, width: Self.diameter,
                height: Self.diameter)
            Glyphs.editingCircle(in: circle, insert: style == 2, nil, &drawing)
        }
    }
}
