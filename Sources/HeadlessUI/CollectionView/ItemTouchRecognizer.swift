import Foundation
import ObjectBridge

/// The collection view's own recognizer for touches on items, as UIKit has one: a finger down
/// on an item highlights it (asking `shouldHighlightItemAtIndexPath`); lifting it within the
/// allowable movement unhighlights it and selects it; moving away unhighlights it.
final class ItemTouchRecognizer: GestureRecognizer {
    private unowned let collectionView: CollectionView
    private var start = CGPoint.zero
    private var highlighted: IndexPathValue?

    init(collectionView: CollectionView, dispatcher: TouchDispatcher) {
        self.collectionView = collectionView
        super.init(dispatcher: dispatcher)
    }

    override var isDiscrete: Bool { true }
    override var isViewTouchHandling: Bool { true }

    override func touchesBegan(_ touches: [Touch]) throws {
        guard self.touches.count == 1, let touch = touches.first else { return try fail() }
        start = touch.location
        guard let path = collectionView.indexPath(at: try location(in: collectionView)) else { return try fail() }
        if try collectionView.highlight(path) { highlighted = path }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        guard let touch = touches.first, hypot(touch.location.x - start.x, touch.location.y - start.y) > TapRecognizer.allowableMovement
        else { return }
        try unhighlight()
        try fail()
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        let path = highlighted
        try unhighlight()
        guard state == .possible, let path else { return try fail() }
        try recognize()
        if state == .ended { try collectionView.userTapped(path) }
    }

    override func touchesCancelled(_ touches: [Touch]) throws {
        try unhighlight()
        try super.touchesCancelled(touches)
    }

    /// Another recognizer took the touches (the scroll view's pan began): the item is let go,
    /// as UIKit cancels the view's touches.
    override func fail() throws {
        try unhighlight()
        try super.fail()
    }

    private func unhighlight() throws {
        guard let path = highlighted else { return }
        highlighted = nil
        try collectionView.unhighlight(path)
    }
}
