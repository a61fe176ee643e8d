import Foundation
import ObjectBridge

/// `UIView`, headless: geometry (center, bounds and transform, with frame derived from them),
/// the view tree, autoresizing, layout passes, hit testing and point conversion.
open class View: BridgeObject {
    public private(set) var center = CGPoint.zero
    public private(set) var bounds = CGRect.zero
    public private(set) var transform = CGAffineTransform.identity
    public private(set) var subviews: [View] = []
    public private(set) weak var superview: View?
    public let layer = Layer()
    public var isHidden = false
    public var alpha = 1.0
    public var backgroundColor: Color?
    public var clipsToBounds = false
    public var isUserInteractionEnabled = true
    public var autoresizingMask = 0
    public var autoresizesSubviews = true
    public var tag = 0
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    public private(set) var needsLayout = true
    public private(set) var needsDisplay = true

    public override init() {
        super.init()
        adopt(layer)
    }

    /// The frame in the superview's coordinates: the bounding box of the transformed bounds.
    public var frame: CGRect {
        get {
            let local = CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height)
            if transform.isIdentity { return local.offsetBy(dx: center.x, dy: center.y) }
            return CGRect(boundingBox: local.corners.map { corner in
                let moved = transform.apply(corner)
                return CGPoint(x: moved.x + center.x, y: moved.y + center.y)
            })
        }
        set {
            setBoundsSize(newValue.size)
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    public func setCenter(_ point: CGPoint) { center = point }

    public func setBounds(_ rect: CGRect) {
        guard rect != bounds else { return }
        boundsWillChange(to: rect)
        let oldSize = bounds.size
        bounds = rect
        boundsSizeChanged(from: oldSize)
    }

    /// Called before the bounds change (scrolling moves their origin); the collection view asks
    /// its layout whether to invalidate here.
    func boundsWillChange(to newBounds: CGRect) {}

    public func setTransform(_ new: CGAffineTransform) { transform = new }

    private func setBoundsSize(_ size: CGSize) {
        setBounds(CGRect(origin: bounds.origin, size: size))
    }

    private func boundsSizeChanged(from oldSize: CGSize) {
        guard oldSize != bounds.size else { return }
        setNeedsLayout()
        if autoresizesSubviews {
            for subview in subviews { subview.resize(withOldSuperviewSize: oldSize, newSize: bounds.size) }
        }
    }

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
            throw ScriptValueError(view === self ? "a view cannot be its own subview"
                                                 : "a view cannot be added to one of its own descendants")
        }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        let oldWindow = view.window
        adopt(view)
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsLayout()
        if view.window !== oldWindow { view.movedToWindow() }
    }

    public func addSubview(_ view: View) throws { try insertSubview(view, at: subviews.count) }

    public func removeFromSuperview() {
        guard let parent = superview, let index = parent.subviews.firstIndex(where: { $0 === self }) else { return }
        let oldWindow = window
        parent.subviews.remove(at: index)
        superview = nil
        parent.setNeedsLayout()
        if oldWindow != nil { movedToWindow() }
        parent.abandon(self)
    }

    /// Called on a view and its subtree when it enters or leaves a window.
    func movedToWindow() {
        for subview in subviews { subview.movedToWindow() }
    }

    /// Attaches `recognizer` (taking it from another view); the view owns its recognizers.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        adopt(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        gestureRecognizers.remove(at: index)
        recognizer.view = nil
        abandon(recognizer)
    }

    public func viewWithTag(_ tag: Int) -> View? {
        if self.tag == tag { return self }
        for subview in subviews { if let found = subview.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: Layout

    public func setNeedsLayout() { needsLayout = true }
    public func setNeedsDisplay() { needsDisplay = true }

    /// Lays out this view if it needs it, then its subviews, top down, as UIKit's layout pass.
    public func layoutIfNeeded() throws {
        if needsLayout {
            needsLayout = false
            if try !runOverride("layoutSubviews") { layoutSubviews() }
        }
        for subview in subviews { try subview.layoutIfNeeded() }
    }

    /// `sizeThatFits`, the script's when its class overrides it.
    func fittingSize(_ size: CGSize) throws -> CGSize {
        try runOverride("sizeThatFits", size, returning: CGSize.self) ?? sizeThatFits(size)
    }

    /// The native `layoutSubviews`: nothing, as in UIKit; subclasses lay out their parts.
    open func layoutSubviews() {}

    /// The size that fits in `size`: the view's own size, as UIView answers.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    // MARK: Geometry across views

    /// A point in this view's bounds coordinates, in its superview's.
    func pointInSuperview(_ point: CGPoint) -> CGPoint {
        let offset = CGPoint(x: point.x - bounds.midX, y: point.y - bounds.midY)
        let moved = transform.apply(offset)
        return CGPoint(x: moved.x + center.x, y: moved.y + center.y)
    }

    /// A point in the superview's coordinates, in this view's (nil for a flattening transform).
    func pointFromSuperview(_ point: CGPoint) -> CGPoint? {
        guard let inverse = transform.inverted else { return nil }
        let local = inverse.apply(CGPoint(x: point.x - center.x, y: point.y - center.y))
        return CGPoint(x: local.x + bounds.midX, y: local.y + bounds.midY)
    }

    /// `point` in this view's coordinates converted to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: View?) throws -> CGPoint {
        var inRoot = point
        var root: View = self
        while let parent = root.superview {
            inRoot = root.pointInSuperview(inRoot)
            root = parent
        }
        guard let view else { return inRoot }
        var chain: [View] = []
        var current: View? = view
        while let candidate = current, candidate !== root {
            chain.append(candidate)
            current = candidate.superview
        }
        guard current === root else {
            throw ScriptValueError("the views are not in the same hierarchy")
        }
        var result = inRoot
        for step in chain.reversed() {
            guard let local = step.pointFromSuperview(result) else {
                throw ScriptValueError("a view's transform cannot be inverted")
            }
            result = local
        }
        return result
    }

    public func point(inside point: CGPoint) -> Bool { bounds.contains(point) }

    /// The deepest visible, interactive view under `point` (in this view's coordinates), as
    /// UIKit finds it: a script's `hitTest_withEvent` or `pointInside_withEvent` takes over
    /// for the views whose class defines it.
    public func hitTest(_ point: CGPoint) throws -> View? {
        if scriptClass != nil, let hit = try runOverride("hitTest_withEvent", point, nil as BridgeObject?, returning: View?.self) {
            return hit
        }
        return try nativeHitTest(point)
    }

    func nativeHitTest(_ point: CGPoint) throws -> View? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, try isInside(point) else { return nil }
        for subview in subviews.reversed() {
            guard let local = subview.pointFromSuperview(point) else { continue }
            if let hit = try subview.hitTest(local) { return hit }
        }
        return self
    }

    private func isInside(_ point: CGPoint) throws -> Bool {
        guard scriptClass != nil else { return self.point(inside: point) }
        return try runOverride("pointInside_withEvent", point, nil as BridgeObject?, returning: Bool.self) ?? self.point(inside: point)
    }
}
