import Foundation
import ObjectBridge

/// `UIScrollView`, headless: its bounds' origin is the content offset. A finger dragging its
/// `panGestureRecognizer` moves the content (rubber-banding past the edges when it bounces);
/// when it lifts, the content decelerates as UIKit's does, frame by frame on the virtual
/// clock, and comes back inside its edges. The delegate hears it all (`UIScrollViewDelegate`).
open class ScrollView: View {
    public var contentSize = CGSize.zero {
        didSet { if contentSize != oldValue { for observer in contentObservers.values { observer() } } }
    }
    /// The insets a script gives; the safe area's part is added to them (`adjustedContentInset`).
    public var contentInset = UIEdgeInsets.zero
    /// `UIScrollViewContentInsetAdjustmentBehavior`: 0 automatic, 1 scrollable axes, 2 never,
    /// 3 always.
    public var contentInsetAdjustmentBehavior = 0
    /// What the safe area adds to the insets, as the behavior allows (`adjustToSafeArea`).
    public private(set) var safeAreaAdjustment = UIEdgeInsets.zero
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    public var bounces = true
    /// `UIScrollViewKeyboardDismissMode`: none 0; on drag 1 (and 3, with an accessory): the
    /// keyboard goes when a drag begins; interactive 2 (and 4): a drag over the keyboard pulls it
    /// down with the finger, and letting go while moving down dismisses it.
    public var keyboardDismissMode = 0
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var isPagingEnabled = false
    public var decelerationRate = ScrollMotion.normalRate
    public var scrollsToTop = true
    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    public private(set) var isDragging = false
    public internal(set) var isDecelerating = false
    @WeakObjectReference public var delegate: BridgeObject? = nil
    /// The recognizer that moves the content, as UIKit exposes it.
    public let panGestureRecognizer: ScrollPanRecognizer
    /// The recognizer that zooms the content: enabled while the zoom limits differ.
    public let pinchGestureRecognizer: ScrollPinchRecognizer
    /// The zoom's limits and scale, and the pinch under way.
    var zoom = ScrollZoom() { didSet { pinchGestureRecognizer.isEnabled = zoom.isEnabled } }
    let clock: VirtualClock
    /// What moves the content now that no finger does: a deceleration, or an animation.
    var motion: Motion?
    /// What the containers showing this scroll view do as its content moves or changes size,
    /// by container: a navigation bar's large title and search bar scroll away with it, and
    /// bars note whether the content is at its edge.
    var contentObservers: [ObjectIdentifier: () -> Void] = [:]
    /// Told when the content comes to rest after the person scrolled it, by who watches.
    var restObservers: [ObjectIdentifier: () throws -> Void] = [:]
    /// Where the content was when the current drag began.
    private var dragStart = CGPoint.zero
    /// Bumped whenever a motion starts or stops, so that a stale frame does nothing.
    private var generation = 0

    enum Motion {
        case decelerating(ScrollMotion)
        case animating(from: CGPoint, to: CGPoint, start: Double, duration: Double)
        case zooming(from: ZoomPose, to: ZoomPose, start: Double, duration: Double)
    }

    /// How long `setContentOffset_animated` takes: UIKit does not publish it, and 0.3 s is what
    /// it is commonly measured at.
    static let animationDuration = 0.3
    /// The frame rate of the motion, as a display's.
    static let frame = 1.0 / 60

    init(touches: TouchDispatcher) {
        clock = touches.clock
        panGestureRecognizer = ScrollPanRecognizer(dispatcher: touches)
        pinchGestureRecognizer = ScrollPinchRecognizer(dispatcher: touches)
        super.init()
        clipsToBounds = true
        panGestureRecognizer.scrollView = self
        pinchGestureRecognizer.scrollView = self
        pinchGestureRecognizer.isEnabled = false
        addGestureRecognizer(panGestureRecognizer)
        addGestureRecognizer(pinchGestureRecognizer)
    }

    public var contentOffset: CGPoint { bounds.origin }

    /// `adjustedContentInset`: the script's insets plus what the safe area adds, which the
    /// content rests within.
    public var adjustedContentInset: UIEdgeInsets {
        UIEdgeInsets(
            top: contentInset.top + safeAreaAdjustment.top, left: contentInset.left + safeAreaAdjustment.left,
            bottom: contentInset.bottom + safeAreaAdjustment.bottom,
            right: contentInset.right + safeAreaAdjustment.right)
    }

    /// Takes the safe area over the scroll view (a status bar, a navigation bar, a tab bar, the
    /// home indicator) into its insets, as UIKit's adjustment behavior says: always, never, for
    /// an axis the content scrolls along, or (automatic) that and, as iOS 7 did, a controller's
    /// view (or its first subview) in a navigation controller whatever its content. Content that rested at the top
    /// keeps resting there. Run before each layout of every scroll view, a controller's view or
    /// not (a collection view a controller adds under the status bar), as UIKit adjusts them all.
    func adjustToSafeArea() throws {
        let safe = safeAreaInsets
        let scrollsVertically = contentSize.height > bounds.size.height || alwaysBounceVertical
        let adjusted: Bool
        switch contentInsetAdjustmentBehavior {
        case 2: adjusted = false
        case 3: adjusted = true
        case 1: adjusted = scrollsVertically
        default:
            let controller = viewController ?? controllerOfContentScrollView
            guard controller?.automaticallyAdjustsScrollViewInsets ?? true else {
                adjusted = false
                break
            }
            adjusted = scrollsVertically || controller?.navigationController != nil
        }
        let wanted = adjusted ? UIEdgeInsets(top: safe.top, left: 0, bottom: safe.bottom, right: 0) : .zero
        guard wanted != safeAreaAdjustment else { return }
        let wasResting = contentOffset.y == -adjustedContentInset.top
        safeAreaAdjustment = wanted
        if wasResting { try setContentOffset(CGPoint(x: contentOffset.x, y: -adjustedContentInset.top)) }
    }

    /// The controller whose content scroll view this is when it is not the controller's view:
    /// its view's first subview, as UIKit finds the scroll view it adjusts as a root view.
    private var controllerOfContentScrollView: ViewController? {
        guard let superview, superview.subviews.first === self else { return nil }
        return superview.viewController
    }

    /// Sets the content size a layout found, and adjusts to the safe area at once: being
    /// scrollable may change what the adjustment behavior adds, and the visible rect the
    /// layout goes on to fill must be the adjusted one.
    func setLaidOutContentSize(_ size: CGSize) throws {
        contentSize = size
        try adjustToSafeArea()
    }

    /// The offsets the content rests between: from minus the top-left insets to where the
    /// content's far edge (plus its insets) meets the bounds' far edge.
    var offsetRange: (minimum: CGPoint, maximum: CGPoint) {
        let inset = adjustedContentInset
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(
            x: max(minimum.x, contentSize.width + inset.right - bounds.size.width),
            y: max(minimum.y, contentSize.height + inset.bottom - bounds.size.height))
        return (minimum, maximum)
    }

    /// Whether the content moves along each axis: it is larger than the bounds, or bounces anyway.
    var scrollableAxes: (horizontal: Bool, vertical: Bool) {
        let range = offsetRange
        return (
            range.maximum.x > range.minimum.x || alwaysBounceHorizontal,
            range.maximum.y > range.minimum.y || alwaysBounceVertical
        )
    }

    /// Moves the content (and tells the delegate, as every change of the offset does).
    func setContentOffset(_ offset: CGPoint) throws {
        guard offset != contentOffset else { return }
        setBounds(CGRect(origin: offset, size: bounds.size))
        setNeedsLayout()
        try refreshControl?.scrollViewDidScroll(self)
        for observer in contentObservers.values { observer() }
        try didScroll()
        try tellDelegate("scrollViewDidScroll")
    }

    /// What a kind of scroll view does itself when its content moves, before its delegate hears.
    func didScroll() throws {}

    /// What a kind of scroll view does itself once its content comes to rest after a drag, a
    /// deceleration or an animation (a page view controller's turns the page).
    func didEndScrolling() throws {}

    /// The content came to rest after a drag, a deceleration or an animation: the scroll view,
    /// then those watching it (a navigation controller snaps its bar), hear.
    private func scrollingEnded() throws {
        try didEndScrolling()
        for observer in restObservers.values { try observer() }
    }

    /// `refreshControl`: the one added last among the subviews (UIKit's setter puts it at the
    /// back). Kept, not searched for: every change of the offset tells it.
    @WeakObjectReference public internal(set) var refreshControl: RefreshControl? = nil

    public override func insertSubview(_ view: View, at index: Int) throws {
        try super.insertSubview(view, at: index)
        if let control = view as? RefreshControl { refreshControl = control }
    }

    func setRefreshControl(_ control: RefreshControl?) throws {
        guard control !== refreshControl else { return }
        refreshControl?.removeFromSuperview()
        guard let control else { return }
        try insertSubview(control, at: 0)
        control.place(in: self)
    }

    /// Where a rect goes along one axis when the view scrolls to show it.
    enum Placement {
        /// As little movement as shows it.
        case visible
        case start, center, end
    }

    /// The offset that shows `rect` (in content coordinates) placed as asked on each axis,
    /// within the visible area less the insets, and within the offsets the content rests between.
    func offset(showing rect: CGRect, horizontal: Placement, vertical: Placement) -> CGPoint {
        func place(
            _ low: Double, _ high: Double, _ offset: Double, _ length: Double, _ insetLow: Double, _ insetHigh: Double,
            _ placement: Placement
        ) -> Double {
            let visible = length - insetLow - insetHigh
            switch placement {
            case .visible:
                if low < offset + insetLow { return low - insetLow }
                if high > offset + insetLow + visible { return high - visible - insetLow }
                return offset
            case .start: return low - insetLow
            case .center: return (low + high) / 2 - visible / 2 - insetLow
            case .end: return high - visible - insetLow
            }
        }
        let range = offsetRange
        let inset = adjustedContentInset
        let x = place(rect.minX, rect.maxX, contentOffset.x, bounds.size.width, inset.left, inset.right, horizontal)
        let y = place(rect.minY, rect.maxY, contentOffset.y, bounds.size.height, inset.top, inset.bottom, vertical)
        return CGPoint(
            x: min(max(x, range.minimum.x), range.maximum.x), y: min(max(y, range.minimum.y), range.maximum.y))
    }

    /// `setContentOffset_animated`: an animated change takes `animationDuration`, eased in and
    /// out, and ends with `scrollViewDidEndScrollingAnimation`.
    func setContentOffset(_ offset: CGPoint, animated: Bool) throws {
        stopMotion()
        guard animated, offset != contentOffset else { return try setContentOffset(offset) }
        start(.animating(from: contentOffset, to: offset, start: clock.now, duration: Self.animationDuration))
    }

    /// The delegate's `method` of UIScrollViewDelegate, with the scroll view first.
    func tellDelegate<each A: ScriptConvertible>(_ method: String, _ arguments: repeat each A) throws {
        _ = try delegate?.ask(
            method, of: Self.delegateProtocol, self, repeat each arguments, returning: AnyScriptValue.self)
    }

    static let delegateProtocol = "UIScrollViewDelegate"

    // MARK: Dragging

    /// A finger caught the content: whatever moved it stops.
    func dragBegan() throws {
        stopMotion()
        isDecelerating = false
        isDragging = true
        dragStart = contentOffset
        try tellDelegate("scrollViewWillBeginDragging")
        if keyboardDismissMode == 1 || keyboardDismissMode == 3 { _ = try window?.endEditing(force: false) }
    }

    /// The finger is at `y` on the screen: an interactive dismissal pulls the keyboard with it.
    func dragTracked(fingerY y: Double) {
        guard keyboardDismissMode == 2 || keyboardDismissMode == 4 else { return }
        onScreenApplication?.keyboard?.track(fingerY: y)
    }

    /// The finger lifted moving `velocityY` down the screen: a keyboard pulled down goes with a
    /// downward flick (its responder resigns), and slides back up otherwise.
    func dragReleased(velocityY: Double) throws {
        guard keyboardDismissMode == 2 || keyboardDismissMode == 4, let keyboard = onScreenApplication?.keyboard
        else { return }
        try keyboard.release(movingDown: velocityY > 0) { [weak self] in _ = try self?.window?.endEditing(force: false)
        }
    }

    /// The finger moved `translation` (in this view's coordinates) since the drag began.
    func dragMoved(by translation: CGPoint) throws {
        let axes = scrollableAxes
        let range = offsetRange
        func follow(_ start: Double, _ moved: Double, _ minimum: Double, _ maximum: Double, _ length: Double) -> Double
        {
            let wanted = start - moved
            if wanted < minimum { return bounces ? minimum - Self.rubberBand(minimum - wanted, length) : minimum }
            if wanted > maximum { return bounces ? maximum + Self.rubberBand(wanted - maximum, length) : maximum }
            return wanted
        }
        try setContentOffset(
            CGPoint(
                x: axes.horizontal
                    ? follow(dragStart.x, translation.x, range.minimum.x, range.maximum.x, bounds.size.width)
                    : contentOffset.x,
                y: axes.vertical
                    ? follow(dragStart.y, translation.y, range.minimum.y, range.maximum.y, bounds.size.height)
                    : contentOffset.y))
    }

    /// How far content dragged `distance` past an edge follows the finger, as UIKit's rubber
    /// band: less and less, never more than the view's `length`.
    static func rubberBand(_ distance: Double, _ length: Double) -> Double {
        guard length > 0 else { return 0 }
        return (1 - 1 / (distance * 0.55 / length + 1)) * length
    }

    /// The finger lifted moving at `velocity` (points per second, in this view's coordinates,
    /// the way the finger went): the delegate may choose where the content comes to rest, then
    /// it decelerates there.
    func dragEnded(velocity fingerVelocity: CGPoint) throws {
        isDragging = false
        refreshControl?.dragEnded()
        let axes = scrollableAxes
        let range = offsetRange
        let rate = isPagingEnabled ? ScrollMotion.fastRate : decelerationRate
        // UIKit's velocity is the content's, in points per millisecond.
        var velocity = CGPoint(
            x: axes.horizontal ? -fingerVelocity.x / 1000 : 0, y: axes.vertical ? -fingerVelocity.y / 1000 : 0)
        let resting = CGPoint(
            x: min(
                max(
                    ScrollMotion.restingOffset(from: contentOffset.x, velocity: velocity.x, rate: rate),
                    range.minimum.x), range.maximum.x),
            y: min(
                max(
                    ScrollMotion.restingOffset(from: contentOffset.y, velocity: velocity.y, rate: rate),
                    range.minimum.y), range.maximum.y))
        let proposed = isPagingEnabled ? pageTarget(velocity) : try restingTarget(proposed: resting, velocity: velocity)
        let target = try delegateTarget(velocity: velocity, proposed: proposed)
        // A target other than where the flick would rest (a page, or the delegate's choice) is
        // reached by the deceleration that ends exactly there.
        if target != resting {
            velocity = CGPoint(
                x: ScrollMotion.velocity(from: contentOffset.x, to: target.x, rate: rate),
                y: ScrollMotion.velocity(from: contentOffset.y, to: target.y, rate: rate))
        }
        let motion = ScrollMotion(
            x: .init(
                position: contentOffset.x, velocity: velocity.x, minimum: range.minimum.x, maximum: range.maximum.x,
                bounces: bounces, rate: rate, target: target.x),
            y: .init(
                position: contentOffset.y, velocity: velocity.y, minimum: range.minimum.y, maximum: range.maximum.y,
                bounces: bounces, rate: rate, target: target.y))
        let decelerates = !motion.isFinished || motion.offset != contentOffset
        try tellDelegate("scrollViewDidEndDragging_willDecelerate", decelerates)
        guard decelerates else { return try scrollingEnded() }
        isDecelerating = true
        try tellDelegate("scrollViewWillBeginDecelerating")
        start(.decelerating(motion))
    }

    /// Where a flick that would rest at `proposed` comes to rest, before the delegate's say:
    /// there, for a plain scroll view.
    func restingTarget(proposed: CGPoint, velocity: CGPoint) throws -> CGPoint { proposed }

    /// The page the content goes to: the next one the way it moves when it moves fast enough,
    /// else the nearest.
    private func pageTarget(_ velocity: CGPoint) -> CGPoint {
        let range = offsetRange
        func page(_ offset: Double, _ speed: Double, _ length: Double, _ minimum: Double, _ maximum: Double) -> Double {
            guard length > 0 else { return offset }
            let current = (offset - minimum) / length
            let index =
                abs(speed) > 0.5
                ? (speed > 0 ? current.rounded(.down) + 1 : current.rounded(.up) - 1) : current.rounded()
            return min(max(minimum + index * length, minimum), maximum)
        }
        return CGPoint(
            x: page(contentOffset.x, velocity.x, bounds.size.width, range.minimum.x, range.maximum.x),
            y: page(contentOffset.y, velocity.y, bounds.size.height, range.minimum.y, range.maximum.y))
    }

    /// `scrollViewWillEndDragging_withVelocity_targetContentOffset`: the delegate gets the target
    /// as a CGPoint whose fields it may change.
    private func delegateTarget(velocity: CGPoint, proposed: CGPoint) throws -> CGPoint {
        guard let bridge, let delegate,
            let function = bridge.delegateMethod(
                "scrollViewWillEndDragging_withVelocity_targetContentOffset", of: delegate,
                protocol: Self.delegateProtocol)
        else { return proposed }
        let target = try bridge.state.withFrame { frame in
            try proposed.push(to: BridgeCall(frame: frame, bridge: bridge))
            return try frame.value(frame.top)
        }
        _ = try bridge.call(
            function, on: delegate, method: "scrollViewWillEndDragging_withVelocity_targetContentOffset",
            self, velocity, target, returning: AnyScriptValue.self)
        guard case .table(let table) = target, let x = try table.get("x").numberValue,
            let y = try table.get("y").numberValue,
            x.isFinite, y.isFinite
        else {
            throw ScriptValueError(
                "scrollViewWillEndDragging_withVelocity_targetContentOffset left targetContentOffset without finite x and y"
            )
        }
        return CGPoint(x: x, y: y)
    }

    // MARK: Motion

    func start(_ new: Motion) {
        motion = new
        generation += 1
        scheduleFrame(generation)
    }

    func stopMotion() {
        motion = nil
        generation += 1
    }

    private func scheduleFrame(_ expected: Int) {
        clock.schedule(after: Self.frame) { [weak self] in
            guard let self, self.generation == expected else { return }
            try self.step(expected)
        }
    }

    /// One frame of the motion: the content moves (the layout pass follows, as the clock ends
    /// the turn), and the next frame is due unless the motion is over.
    private func step(_ expected: Int) throws {
        guard let current = motion else { return }
        let finished: Bool
        switch current {
        case .decelerating(var deceleration):
            deceleration.advance(seconds: Self.frame)
            finished = deceleration.isFinished
            motion = .decelerating(deceleration)
            try report("scrollViewDidScroll") {
                try setContentOffset(deceleration.offset)
            }
        case .animating(let from, let to, let start, let duration):
            let eased = Self.eased(clock.now - start, over: duration)
            finished = eased >= 1
            try report("scrollViewDidScroll") {
                try setContentOffset(CGPoint(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased))
            }
        case .zooming(let from, let to, let start, let duration):
            let eased = Self.eased(clock.now - start, over: duration)
            finished = eased >= 1
            try report("scrollViewDidZoom") { try applyZoom(from.toward(to, eased)) }
        }
        guard generation == expected else { return }
        if !finished { return scheduleFrame(expected) }
        stopMotion()
        switch current {
        case .decelerating:
            isDecelerating = false
            try report("scrollViewDidEndDecelerating") { try tellDelegate("scrollViewDidEndDecelerating") }
            try report("the end of scrolling") { try scrollingEnded() }
        case .animating:
            try report("scrollViewDidEndScrollingAnimation") { try tellDelegate("scrollViewDidEndScrollingAnimation") }
            try report("the end of scrolling") { try scrollingEnded() }
        case .zooming:
            try report("scrollViewDidEndZooming_withView_atScale") { try zoomEnded() }
        }
    }

    /// How far an ease in and out is `elapsed` seconds into `duration`: 0 to 1.
    static func eased(_ elapsed: Double, over duration: Double) -> Double {
        let progress = duration > 0 ? min(1, max(0, elapsed / duration)) : 1
        return progress < 0.5 ? 2 * progress * progress : 1 - pow(-2 * progress + 2, 2) / 2
    }

    /// Runs `body` for a frame of the motion: a script error is reported and the motion goes on.
    private func report(_ activity: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            guard let bridge else { throw error }
            bridge.report(error, during: activity)
        }
    }
}
