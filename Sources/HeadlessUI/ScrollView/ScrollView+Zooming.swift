import Foundation
import ObjectBridge

/// Zooming: the delegate's `viewForZoomingInScrollView` is scaled by a transform, the content
/// size follows its scaled frame, and the offset keeps what was under the fingers (or the
/// visible centre) in place. A pinch past the limits rubber-bands when `bouncesZoom`, and
/// eases back to the limit in 0.3 s when the fingers lift.
extension ScrollView {
    /// How long an animated zoom (and the bounce back from past a limit) takes.
    static let zoomDuration = 0.3

    /// The view the delegate zooms, if any.
    func zoomView() throws -> View? {
        try delegate?.ask("viewForZoomingInScrollView", of: Self.delegateProtocol, self, returning: View?.self)
            ?? nil
    }

    /// Scales the zoom view to `pose.scale` with its frame at the content's origin, sizes the
    /// content to it, moves to `pose.offset`, and tells the delegate.
    func applyZoom(_ pose: ZoomPose) throws {
        guard let view = try zoomView() else { return }
        let size = view.bounds.size
        view.setTransform(CGAffineTransform(a: pose.scale, b: 0, c: 0, d: pose.scale, tx: 0, ty: 0))
        view.setCenter(CGPoint(x: size.width * pose.scale / 2, y: size.height * pose.scale / 2))
        zoom.scale = pose.scale
        contentSize = CGSize(width: size.width * pose.scale, height: size.height * pose.scale)
        try setContentOffset(pose.offset)
        try tellDelegate("scrollViewDidZoom")
    }

    /// The pose at `scale` that keeps the content point now at `point` (in the view's own
    /// coordinates, not the content's) there; within the offsets the content rests between
    /// when `settled`.
    func pose(scale: Double, keeping point: CGPoint, settled: Bool) throws -> ZoomPose {
        let factor = scale / zoom.scale
        let content = CGPoint(x: (contentOffset.x + point.x) * factor, y: (contentOffset.y + point.y) * factor)
        var offset = CGPoint(x: content.x - point.x, y: content.y - point.y)
        if settled, let view = try zoomView() {
            let size = CGSize(width: view.bounds.size.width * scale, height: view.bounds.size.height * scale)
            offset = clampedOffset(offset, contentSize: size)
        }
        return ZoomPose(scale: scale, offset: offset)
    }

    /// `offset` within the offsets the content rests between for a content of `size`.
    private func clampedOffset(_ offset: CGPoint, contentSize size: CGSize) -> CGPoint {
        let contentInset = adjustedContentInset
        let minimum = CGPoint(x: -contentInset.left, y: -contentInset.top)
        let maximum = CGPoint(
            x: max(minimum.x, size.width + contentInset.right - bounds.size.width),
            y: max(minimum.y, size.height + contentInset.bottom - bounds.size.height))
        return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    private var visibleCenter: CGPoint { CGPoint(x: bounds.size.width / 2, y: bounds.size.height / 2) }

    /// `setZoomScale_animated`: within the limits, about the visible centre.
    func setZoomScale(_ scale: Double, animated: Bool) throws {
        guard try zoomView() != nil else { return }
        let target = try pose(scale: zoom.clamped(scale), keeping: visibleCenter, settled: true)
        try zoom(to: target, animated: animated)
    }

    /// `zoomToRect_animated`: the scale that fits `rect` (in the zoom view's coordinates),
    /// within the limits, with the rect centred.
    func zoom(to rect: CGRect, animated: Bool) throws {
        guard let view = try zoomView(), rect.width > 0 || rect.height > 0 else { return }
        let fit = min(
            rect.width > 0 ? bounds.size.width / rect.width : .infinity,
            rect.height > 0 ? bounds.size.height / rect.height : .infinity)
        let scale = zoom.clamped(fit)
        let size = CGSize(width: view.bounds.size.width * scale, height: view.bounds.size.height * scale)
        let offset = clampedOffset(
            CGPoint(x: rect.midX * scale - bounds.size.width / 2, y: rect.midY * scale - bounds.size.height / 2),
            contentSize: size)
        try zoom(to: ZoomPose(scale: scale, offset: offset), animated: animated)
    }

    private func zoom(to target: ZoomPose, animated: Bool) throws {
        stopMotion()
        let current = ZoomPose(scale: zoom.scale, offset: contentOffset)
        guard animated, target.scale != current.scale || target.offset != current.offset else {
            return try applyZoom(target)
        }
        start(.zooming(from: current, to: target, start: clock.now, duration: Self.zoomDuration))
    }

    // MARK: Pinching

    /// Two fingers began zooming at `point` (content coordinates).
    func pinchBegan(at point: CGPoint) throws {
        guard let view = try zoomView() else { return }
        stopMotion()
        isDecelerating = false
        zoom.isZooming = true
        zoom.pinch = (zoom.scale, CGPoint(x: point.x / zoom.scale, y: point.y / zoom.scale))
        try tellDelegate("scrollViewWillBeginZooming_withView", view)
    }

    /// The fingers are `scale` times as far apart as when they began, their centre at `point`
    /// (content coordinates): the anchor stays under them.
    func pinchMoved(scale: Double, at point: CGPoint) throws {
        guard let pinch = zoom.pinch else { return }
        let scale = zoom.following(pinch.scale * scale)
        let inView = CGPoint(x: point.x - contentOffset.x, y: point.y - contentOffset.y)
        try applyZoom(
            ZoomPose(
                scale: scale,
                offset: CGPoint(x: pinch.anchor.x * scale - inView.x, y: pinch.anchor.y * scale - inView.y)))
    }

    /// The fingers lifted: past a limit, or past the content's edges, the zoom eases back;
    /// then the delegate hears the end.
    func pinchEnded() throws {
        guard zoom.pinch != nil else { return }
        zoom.pinch = nil
        zoom.isZooming = false
        let target = try pose(scale: zoom.clamped(zoom.scale), keeping: visibleCenter, settled: true)
        if target.scale != zoom.scale || target.offset != contentOffset {
            start(
                .zooming(
                    from: ZoomPose(scale: zoom.scale, offset: contentOffset), to: target, start: clock.now,
                    duration: Self.zoomDuration))
        } else {
            try zoomEnded()
        }
    }

    /// `scrollViewDidEndZooming_withView_atScale`.
    func zoomEnded() throws {
        try tellDelegate("scrollViewDidEndZooming_withView_atScale", try zoomView(), zoom.scale)
    }
}
