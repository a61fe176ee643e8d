import CCairo
import Foundation
import HeadlessUI

/// Core Graphics' shadows, which Cairo does not have: the shape (a group's pattern) in the
/// shadow's colour, moved by the offset of the drawing's base space whatever the current
/// transform, and blurred by summing copies at Gaussian weights (σ half the blur, taps out to
/// the blur, at most 13 a side, so the work does not grow with the blur) with Cairo's ADD
/// operator: a row of copies, then copies of the row down, into an alpha mask the colour is
/// painted through. It stays vector drawing, so PNG, SVG and PDF agree. (Cairo replays a
/// recorded group each time it is used, so the row's copies are drawn once per copy of it.)
///
/// The work is bounded by the shape, not the picture: everything happens inside the shape's
/// ink extents widened by the blur and the offset, and that area, in pixels, times the copies
/// is the shadow's `cost`.
enum ShadowMask {
    /// The largest blur drawn, in points; more only spreads a faint wash wider than any screen.
    static let maximumBlur = 1024.0
    /// The largest offset drawn, in points.
    static let maximumOffset = 1e5

    /// Where a shadow is drawn, and what it costs, in the recording's space.
    struct Plan {
        let area: (x: Double, y: Double, width: Double, height: Double)
        let taps: [(Double, Double)]
        /// Pixels composited at `scale`: the area times the copies (each copy of the row draws
        /// the row's again), and the sum.
        func cost(scale: Double) -> Double {
            area.width * area.height * scale * scale * Double(taps.count * (taps.count + 1) + 1)
        }
    }

    /// The plan for a shadow of `shape`, or nil when it covers nothing.
    static func plan(
        _ shape: OpaquePointer, offset: CGSize, blur: Double, base: cairo_matrix_t,
        _ cairo: OpaquePointer
    ) -> Plan? {
        let blur = min(max(0, blur), maximumBlur)
        let taps = blur > 0 ? kernel(blur: blur) : [(0.0, 1.0)]
        var (x, y, width, height) = (0.0, 0.0, 0.0, 0.0)
        var surface: OpaquePointer?
        if cairo_pattern_get_surface(shape, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_RECORDING
        {
            cairo_recording_surface_ink_extents(surface, &x, &y, &width, &height)
            // A group's surface is placed by its device offset: the recording's space is less it.
            var (offsetX, offsetY) = (0.0, 0.0)
            cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
            (x, y) = (x - offsetX, y - offsetY)
        } else {
            var (x2, y2) = (0.0, 0.0)
            cairo_save(cairo)
            cairo_identity_matrix(cairo)
            cairo_clip_extents(cairo, &x, &y, &x2, &y2)
            cairo_restore(cairo)
            (width, height) = (x2 - x, y2 - y)
        }
        guard width > 0, height > 0 else { return nil }
        // The offset and the blur's reach, in the recording's space (base units through `base`).
        let shift = deviceDistance(of: clamped(offset), base: base)
        let reach = deviceDistance(of: CGSize(width: blur, height: blur), base: base)
        let spreadX = abs(reach.width) + 1
        let spreadY = abs(reach.height) + 1
        let area = (
            x: x + min(0, shift.width) - spreadX, y: y + min(0, shift.height) - spreadY,
            width: width + abs(shift.width) + 2 * spreadX, height: height + abs(shift.height) + 2 * spreadY
        )
        return Plan(area: area, taps: taps)
    }

    /// Paints the shadow of `shape` as `plan` says.
    static func paint(
        _ shape: OpaquePointer, _ plan: Plan, offset: CGSize, color: DrawingColor, base: cairo_matrix_t,
        _ cairo: OpaquePointer
    ) {
        let shift = userDistance(of: clamped(offset), base: base, cairo)
        let spread = userDistance(of: CGSize(width: 1, height: 1), base: base, cairo)
        cairo_save(cairo)
        // Everything happens inside the shadow's own area.
        var current = cairo_matrix_t()
        cairo_get_matrix(cairo, &current)
        cairo_identity_matrix(cairo)
        cairo_rectangle(cairo, plan.area.x, plan.area.y, plan.area.width, plan.area.height)
        cairo_clip(cairo)
        cairo_set_matrix(cairo, &current)
        // The copies are summed into an alpha mask, a row first and then copies of the row,
        // and the colour's alpha applied once through it: with 169 copies in one sum, or each
        // copy thinned by the alpha, a faint shadow's copies round to nothing in 8 bits.
        cairo_push_group_with_content(cairo, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
        cairo_push_group_with_content(cairo, CAIRO_CONTENT_ALPHA)
        cairo_set_operator(cairo, CAIRO_OPERATOR_ADD)
        for (dx, across) in plan.taps {
            cairo_save(cairo)
            cairo_translate(cairo, shift.width + dx * spread.width, shift.height)
            cairo_set_source_rgba(cairo, 0, 0, 0, across)
            cairo_mask(cairo, shape)
            cairo_restore(cairo)
        }
        if let row = cairo_pop_group(cairo) {
            for (dy, down) in plan.taps {
                cairo_save(cairo)
                cairo_translate(cairo, 0, dy * spread.height)
                cairo_set_source_rgba(cairo, 0, 0, 0, down)
                cairo_mask(cairo, row)
                cairo_restore(cairo)
            }
            cairo_pattern_destroy(row)
        }
        guard let mask = cairo_pop_group(cairo) else { return cairo_restore(cairo) }
        defer { cairo_pattern_destroy(mask) }
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
        cairo_mask(cairo, mask)
        cairo_restore(cairo)
    }

    /// Offsets along one axis (in base units) and weights summing to 1.
    static func kernel(blur: Double) -> [(Double, Double)] {
        let sigma = blur / 2
        let side = Int(min(6, max(1, (blur * 2).rounded(.up))))
        let steps = (-side...side).map { blur * Double($0) / Double(side) }
        let weights = steps.map { exp(-$0 * $0 / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        return zip(steps, weights).map { ($0, $1 / total) }
    }

    private static func clamped(_ offset: CGSize) -> CGSize {
        CGSize(
            width: min(max(offset.width, -maximumOffset), maximumOffset),
            height: min(max(offset.height, -maximumOffset), maximumOffset))
    }

    /// `size` of the base space as a distance in the recording's space.
    private static func deviceDistance(of size: CGSize, base: cairo_matrix_t) -> CGSize {
        var base = base
        var (dx, dy) = (Double(size.width), Double(size.height))
        cairo_matrix_transform_distance(&base, &dx, &dy)
        return CGSize(width: dx, height: dy)
    }

    /// `size` of the base space as a distance in the current user space.
    private static func userDistance(of size: CGSize, base: cairo_matrix_t, _ cairo: OpaquePointer) -> CGSize {
        let distance = deviceDistance(of: size, base: base)
        var (dx, dy) = (Double(distance.width), Double(distance.height))
        var current = cairo_matrix_t()
        cairo_get_matrix(cairo, &current)
        guard cairo_matrix_invert(&current) == CAIRO_STATUS_SUCCESS else { return .zero }
        cairo_matrix_transform_distance(&current, &dx, &dy)
        return CGSize(width: dx, height: dy)
    }
}
