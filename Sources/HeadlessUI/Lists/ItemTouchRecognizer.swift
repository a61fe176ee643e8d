import Foundation
import ObjectBridge

/// What a list view (a collection or table view) does with touches on its items.
protocol ItemTouchTarget: View {
    /// The index path of the item under `point` (in the view's coordinates).
    func indexPath(at point: CGPoint) -> IndexPathValue?
    /// Highlights the item if the delegate lets it; returns whether it did.
    func highlight(_ path: IndexPathValue) throws -> Bool
    func unhighlight(_ path: IndexPathValue) throws
    /// A tap on the item: selection, as the list view and its delegate decide.
    func userTapped(_ path: IndexPathValue) throws
}

/// A list view's own recognizer for touches on items, as UIKit has one: a finger down on an
/// item highlights it (asking the delegate's `shouldHighlight...`); lifting it within the
/// allowable movement unhighlights it and selects it; moving away unhighlights it. A control in
/// the item (a cell's button or switch, its detail button) keeps the touch to itself.
final class ItemTouchRecognizer: GestureRecognizer {
    private unowned let list: any ItemTouchTarget
    private var start = CGPoint.zero
    private var highlighted: IndexPathValue?

    init(list: any ItemTouchTarget, dispatcher: TouchDispatcher) {
        self.list = list
        super.init(dispatcher: dispatcher)
    }

    override var isDiscrete: Bool { true }
    override var isViewTouchHandling: Bool { true }

    override func touchesBegan(_ touches: [Touch]) throws {
        guard self.touches.count == 1, let touch = touches.first else { return try fail() }
        start = touch.location
        if isOnControl(touch.view) { return try fail() }
        guard let path = list.indexPath(at: try location(in: list)) else { return try fail() }
        if try list.highlight(path) { highlighted = path }
    }

    override func touchesMoved(_ touches: [Touch]) throws {
        guard let touch = touches.first,
            hypot(touch.location.x - start.x, touch.location.y - start.y) > TapRecognizer.allowableMovement
        else { return }
        try unhighlight()
        try fail()
    }

    override func touchesEnded(_ touches: [Touch]) throws {
        let path = highlighted
        try unhighlight()
        guard state == .possible, let path else { return try fail() }
        try recognize()
        if state == .ended { try list.userTapped(path) }
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

    private func isOnControl(_ view: View?) -> Bool {
        var current = view
        while let candidate = current, candidate !== list {
            if candidate is Control { return true }
            current = candidate.superview
        }
        return false
    }

    private func unhighlight() throws {
        guard let path = highlighted else { return }
        highlighted = nil
        try list.unhighlight(path)
    }
}
