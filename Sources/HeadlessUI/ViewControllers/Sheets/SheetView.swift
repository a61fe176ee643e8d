import Foundation
import ObjectBridge

/// The sheet on the screen: it holds the presented view, rounds its top corners, shows the
/// grabber above the view, and carries the drag that moves it.
final class SheetView: View {
    /// UIKit's grabber: a 36 × 5 capsule 5 points below the sheet's top (measured from iOS 15
    /// to 17 screenshots, not confirmed by Apple).
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTop = 5.0

    let grabber = View()
    private let drag: SheetPanRecognizer

    init(sheet: SheetPresentationController, touches: TouchDispatcher) {
        drag = SheetPanRecognizer(dispatcher: touches)
        super.init()
        drag.sheet = sheet
        clipsToBounds = true
        autoresizingMask = Autoresizing([.flexibleWidth, .flexibleTopMargin]).rawValue
        grabber.backgroundColor = Color.tertiaryLabel
        grabber.layer.cornerRadius = Self.grabberSize.height / 2
        grabber.autoresizingMask = Autoresizing([.flexibleLeftMargin, .flexibleRightMargin]).rawValue
        try? addSubview(grabber)
        addGestureRecognizer(drag)
    }

    /// The sheet whose view this is.
    var sheet: SheetPresentationController? { drag.sheet }

    /// The presented view, under the grabber.
    var content: View? { subviews.first { $0 !== grabber } }

    /// Lays the presented view over the sheet's visible `height`, and the grabber on top.
    func layoutContent(height: Double) {
        content?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: height)
        grabber.frame = CGRect(
            x: (bounds.width - Self.grabberSize.width) / 2, y: Self.grabberTop, width: Self.grabberSize.width,
            height: Self.grabberSize.height)
        if subviews.last !== grabber { try? insertSubview(grabber, at: subviews.count) }
    }
}
