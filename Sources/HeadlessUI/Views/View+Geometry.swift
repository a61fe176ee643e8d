import Foundation
import ObjectBridge

/// Points and rectangles converted between views' coordinate spaces, and hit testing.
extension View {
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

    /// The top of this view's tree.
    var rootView: View {
        var root = self
        while let parent = root.superview { root = parent }
        return root
    }

    /// The bounding box of `rect`'s corners converted to `view`.
    func convert(_ rect: CGRect, to view: View?) throws -> CGRect {
        CGRect(boundingBox: try rect.corners.map { try convert($0, to: view) })
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
        if scriptClass != nil,
            let hit = try runOverride("hitTest_withEvent", point, nil as BridgeObject?, returning: View?.self)
        {
            return hit
        }
        return try nativeHitTest(point)
    }

    /// UIView's own `hitTest`: the frontmost subview that takes the point, and in it the
    /// frontmost of its subviews, and so on down, without recursion (a view that takes the
    /// point answers for its whole tree); a subview whose class overrides `hitTest_withEvent`
    /// answers for itself.
    func nativeHitTest(_ point: CGPoint) throws -> View? {
        guard try takesTouch(at: point) else { return nil }
        var found = self
        var local = point
        descending: while true {
            for subview in found.subviews.reversed() {
                guard let inSubview = subview.pointFromSuperview(local) else { continue }
                if subview.scriptClass != nil, subview.hasOverride("hitTest_withEvent") {
                    if let hit = try subview.hitTest(inSubview) { return hit }
                } else if try subview.takesTouch(at: inSubview) {
                    found = subview
                    local = inSubview
                    continue descending
                }
            }
            return found
        }
    }

    private func takesTouch(at point: CGPoint) throws -> Bool {
        try !isHidden && alpha >= 0.01 && isUserInteractionEnabled && takesTouches && isInside(point)
    }

    private func isInside(_ point: CGPoint) throws -> Bool {
        guard scriptClass != nil else { return self.point(inside: point) }
        return try runOverride("pointInside_withEvent", point, nil as BridgeObject?, returning: Bool.self)
            ?? self.point(inside: point)
    }
}
