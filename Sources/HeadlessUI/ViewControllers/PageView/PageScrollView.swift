import Foundation
import ObjectBridge

/// The scroll style's paging scroll view: the page before, the page and the page after, side
/// by side (or one above the other), each a page wide plus the spacing between pages, the page
/// in view. When the content comes to rest on a neighbour, that neighbour is the page.
final class PageScrollView: ScrollView {
    private weak var controller: PageViewController?
    /// The pages laid out now, in order.
    private var slots: [ViewController] = []
    /// The neighbour the delegate was told a drag is turning to.
    private var pending: ViewController?
    /// The turn `setViewControllers` animates: its page and completion.
    private var animatedTurn: (page: ViewController, completion: ScriptBlock?)?
    /// Set while the pages are moved in place, which turns nothing.
    private var isArranging = false

    init(controller: PageViewController, touches: TouchDispatcher) {
        self.controller = controller
        super.init(touches: touches)
        isPagingEnabled = true
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        contentInsetAdjustmentBehavior = 2
    }

    private var vertical: Bool { controller?.isVertical ?? false }
    /// How far apart the pages are: a page and the spacing after it (the bounds are stretched
    /// by the spacing, so that paging stops on pages).
    private var pitch: Double { vertical ? bounds.height : bounds.width }

    private func offset(ofSlot index: Int) -> CGPoint {
        vertical ? CGPoint(x: 0, y: Double(index) * pitch) : CGPoint(x: Double(index) * pitch, y: 0)
    }

    /// Lays the pages out in a frame of `area` stretched by the spacing, the page in view.
    func arrange(before: ViewController?, page: ViewController?, after: ViewController?, in area: CGRect) throws {
        isArranging = true
        defer { isArranging = false }
        let spacing = controller?.interPageSpacing ?? 0
        frame = CGRect(
            x: 0, y: 0, width: area.width + (vertical ? 0 : spacing), height: area.height + (vertical ? spacing : 0))
        slots = [before, page, after].compactMap { $0 }
        for (index, controller) in slots.enumerated() {
            let pageView = try controller.view()
            let origin = offset(ofSlot: index)
            pageView.frame = CGRect(x: origin.x, y: origin.y, width: area.width, height: area.height)
            if pageView.superview !== self { try addSubview(pageView) }
        }
        for view in subviews where !slots.contains(where: { $0.loadedView === view }) { view.removeFromSuperview() }
        let count = Double(slots.count)
        contentSize =
            vertical
            ? CGSize(width: area.width, height: pitch * count) : CGSize(width: pitch * count, height: area.height)
        let shown = slots.firstIndex { $0 === page } ?? 0
        if motion == nil { try setContentOffset(offset(ofSlot: shown)) }
    }

    /// A drag turning toward a neighbour tells the delegate, once per neighbour.
    override func didScroll() throws {
        guard !isArranging, isDragging, let controller, let page = controller.page,
            let index = slots.firstIndex(where: { $0 === page })
        else { return }
        let moved = vertical ? contentOffset.y - offset(ofSlot: index).y : contentOffset.x - offset(ofSlot: index).x
        let toward = moved > 0 ? controller.after : moved < 0 ? controller.before : nil
        guard let toward, toward !== pending else { return }
        pending = toward
        try controller.tellWillTransition(to: toward)
    }

    /// The content came to rest: on a neighbour, that neighbour is the page now.
    override func didEndScrolling() throws {
        guard let controller, let page = controller.page else { return }
        let position = vertical ? contentOffset.y : contentOffset.x
        let index = min(max(Int((position / max(pitch, 1)).rounded()), 0), slots.count - 1)
        let landed = slots.indices.contains(index) ? slots[index] : page
        let (turn, wasPending) = (animatedTurn, pending)
        (pending, animatedTurn) = (nil, nil)
        guard landed !== page else {
            if turn == nil, wasPending != nil { try controller.tellDidFinish(previous: page, completed: false) }
            return
        }
        try controller.replacePage(with: landed)
        if let turn {
            try controller.complete(turn.completion, finished: true)
        } else {
            try controller.tellDidFinish(previous: page, completed: true)
        }
    }

    /// `setViewControllers` animated: `new` waits on the side it comes from, and the content
    /// scrolls to it.
    func turn(to new: ViewController, forward: Bool, completion: ScriptBlock?) throws {
        guard let controller, let page = controller.page, let area = controller.loadedView?.bounds else { return }
        if new.parent !== controller {
            try controller.addChild(new)
            try new.containment("didMoveToParentViewController", controller)
        }
        try arrange(before: forward ? nil : new, page: page, after: forward ? new : nil, in: area)
        animatedTurn = (new, completion)
        let target = slots.firstIndex { $0 === new } ?? 0
        try setContentOffset(offset(ofSlot: target), animated: true)
    }
}
