import CCairo
import Foundation
import HeadlessUI

/// Where a layer's plane lands in its parent's: the layer's transform (with its parent's
/// `sublayerTransform`) taken down to two dimensions as Core Animation flattens every layer into
/// its parent's plane. A point (x, y) of the plane goes to (X / W, Y / W), where
/// [X Y Z W] = [x y 0 1] · M. Without a perspective part W is 1 and the map is affine, which
/// Cairo draws directly; with one, the plane is drawn by `drawProjected`.
enum PlaneProjection {
    case affine(cairo_matrix_t)
    case perspective(Homography)

    init(_ m: CATransform3D) {
        let h = Homography(m)
        guard h.w.x == 0, h.w.y == 0, h.w.z != 0 else {
            self = .perspective(h)
            return
        }
        let s = 1 / h.w.z
        self = .affine(
            cairo_matrix_t(xx: h.x.x * s, yx: h.y.x * s, xy: h.x.y * s, yy: h.y.y * s, x0: h.x.z * s, y0: h.y.z * s))
    }

    /// The placement of a layer whose bounds are `bounds`, anchored at `anchor` (a share of
    /// the bounds) at `position`, turned by `transform`; and then by its parent's
    /// `sublayerTransform` about `parentAnchor` (in the space `position` is in).
    static func placement(
        bounds: CGRect, anchor: CGPoint, position: CGPoint, transform: CATransform3D,
        sublayerTransform: CATransform3D? = nil, parentAnchor: CGPoint = .zero
    ) -> CATransform3D {
        var m = CATransform3D.translation(
            -anchor.x * bounds.width - bounds.minX, -anchor.y * bounds.height - bounds.minY, 0
        )
        .concatenating(transform)
        .concatenating(.translation(position.x, position.y, 0))
        if let sublayerTransform, sublayerTransform != .identity {
            m = m.concatenating(.translation(-parentAnchor.x, -parentAnchor.y, 0))
                .concatenating(sublayerTransform)
                .concatenating(.translation(parentAnchor.x, parentAnchor.y, 0))
        }
        return m
    }
}

/// A plane's projective map: rows give X, Y and W from (x, y, 1).
struct Homography {
    let x: SIMD3<Double>
    let y: SIMD3<Double>
    let w: SIMD3<Double>

    init(_ t: CATransform3D) {
        let m = t.m
        x = SIMD3(m[0], m[4], m[12])
        y = SIMD3(m[1], m[5], m[13])
        w = SIMD3(m[3], m[7], m[15])
    }

    /// Nearer than this to the viewer's plane (or behind it), a point does not show.
    static let nearest = 1e-6

    /// Where (px, py) lands; nil behind the viewer.
    func point(_ px: Double, _ py: Double) -> CGPoint? {
        let v = SIMD3(px, py, 1)
        let depth = (w * v).sum()
        guard depth > Self.nearest else { return nil }
        return CGPoint(x: (x * v).sum() / depth, y: (y * v).sum() / depth)
    }

    /// The signed area a unit square at (px, py) takes: below 0 where the plane shows its back.
    func areaScale(at px: Double, _ py: Double) -> Double? {
        guard let origin = point(px, py), let right = point(px + 1, py), let down = point(px, py + 1) else {
            return nil
        }
        return (right.x - origin.x) * (down.y - origin.y) - (right.y - origin.y) * (down.x - origin.x)
    }
}

extension ScreenRenderer {
    /// How many cells a side the plane is cut into: each is drawn with the affine map through
    /// its corners, which strays from the true projection by well under a pixel at this count
    /// for the turns layouts use.
    static let projectionGrid = 24

    /// Draws `root` (a view or layer, in its own coordinates) through `homography` into the
    /// space `cairo` is in (see `paintProjected`).
    static func drawProjected(
        _ root: Step, object: AnyObject, through homography: Homography, alpha: Double, doubleSided: Bool,
        _ replay: DrawingReplay, _ cairo: OpaquePointer
    ) {
        guard let recording = record(root, unplaced: object, replay) else { return }
        defer { cairo_surface_destroy(recording) }
        paintProjected(recording, through: homography, alpha: alpha, doubleSided: doubleSided, cairo)
    }

    /// `root`'s drawing as a Cairo recording of no set size, in `unplaced`'s own coordinates,
    /// without the transition of `plain` (the caller shows that).
    static func record(
        _ root: Step, unplaced: AnyObject, plain: AnyObject? = nil, _ replay: DrawingReplay
    ) -> OpaquePointer? {
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        if let recorder = cairo_create(recording) {
            draw(root, unplaced: unplaced, plain: plain, replay, recorder)
            cairo_destroy(recorder)
        }
        return recording
    }

    /// Paints a recording through `homography`: rasterized at the resolution the projection
    /// needs, and painted cell by cell with each cell's affine map, inside the projected
    /// outline's smooth edge. A plane that is not double-sided and shows its back is not drawn.
    static func paintProjected(
        _ recording: OpaquePointer, through homography: Homography, alpha: Double, doubleSided: Bool,
        _ cairo: OpaquePointer
    ) {
        var ink = (x: 0.0, y: 0.0, width: 0.0, height: 0.0)
        cairo_recording_surface_ink_extents(recording, &ink.x, &ink.y, &ink.width, &ink.height)
        let rect = CGRect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
        guard rect.width > 0, rect.height > 0,
            doubleSided || (homography.areaScale(at: rect.midX, rect.midY) ?? 0) > 0,
            let raster = rasterize(recording, rect, through: homography, cairo)
        else { return }
        defer { cairo_surface_destroy(raster.image) }
        cairo_push_group(cairo)
        paintCells(of: raster, rect, through: homography, cairo)
        cairo_pop_group_to_source(cairo)
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        let outline = corners.compactMap { homography.point($0.0, $0.1) }
        if outline.count == 4 {
            cairo_move_to(cairo, outline[0].x, outline[0].y)
            for corner in outline.dropFirst() { cairo_line_to(cairo, corner.x, corner.y) }
            cairo_close_path(cairo)
            cairo_save(cairo)
            cairo_clip(cairo)
            cairo_paint_with_alpha(cairo, alpha)
            cairo_restore(cairo)
        } else {
            cairo_paint_with_alpha(cairo, alpha)  // part of it lies behind the viewer: no outline to smooth
        }
    }

    /// The recording's `rect` as pixels: as many a point as the picture has, times the most
    /// the projection stretches it (within the picture's pixel budget).
    private static func rasterize(
        _ recording: OpaquePointer, _ rect: CGRect, through homography: Homography, _ cairo: OpaquePointer
    ) -> (image: OpaquePointer, scale: Double)? {
        var current = cairo_matrix_t()
        cairo_get_matrix(cairo, &current)
        let pictureScale = abs(current.xx * current.yy - current.xy * current.yx).squareRoot()
        let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
        let stretch =
            corners.compactMap { homography.areaScale(at: $0.0, $0.1) }.map { abs($0).squareRoot() }.max() ?? 1
        var scale = max(pictureScale * min(max(stretch, 1), 8), 1e-3)
        let budget = Double(Picture.maximumPixels) / 4
        if rect.width * rect.height * scale * scale > budget {
            scale = (budget / (rect.width * rect.height)).squareRoot()
        }
        let (width, height) = (Int((rect.width * scale).rounded(.up)), Int((rect.height * scale).rounded(.up)))
        guard width > 0, height > 0,
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        if let copy = cairo_create(image) {
            cairo_scale(copy, scale, scale)
            cairo_translate(copy, -rect.minX, -rect.minY)
            cairo_set_source_surface(copy, recording, 0, 0)
            cairo_paint(copy)
            cairo_destroy(copy)
        }
        return (image, scale)
    }

    /// Paints the raster cell by cell: two triangles a cell, each clipped without smoothing (so
    /// that neighbours meet with no seam) and mapped by the affine map through its corners. The
    /// outer cells reach a pixel past the edge, for the outline's smooth clip to trim.
    private static func paintCells(
        of raster: (image: OpaquePointer, scale: Double), _ rect: CGRect, through homography: Homography,
        _ cairo: OpaquePointer
    ) {
        let n = projectionGrid
        let margin = 1.5 / raster.scale
        let grid = rect.insetBy(dx: -margin, dy: -margin)
        func source(_ i: Int, _ j: Int) -> CGPoint {
            CGPoint(
                x: grid.minX + grid.width * Double(i) / Double(n), y: grid.minY + grid.height * Double(j) / Double(n))
        }
        var projected: [CGPoint?] = []
        projected.reserveCapacity((n + 1) * (n + 1))
        for j in 0...n {
            for i in 0...n {
                let point = source(i, j)
                projected.append(homography.point(point.x, point.y))
            }
        }
        cairo_save(cairo)
        cairo_set_antialias(cairo, CAIRO_ANTIALIAS_NONE)
        for j in 0..<n {
            for i in 0..<n {
                let corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
                for triangle in [[0, 1, 2], [0, 2, 3]] {
                    let picked = triangle.map { corners[$0] }
                    let targets = picked.compactMap { projected[$0.1 * (n + 1) + $0.0] }
                    guard CairoTransforms.hasArea(targets) else { continue }
                    let sources = picked.map { corner in
                        let point = source(corner.0, corner.1)
                        return CGPoint(x: (point.x - rect.minX) * raster.scale, y: (point.y - rect.minY) * raster.scale)
                    }
                    guard let map = affineMap(from: sources, to: targets) else { continue }
                    cairo_save(cairo)
                    cairo_move_to(cairo, targets[0].x, targets[0].y)
                    cairo_line_to(cairo, targets[1].x, targets[1].y)
                    cairo_line_to(cairo, targets[2].x, targets[2].y)
                    cairo_close_path(cairo)
                    cairo_clip(cairo)
                    CairoTransforms.apply(map, cairo)
                    cairo_set_source_surface(cairo, raster.image, 0, 0)
                    cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
                    cairo_paint(cairo)
                    cairo_restore(cairo)
                }
            }
        }
        cairo_restore(cairo)
    }

    /// The affine map taking the three `sources` to the three `targets`; nil when the sources
    /// are in a line.
    static func affineMap(from sources: [CGPoint], to targets: [CGPoint]) -> cairo_matrix_t? {
        guard sources.count == 3, targets.count == 3 else { return nil }
        let (e1x, e1y) = (sources[1].x - sources[0].x, sources[1].y - sources[0].y)
        let (e2x, e2y) = (sources[2].x - sources[0].x, sources[2].y - sources[0].y)
        let determinant = e1x * e2y - e2x * e1y
        guard abs(determinant) > 1e-12 else { return nil }
        let (f1x, f1y) = (targets[1].x - targets[0].x, targets[1].y - targets[0].y)
        let (f2x, f2y) = (targets[2].x - targets[0].x, targets[2].y - targets[0].y)
        // [f1 f2] · inverse([e1 e2])
        let (i11, i12, i21, i22) = (e2y / determinant, -e2x / determinant, -e1y / determinant, e1x / determinant)
        let xx = f1x * i11 + f2x * i21
        let xy = f1x * i12 + f2x * i22
        let yx = f1y * i11 + f2y * i21
        let yy = f1y * i12 + f2y * i22
        return cairo_matrix_t(
            xx: xx, yx: yx, xy: xy, yy: yy, x0: targets[0].x - xx * sources[0].x - xy * sources[0].y,
            y0: targets[0].y - yx * sources[0].x - yy * sources[0].y)
    }
}
