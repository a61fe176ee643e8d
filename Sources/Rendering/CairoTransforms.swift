import CCairo
import Foundation

/// Cairo's matrix changes, made safe for any map: one that flattens space (a scale of 0, a
/// plane turned edge-on) cannot be undone, and Cairo would put the whole picture in an error
/// state. Through such a map Core Graphics draws nothing, so here everything drawn after it is
/// clipped away until the next restore.
enum CairoTransforms {
    /// Multiplies the current matrix by `matrix`, or hides what follows when the product flattens space.
    static func apply(_ matrix: cairo_matrix_t, _ cairo: OpaquePointer) {
        var current = cairo_matrix_t()
        cairo_get_matrix(cairo, &current)
        var given = matrix
        var product = cairo_matrix_t()
        cairo_matrix_multiply(&product, &given, &current)
        let determinant = product.xx * product.yy - product.xy * product.yx
        guard determinant != 0, determinant.isFinite, product.x0.isFinite, product.y0.isFinite else {
            cairo_new_path(cairo)
            cairo_rectangle(cairo, 0, 0, 0, 0)
            cairo_clip(cairo)
            return
        }
        cairo_transform(cairo, &given)
    }

    /// Scales the current matrix, or hides what follows when a factor is 0.
    static func scale(_ x: Double, _ y: Double, _ cairo: OpaquePointer) {
        apply(cairo_matrix_t(xx: x, yx: 0, xy: 0, yy: y, x0: 0, y0: 0), cairo)
    }

    /// Whether the triangle `points` covers any area (an edge-on cell covers none).
    static func hasArea(_ points: [CGPoint]) -> Bool {
        guard points.count == 3 else { return false }
        let area =
            (points[1].x - points[0].x) * (points[2].y - points[0].y)
            - (points[2].x - points[0].x) * (points[1].y - points[0].y)
        return abs(area) > 1e-9 && area.isFinite
    }
}
