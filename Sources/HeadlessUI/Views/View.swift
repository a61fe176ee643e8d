import Foundation
import ObjectBridge

/// `UIView`, headless: geometry (center, bounds and transform, with frame derived from them),
/// the view tree, autoresizing, layout passes, hit testing and point conversion.
open class View: Responder {
    // Final, as every property scripts read from the memory (View+Script): an override would
    // go unseen.
    public private(set) final var center = CGPoint.zero {
        didSet { animatableChanged(.center, from: AnimatedValue(oldValue)) }
    }
    public private(set) final var bounds = CGRect.zero {
        didSet {
            animatableChanged(.bounds, from: AnimatedValue(oldValue))
            if bounds.origin != oldValue.origin { boundsOriginChanged() }
        }
    }
    /// The view's transform, which is its layer's flat part: setting it sets the layer's.
    public private(set) var transform = CGAffineTransform.identity {
        didSet {
            if layer.storedTransform.affine != transform { layer.storedTransform = CATransform3D(affine: transform) }
            animatableChanged(.transform, from: AnimatedValue(oldValue))
        }
    }
    public private(set) var subviews: [View] = []
    /// Not weak: a weak reference gives the superview a side table, which slows every retain
    /// and release of it. The superview clears it when the view leaves it or it goes away.
    public private(set) unowned(unsafe) final var superview: View?
    /// The controller whose view this is: the next responder after the view.
    @WeakObjectReference public internal(set) var viewController: ViewController? = nil

    /// The view's controller when it has one, else its superview.
    open override var nextResponder: Responder? { viewController ?? superview }
    override var onScreenApplication: Application? { window?.application }
    public let layer = Layer()
    /// `overrideUserInterfaceStyle`: the appearance of this view and those under it, whatever
    /// their superviews' (see `setOverrideUserInterfaceStyle`).
    public internal(set) var overrideUserInterfaceStyle = UserInterfaceStyle.unspecified
    public final var isHidden = false {
        // A view shown again draws what it was marked to draw while hidden.
        didSet {
            if oldValue && !isHidden && needsDisplay { window?.application.displayPending = true }
            // A window's marks from while it was hidden, which the passes skipped.
            if oldValue && !isHidden && superview == nil { rootNeedsLayout() }
            if oldValue != isHidden { (superview as? StackView)?.subviewVisibilityChanged(self) }
        }
    }
    public final var alpha = 1.0 { didSet { animatableChanged(.alpha, from: AnimatedValue(oldValue)) } }
    public final var backgroundColor: Color? {
        didSet {
            replaceOwned(oldValue, with: backgroundColor)
            animatableChanged(.backgroundColor, from: AnimatedValue(oldValue))
        }
    }
    public final var clipsToBounds = false
    public final var isUserInteractionEnabled = true
    public final var autoresizingMask = 0
    public final var autoresizesSubviews = true
    public final var tag = 0
    /// What VoiceOver and UI tests read of the view, as a script set it (see View+Accessibility).
    public var accessibility = Accessibility()
    /// `UIViewContentMode`: how the content fills the bounds (an image view's image).
    public final var contentMode = 0
    /// Set by UIKit code, kept and returned; nothing headless depends on them.
    public final var isOpaque = true
    public var translatesAutoresizingMaskIntoConstraints = true
    public var isExclusiveTouch = false
    public var isMultipleTouchEnabled = false
    /// The view's id in the Interface Builder document it was made from.
    public internal(set) var documentID: String?
    /// The view's own tint; `tintColor` falls back to its superview's, then UIKit's blue.
    public var ownTintColor: Color? { didSet { replaceOwned(oldValue, with: ownTintColor) } }
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// `interactions`: the context menu interactions added to the view, which it owns.
    public internal(set) var interactions: [ContextMenuInteraction] = []
    public private(set) var needsLayout = true
    /// The Texture node this view shows, for a node's view (the node owns the view).
    public internal(set) weak var node: DisplayNode?
    /// Whether a view under this one may need layout: the layout pass walks only into views
    /// that need layout or have this set, so a pass over a screen that did not change is cheap.
    private var subtreeNeedsLayout = false
    /// Whether the view draws again (its class's `drawRect`) before the screen is drawn next.
    public private(set) var needsDisplay = true
    /// What the view's `drawRect` drew last, in its bounds' coordinates; nil when its class
    /// draws nothing of its own.
    public private(set) var drawing: Drawing?
    /// The animations running on this view's properties (see `View+Animation`).
    var animations: [ViewAnimation] = []
    /// Its constraints, priorities and margins, once it takes part in Auto Layout.
    var autoLayout: ViewAutoLayout?
    /// Whether a constraint was ever installed on this view or a view under it: a tree built
    /// before it joins a window (a tab's screen) tells that window's engine when it joins.
    var subtreeHasConstraints = false

    public override init() {
        super.init()
        layer.view = self
        adopt(layer)
    }

    /// Subviews die after the view, one at a time (see `Teardown`): a deep tree is no deep
    /// recursion.
    deinit {
        for subview in subviews { subview.superview = nil }
        if layer.view === self { layer.view = nil }
        Teardown.release(subviews)
        subviews = []
    }

    /// The frame in the superview's coordinates: the bounding box of the transformed bounds.
    public var frame: CGRect {
        get { View.frame(center: center, bounds: bounds, transform: transform) }
        set {
            if let oldSize = changeFrame(to: newValue) { autoresizeSubviews(from: oldSize) }
        }
    }

    /// The bounding box of `bounds` transformed about `center`.
    static func frame(center: CGPoint, bounds: CGRect, transform: CGAffineTransform) -> CGRect {
        let local = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
        if transform.isIdentity { return local.offsetBy(dx: center.x, dy: center.y) }
        return CGRect(
            boundingBox: local.corners.map { corner in
                let moved = transform.apply(corner)
                return CGPoint(x: moved.x + center.x, y: moved.y + center.y)
            })
    }

    public func setCenter(_ point: CGPoint) { center = point }

    public func setBounds(_ rect: CGRect) {
        if let oldSize = changeBounds(to: rect) { autoresizeSubviews(from: oldSize) }
    }

    /// Sets the bounds' size and the center from `frame`, without touching the subviews;
    /// returns the old size when the size changed.
    private func changeFrame(to frame: CGRect) -> CGSize? {
        let oldSize = changeBounds(to: CGRect(origin: bounds.origin, size: frame.size))
        center = CGPoint(x: frame.midX, y: frame.midY)
        return oldSize
    }

    /// Sets the bounds without touching the subviews; returns the old size when the size
    /// changed (the view then needs layout).
    private func changeBounds(to rect: CGRect) -> CGSize? {
        guard rect != bounds else { return nil }
        boundsWillChange(to: rect)
        let oldSize = bounds.size
        bounds = rect
        guard oldSize != rect.size else { return nil }
        setNeedsLayout()
        return oldSize
    }

    /// Applies the autoresizing masks of the tree below this view after its size changed
    /// from `oldSize`, with a worklist rather than recursion, so a deep tree is no deep stack.
    private func autoresizeSubviews(from oldSize: CGSize) {
        var pending = [(view: self, oldSize: oldSize)]
        while let (view, old) = pending.popLast() {
            guard view.autoresizesSubviews else { continue }
            for subview in view.subviews {
                guard let frame = subview.autoresizedFrame(oldSuperviewSize: old, newSize: view.bounds.size),
                    let previous = subview.changeFrame(to: frame)
                else { continue }
                pending.append((subview, previous))
            }
        }
    }

    /// Called before the bounds change (scrolling moves their origin); the collection view asks
    /// its layout whether to invalidate here.
    func boundsWillChange(to newBounds: CGRect) {}

    public func setTransform(_ new: CGAffineTransform) { transform = new }

    // MARK: The tree

    /// The window this view is in, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Inserts `view` at `index` among the subviews (moving it if it is already in a tree).
    public func insertSubview(_ view: View, at index: Int) throws {
        guard !isDescendant(of: view) else {
            throw ScriptValueError(
                view === self
                    ? "a view cannot be its own subview"
                    : "a view cannot be added to one of its own descendants")
        }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        adopt(view)
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsLayout()
        if view.subtreeHasConstraints { noteConstraintsBelow() }
        if view.subtreeHasConstraints || view.autoLayout != nil || autoLayout != nil { autoLayoutChanged() }
        if view.needsDisplay { window?.application.displayPending = true }
    }

    public func addSubview(_ view: View) throws { try insertSubview(view, at: subviews.count) }

    public func removeFromSuperview() {
        guard let parent = superview, let index = parent.subviews.firstIndex(where: { $0 === self }) else { return }
        let application = window?.application
        parent.subviews.remove(at: index)
        superview = nil
        parent.setNeedsLayout()
        if autoLayout != nil { parent.autoLayoutChanged() }
        (parent as? StackView)?.subviewLeft(self)
        if let application { resignFirstResponderLeaving(application) }
        parent.abandon(self)
    }

    /// Attaches `recognizer` (taking it from another view); the view owns its recognizers.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        adopt(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// `gestureRecognizers =`: the view's recognizers become `recognizers`, in order.
    func setGestureRecognizers(_ recognizers: [GestureRecognizer]) {
        for old in gestureRecognizers where !recognizers.contains(where: { $0 === old }) {
            removeGestureRecognizer(old)
        }
        for recognizer in recognizers { addGestureRecognizer(recognizer) }
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
        abandon(recognizer)
    }

    /// The first view with `tag` in this view's tree, parents before children, as UIKit searches.
    public func viewWithTag(_ tag: Int) -> View? {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    // MARK: Layout

    public func setNeedsLayout() {
        needsLayout = true
        if let superview { superview.markSubtreeNeedsLayout() } else { rootNeedsLayout() }
    }

    /// Marks this view and its superviews up to the first already marked.
    private func markSubtreeNeedsLayout() {
        var view = self
        while !view.subtreeNeedsLayout {
            view.subtreeNeedsLayout = true
            guard let superview = view.superview else { return view.rootNeedsLayout() }
            view = superview
        }
    }

    /// This root of a tree, or a view in it, needs layout: a window's application runs a
    /// layout pass at the next turn (see `Application.layoutPass`).
    private func rootNeedsLayout() { (self as? Window)?.application.layoutPending = true }

    /// Lays out this view if it needs it, then its subviews, top down, as UIKit's layout pass
    /// (each view's subviews as they are once it has laid itself out). A view controller's view
    /// tells its controller before and after (`viewWillLayoutSubviews`, `viewDidLayoutSubviews`).
    /// In no window, the constraints of the view's tree are solved by the engine its topmost
    /// view keeps, rounded to `screenScale`, as UIKit does for the views of a unit test.
    public func layoutIfNeeded(screenScale: Double = 1) throws {
        // Found once: `window` walks up the tree, and a pass over a deep tree must stay linear.
        let window = self.window
        if let window {
            try window.updateAutoLayout()
        } else {
            try LayoutEngine.layOutDetachedTree(of: self, screenScale: screenScale)
        }
        guard needsLayout || subtreeNeedsLayout else { return }
        // Each view's appearance comes down from its parent's, as `effectiveStyle` walks up.
        var pending: [(view: View, style: UserInterfaceStyle)] = [(self, effectiveStyle)]
        while let (view, style) = pending.popLast() {
            // Checked when reached, not when pushed: a view marked meanwhile (by a layoutSubviews
            // before it) is laid out in this pass, as when the pass walked every view.
            guard view.needsLayout || view.subtreeNeedsLayout else { continue }
            view.subtreeNeedsLayout = false
            do {
                try view.layOutItself(in: window, style: style)
            } catch {
                // The views this pass did not reach stay marked for the next one.
                for unreached in pending.map(\.view) + view.subviews
                where unreached.needsLayout || unreached.subtreeNeedsLayout {
                    unreached.superview?.markSubtreeNeedsLayout()
                }
                throw error
            }
            pending.append(contentsOf: view.subviews.reversed().map { ($0, $0.style(under: style)) })
        }
    }

    /// This view's own part of the layout pass, when it needs layout; `style` is its appearance.
    private func layOutItself(in window: Window?, style: UserInterfaceStyle) throws {
        guard needsLayout else { return }
        needsLayout = false
        let controller = viewController
        if let controller {
            _ = try controller.runOverride("viewWillLayoutSubviews")
            try controller.layoutContainedViews()
        }
        try (self as? ScrollView)?.adjustToSafeArea()
        // As UIKit does, dynamic colours resolve in the view's appearance while it lays out.
        try UserInterfaceStyle.$current.withValue(style) {
            if try !runOverride("layoutSubviews") { try layoutSubviews() }
        }
        if let controller { _ = try controller.runOverride("viewDidLayoutSubviews") }
        try window?.updateAutoLayoutIfChanged()
    }

    // MARK: Drawing

    public func setNeedsDisplay() {
        needsDisplay = true
        window?.application.displayPending = true
    }

    /// Marks this view and every view under it to lay out again: what every view depends on
    /// changed (the status bar, and so the safe areas).
    func setTreeNeedsLayout() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.setNeedsLayout()
            pending.append(contentsOf: view.subviews)
        }
    }

    /// Marks this view and every view under it to draw again (the caller makes the pass pending).
    func setTreeNeedsDisplay() {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.needsDisplay = true
            pending.append(contentsOf: view.subviews)
        }
    }

    /// Runs `drawRect` for each view of this tree that needs it and whose class draws, each
    /// into a context of its own on top of UIKit's stack (see `Application.displayPass`).
    func displayIfNeeded(_ graphics: GraphicsStack) throws {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.needsDisplay {
                view.needsDisplay = false
                if view.drawsWithScripts {
                    try UserInterfaceStyle.$current.withValue(view.effectiveStyle) {
                        try UserInterfaceLevel.resolving(in: view.effectiveLevel) { try view.display(graphics) }
                    }
                }
            }
            pending.append(contentsOf: view.subviews)
        }
    }

    /// A script error keeps the last drawing, and the view does not draw again until marked.
    private func display(_ graphics: GraphicsStack) throws {
        let context = GraphicsContext(size: bounds.size, scale: window?.screenScale ?? 1, isImageContext: false)
        try graphics.push(context, bridge: bridge)
        defer { graphics.remove(context) }  // with whatever the script pushed and did not pop
        try drawWithScripts()
        drawing = context.drawing
    }

    /// Whether scripts draw the view (its class's `drawRect`), in the display pass.
    open var drawsWithScripts: Bool { hasOverride("drawRect") }

    /// Draws the view with scripts into the display pass's context.
    open func drawWithScripts() throws { _ = try runOverride("drawRect", bounds) }

    /// The view scrolled its content (a scroll view's content offset is its bounds' origin).
    open func boundsOriginChanged() {}

    /// `sizeThatFits`, the script's when its class overrides it.
    func fittingSize(_ size: CGSize) throws -> CGSize {
        try runOverride("sizeThatFits", size, returning: CGSize.self) ?? sizeThatFits(size)
    }

    /// What UIKit draws for the view itself under its subviews (a bar's background, a switch's
    /// track), in the view's coordinates from its top-left corner; nil for a plain view. Made
    /// from the view's state whenever the screen is drawn.
    open var backdrop: Drawing? { nil }

    /// What UIKit draws for the view itself over its subviews (a cell's separator).
    open var overlay: Drawing? { nil }

    /// The native `layoutSubviews`: nothing, as in UIKit; subclasses lay out their parts.
    open func layoutSubviews() throws {}

    /// The size that fits in `size`: the view's own size, as UIView answers.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// `intrinsicContentSize`: the size the content needs, -1 on an axis that has none.
    open var intrinsicContentSize: CGSize { CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// The intrinsic size when the layout gives the view `width`: a multi-line label wraps at
    /// it, as UIKit's engine has a label without `preferredMaxLayoutWidth` wrap at the width it
    /// solved.
    open func intrinsicContentSize(laidOutWidth width: Double) -> CGSize { intrinsicContentSize }

    /// Whether each input of the view's native intrinsic size calls
    /// `invalidateIntrinsicContentSize` when it changes, so that an engine measures the view
    /// again only then (and, when `intrinsicContentSizeDependsOnWidth`, when its width moves).
    /// Other views are measured at every layout pass.
    open var tracksIntrinsicContentSize: Bool { false }

    /// Whether the intrinsic size depends on the width the layout gives (a wrapping label).
    open var intrinsicContentSizeDependsOnWidth: Bool { false }

    /// Moves when the intrinsic size may have changed (see `tracksIntrinsicContentSize`):
    /// a count rather than a flag, since more than one engine measures a view.
    private(set) var intrinsicContentVersion = 0

    /// `invalidateIntrinsicContentSize`: the next layout pass measures the view again.
    public func invalidateIntrinsicContentSize() { intrinsicContentVersion &+= 1 }

    /// Where the view's baselines are below its centre; nil: at its bottom (see `LayoutItem`).
    open var baselinesFromCenter: (first: Double, last: Double)? { nil }

    /// Whether the view's kind takes touches now (a disabled control does not).
    var takesTouches: Bool { true }
}

extension View {
    /// The tint: the view's own, else its nearest ancestor's, else UIKit's default blue.
    public var tintColor: Color {
        var view: View? = self
        while let current = view {
            if let tint = current.ownTintColor { return tint }
            view = current.superview
        }
        return Color.systemBlue
    }
}
