import CCairo
import Foundation
import HeadlessUI

/// A layer's look kept for a transition to start from: a Cairo recording of its drawing, in its
/// own coordinates, which replays sharp at any scale and in PNG, SVG and PDF alike. (A blur
/// view inside it is recorded without its blur: a recording of no set size has nothing behind
/// to blur.)
final class RecordedLook {
    let surface: OpaquePointer

    init?(of layer: Layer, engine: TextEngine, scale: Double) {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        self.surface = surface
        guard let cairo = cairo_create(surface) else { return }
        let root: ScreenRenderer.Step = layer.view.map { .enter($0) } ?? .enterLayer(layer)
        ScreenRenderer.draw(root, unplaced: layer.view ?? layer, DrawingReplay(engine: engine, scale: scale), cairo)
        cairo_destroy(cairo)
    }

    deinit { cairo_surface_destroy(surface) }
}

extension ScreenRenderer {
    /// What the renderer draws for a world, handed in when the world is made: drawn images
    /// encoded (`UIImagePNGRepresentation` of an image context's image) and layers' looks kept
    /// for transitions, drawn as pictures draw them.
    public static let worldServices = WorldServices(
        rasterize: { drawing, scale, engine in DrawingReplay.pixels(of: drawing, scale: scale, engine: engine) },
        takeLook: { layer, engine, scale in RecordedLook(of: layer, engine: engine, scale: scale) })

    /// Ends a transitioning layer's drawing: its new look, drawn into a group since it began,
    /// is composited with the old look as the transition's kind says, `progress` of the way.
    /// A fade adds the two weighted (a true cross-fade, where either is translucent); the
    /// motions slide each look by its share of `size` from or towards the transition's edge.
    static func compose(_ transition: ShownTransition, size: CGSize, _ cairo: OpaquePointer) {
        guard let new = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(new) }
        let old = (transition.before as? RecordedLook)?.surface
        let progress = transition.progress
        let entry = transition.entry
        func offset(_ share: Double) -> (Double, Double) {
            (entry.x * size.width * share, entry.y * size.height * share)
        }
        func paintNew(at share: Double, alpha: Double = 1) {
            let (x, y) = offset(share)
            cairo_save(cairo)
            cairo_translate(cairo, x, y)
            cairo_set_source(cairo, new)
            cairo_paint_with_alpha(cairo, alpha)
            cairo_restore(cairo)
        }
        func paintOld(at share: Double, alpha: Double = 1) {
            guard let old else { return }
            let (x, y) = offset(share)
            cairo_set_source_surface(cairo, old, x, y)
            cairo_paint_with_alpha(cairo, alpha)
        }
        switch transition.kind {
        case .fade:
            cairo_push_group(cairo)
            paintOld(at: 0, alpha: 1 - progress)
            cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
            paintNew(at: 0, alpha: progress)
            cairo_pop_group_to_source(cairo)
            cairo_paint(cairo)
        case .moveIn:
            paintOld(at: 0)
            paintNew(at: 1 - progress)
        case .push:
            paintOld(at: -progress)
            paintNew(at: 1 - progress)
        case .reveal:
            paintNew(at: 0)
            paintOld(at: -progress)
        case .flip:  // drawn turning where the view is placed (`drawFlip`); in an old look, flat
            if progress < 0.5 { paintOld(at: 0) } else { paintNew(at: 0) }
        }
    }
}
