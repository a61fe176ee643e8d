import CCairo
import Foundation
import HeadlessUI

/// The layers scripts add to views (`view.layer:addSublayer`), drawn as Core Animation
/// composites them: placed by position, anchor point and transform; their background, contents
/// and own content (a shape, a gradient, text); their sublayers in `zPosition` order, clipped
/// when `masksToBounds`; their border over those; all of it with the layer's opacity. Each is
/// drawn among its view's subviews above the subview it was added over.
extension ScreenRenderer {
    /// `subviews` (in drawing order) with the view's own sublayers among them.
    static func children(of view: View, subviews: [View]) -> [Step] {
        let layers = view.layer.sublayers
        guard !layers.isEmpty else { return subviews.map { .enter($0) } }
        var steps: [Step] = layers.filter { $0.aboveSubview == nil }.map { .enterLayer($0) }
        for subview in subviews {
            steps.append(.enter(subview))
            steps += layers.filter { $0.aboveSubview === subview }.map { .enterLayer($0) }
        }
        // Those above a subview that has since gone are drawn over the rest.
        steps += layers.filter { layer in
            layer.aboveSubview.map { above in !subviews.contains { $0 === above } } ?? false
        }.map { .enterLayer($0) }
        return steps
    }

    /// Enters a layer: placed by its position, anchor point and transform, unless drawn in its
    /// own coordinates (`placed` false: a transition's old look of it).
    static func enter(
        _ layer: Layer, placed: Bool, _ replay: DrawingReplay, _ cairo: OpaquePointer, _ steps: inout [Step]
    ) {
        let opacity = placed ? layer.presentedNumber(.opacity) : 1
        guard !layer.isHidden, opacity >= 0.01 else { return }
        let bounds = layer.presentedBounds
        cairo_save(cairo)
        if placed {
            switch PlaneProjection(placement(of: layer, bounds: bounds)) {
            case .affine(let matrix):
                CairoTransforms.apply(matrix, cairo)
            case .perspective(let homography):
                drawProjected(
                    .enterLayer(layer), object: layer, through: homography, alpha: opacity,
                    doubleSided: layer.isDoubleSided, replay, cairo)
                cairo_restore(cairo)
                return
            }
        }
        let grouped = opacity < 1
        if grouped { cairo_push_group(cairo) }
        let transition = layer.shownTransition
        if transition != nil { cairo_push_group(cairo) }
        replay.replay(layer.underDrawing, cairo)
        cairo_save(cairo)
        if layer.masksToBounds {
            cairo_translate(cairo, bounds.minX, bounds.minY)
            path(width: bounds.width, height: bounds.height, radius: layer.presentedNumber(.cornerRadius), cairo)
            cairo_translate(cairo, -bounds.minX, -bounds.minY)
            cairo_clip(cairo)
        }
        steps.append(.leaveLayer(layer, grouped: grouped, transition: transition))
        let ordered = layer.sublayers.enumerated().sorted {
            ($0.element.presentedNumber(.zPosition), $0.offset) < ($1.element.presentedNumber(.zPosition), $1.offset)
        }
        for sublayer in ordered.reversed() { steps.append(.enterLayer(sublayer.element)) }
    }

    static func leave(
        _ layer: Layer, grouped: Bool, transition: ShownTransition?, _ replay: DrawingReplay, _ cairo: OpaquePointer
    ) {
        cairo_restore(cairo)
        if let border = layer.borderDrawing { replay.replay(border, cairo) }
        if let transition { compose(transition, size: layer.presentedBounds.size, cairo) }
        if grouped {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, layer.presentedNumber(.opacity))
        }
        cairo_restore(cairo)
    }

    /// A layer's placement in its superlayer's bounds (its view's, for a view's sublayer), in
    /// three dimensions, with the superlayer's `sublayerTransform`.
    private static func placement(of layer: Layer, bounds: CGRect) -> CATransform3D {
        let parent = layer.superlayer
        let parentBounds = parent?.presentedBounds ?? .zero
        let anchor = parent?.anchorPoint ?? .zero
        return PlaneProjection.placement(
            bounds: bounds, anchor: layer.anchorPoint, position: layer.presentedPosition,
            transform: layer.presentedTransform, sublayerTransform: parent?.sublayerTransform,
            parentAnchor: CGPoint(
                x: parentBounds.minX + anchor.x * parentBounds.width,
                y: parentBounds.minY + anchor.y * parentBounds.height))
    }
}
