import CCairo
import Foundation
import HeadlessUI

/// Core Graphics' shadows, which Cairo does not have: the shape (a group's pattern) in the
/// shadow's colour, moved by the offset of the drawing's base space whatever the current
/// transform, and blurred by summing copies on a square grid at Gaussian weights (σ half the
/// blur, taps out to the blur, half a point apart, at most 13 a side) with Cairo's ADD
/// operator. It stays vector drawing, so PNG, SVG and PDF agree.
enum ShadowMask {
    static func paint(_ shape: OpaquePointer, offset: CGSize, blur: Double, color: DrawingColor, base: cairo_matrix_t,
                      _ cairo: OpaquePointer) {
        let shift = userDistance(of: offset, base: base, cairo)
        let taps = blur > 0 ? kernel(blur: blur) : [(0.0, 0.0, 1.0)]
        let spread = userDistance(of: CGSize(width: 1, height: 1), base: base, cairo)
        cairo_save(cairo)
        cairo_push_group(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
        for (dx, dy, weight) in taps {
            cairo_save(cairo)
            cairo_translate(cairo, shift.width + dx * spread.width, shift.height + dy * spread.height)
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * weight)
            cairo_mask(cairo, shape)
            cairo_restore(cairo)
        }
        cairo_pop_group_to_source(cairo)
        cairo_paint(cairo)
        cairo_restore(cairo)
    }

    /// Offsets (in base units) and weights summing to 1.
    static func kernel(blur: Double) -> [(Double, Double, Double)] {
        let sigma = blur / 2
        let side = min(6, max(1, Int((blur * 2).rounded(.up))))
        let steps = (-side...side).map { blur * Double($0) / Double(side) }
        let weights = steps.map { exp(-$0 * $0 / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +) * weights.reduce(0, +)
        return steps.indices.flatMap { i in steps.indices.map { j in (steps[i], steps[j], weights[i] * weights[j] / total) } }
    }

    /// `size` of the base space as a distance in the current user space.
    private static func userDistance(of size: CGSize, base: cairo_matrix_t, _ cairo: OpaquePointer) -> CGSize {
        var base = base
        var (dx, dy) = (Double(size.width), Double(size.height))
        cairo_matrix_transform_distance(&base, &dx, &dy)
        var current = cairo_matrix_t()
        cairo_get_matrix(cairo, &current)
        guard cairo_matrix_invert(&current) == CAIRO_STATUS_SUCCESS else { return .zero }
        cairo_matrix_transform_distance(&current, &dx, &dy)
        return CGSize(width: dx, height: dy)
    }
}
