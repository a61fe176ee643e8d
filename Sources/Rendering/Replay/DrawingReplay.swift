import CCairo
import Foundation
import HeadlessUI

/// Replays a `Drawing` (a view's `drawRect`, an image context's image) into a Cairo context
/// whose user space is the drawing's: Core Graphics' state is mirrored here (fill and stroke
/// colours, alpha, line, shadow), since Cairo has one source, and set before each fill or
/// stroke; `save` and `restore` push and pop it with Cairo's own.
struct DrawingReplay {
    let engine: TextEngine
    /// Pixels per point of the picture (what a shadow's area costs).
    let scale: Double
    /// How deep images drawn from drawings may nest (each replays the one it shows).
    static let maximumDepth = 16
    /// How many commands one picture replays at most: an image drawn twice into another, and
    /// that one twice into a third, and so on, doubles the work at each level, so a script
    /// could otherwise make one picture take hours. What is past it is left out.
    static let maximumCommands = 1_000_000
    /// How many pixels one picture's shadows may composite (about two seconds of Cairo's work,
    /// at a nanosecond a pixel): what a picture costs to draw is bounded, not only how many
    /// commands it has. Shadows past it are left out, and the picture says so. A screen full
    /// of shadowed cells (30 of 320 x 80 points at @3x) takes a sixth of it.
    static let maximumShadowCost = 2e9
    /// Where the picture's images are decoded.
    let images: ImageDecoder
    private let work: PictureWork

    /// What one picture's replays share: its budgets.
    private final class PictureWork {
        var commands = DrawingReplay.maximumCommands
        var shadowCost = DrawingReplay.maximumShadowCost
        var shadowsLeftOut = 0
        var commandsLeftOut = false
        var decodeBudget: Int
        var imagesLeftOut = 0

        init(decodeBudget: Int) { self.decodeBudget = decodeBudget }
    }

    init(engine: TextEngine, scale: Double, images: ImageDecoder = .whileDrawing()) {
        self.engine = engine
        self.scale = scale
        self.images = images
        work = PictureWork(decodeBudget: images.pixelsPerPicture)
    }

    /// What the picture left out to stay within its budgets, as sentences; empty when nothing.
    var omissions: [String] {
        var said: [String] = []
        if work.commandsLeftOut {
            said.append("the drawing commands past \(Self.maximumCommands) were left out")
        }
        if work.imagesLeftOut > 0 {
            said.append(
                "\(work.imagesLeftOut) image\(work.imagesLeftOut == 1 ? " was" : "s were") left out: the picture's "
                    + "images would decode more than \(images.pixelsPerPicture) pixels")
        }
        if work.shadowsLeftOut > 0 {
            said.append(
                "\(work.shadowsLeftOut) shadow\(work.shadowsLeftOut == 1 ? " was" : "s were") left out: the "
                    + "picture's shadows would composite more than \(Int(Self.maximumShadowCost / 1e6)) million pixels")
        }
        return said
    }

    private struct State {
        var fill = DrawingColor.black
        var stroke = DrawingColor.black
        /// A pattern colour's image, which fills (or strokes) instead of the colour when set.
        var fillPattern: ImagePattern?
        var strokePattern: ImagePattern?
        var alpha = 1.0
        var lineWidth = 1.0
        var lineCap = 0
        var lineJoin = 0
        var miterLimit = 10.0
        var dash: (phase: Double, lengths: [Double]) = (0, [])
        var shadow: (offset: CGSize, blur: Double, color: DrawingColor)?
    }

    func replay(_ drawing: Drawing, _ cairo: OpaquePointer, depth: Int = 0) {
        guard depth < Self.maximumDepth else { return }
        cairo_save(cairo)
        var base = cairo_matrix_t()
        cairo_get_matrix(cairo, &base)
        var states = [State()]
        for command in drawing.commands {
            guard work.commands > 0 else {
                work.commandsLeftOut = true
                break
            }
            work.commands -= 1
            let state = states[states.count - 1]
            switch command {
            case .save:
                cairo_save(cairo)
                states.append(state)
            case .restore:
                guard states.count > 1 else { continue }  // an unbalanced restore, as CG ignores it
                cairo_restore(cairo)
                states.removeLast()
            case .concat(let t):
                CairoTransforms.apply(cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty), cairo)
            case .fillColor(let color):
                (states[states.count - 1].fill, states[states.count - 1].fillPattern) = (color, nil)
            case .strokeColor(let color):
                (states[states.count - 1].stroke, states[states.count - 1].strokePattern) = (color, nil)
            case .fillPattern(let pattern): states[states.count - 1].fillPattern = pattern
            case .strokePattern(let pattern): states[states.count - 1].strokePattern = pattern
            case .alpha(let alpha): states[states.count - 1].alpha = alpha
            case .lineWidth(let width): states[states.count - 1].lineWidth = width
            case .lineCap(let cap): states[states.count - 1].lineCap = cap
            case .lineJoin(let join): states[states.count - 1].lineJoin = join
            case .miterLimit(let limit): states[states.count - 1].miterLimit = limit
            case .dash(let phase, let lengths): states[states.count - 1].dash = (phase, lengths)
            case .shadow(let offset, let blur, let color):
                states[states.count - 1].shadow = color.map { (offset, blur, $0) }
            case .fill(let path, let evenOdd):
                withShadow(state, base, cairo) {
                    trace(path, cairo)
                    cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                    if let pattern = state.fillPattern {
                        setSource(pattern, anchoredAt: base, alpha: state.alpha, cairo, depth: depth)
                    } else {
                        set(state.fill, alpha: state.alpha, cairo)
                    }
                    cairo_fill(cairo)
                }
            case .castShadow(let path, let opacity):
                withShadow(state, base, cairo, paintingBody: false) {
                    trace(path, cairo)
                    cairo_set_source_rgba(cairo, 0, 0, 0, opacity)
                    cairo_fill(cairo)
                }
            case .stroke(let path):
                withShadow(state, base, cairo) {
                    trace(path, cairo)
                    cairo_set_line_width(cairo, state.lineWidth)
                    cairo_set_line_cap(
                        cairo, [CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE][state.lineCap])
                    cairo_set_line_join(
                        cairo, [CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL][state.lineJoin])
                    cairo_set_miter_limit(cairo, state.miterLimit)
                    state.dash.lengths.withUnsafeBufferPointer {
                        cairo_set_dash(cairo, $0.baseAddress, Int32($0.count), state.dash.phase)
                    }
                    if let pattern = state.strokePattern {
                        setSource(pattern, anchoredAt: base, alpha: state.alpha, cairo, depth: depth)
                    } else {
                        set(state.stroke, alpha: state.alpha, cairo)
                    }
                    cairo_stroke(cairo)
                }
            case .clip(let path, let evenOdd):
                trace(path, cairo)
                cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_clip(cairo)
            case .linearGradient(let gradient, let start, let end, let options):
                paint(
                    gradient, cairo_pattern_create_linear(start.x, start.y, end.x, end.y), options: options, state,
                    base, cairo)
            case .radialGradient(
                let gradient, let startCenter, let startRadius, let endCenter, let endRadius, let options):
                let pattern = cairo_pattern_create_radial(
                    startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius)
                paint(gradient, pattern, options: options, state, base, cairo)
            case .conicGradient(let gradient, let center, let start, let radius):
                let mesh = conic(gradient, center: center, start: start, radius: radius, alpha: state.alpha)
                paint(mesh, state, base, cairo)
                if let mesh { cairo_pattern_destroy(mesh) }
            case .text(let run):
                withShadow(state, base, cairo) { draw(run, state, cairo) }
            case .richText(let layout, let origin):
                withShadow(state, base, cairo) {
                    draw(layout, at: origin, alpha: state.alpha, base: base, cairo, depth: depth)
                }
            case .image(let content, let rect, let slices, let tint):
                withShadow(state, base, cairo) {
                    draw(content, in: rect, slices: slices, tint: tint, alpha: state.alpha, cairo, depth: depth)
                }
            }
        }
        // Whatever the drawing left saved is closed here, so the caller's state is its own again.
        for _ in 1..<states.count { cairo_restore(cairo) }
        cairo_restore(cairo)
    }

    /// An image in `rect`: whole, or by `slices` when it is resizable; with a `tint`, its shape
    /// (its alpha) filled with the tint, as UIKit draws a template image.
    func draw(
        _ content: ImageContent, in rect: CGRect, slices: ImageSlices?, tint: DrawingColor?, alpha: Double,
        _ cairo: OpaquePointer, depth: Int
    ) {
        if let tint {
            cairo_push_group(cairo)
            draw(content, in: rect, slices: slices, tint: nil, alpha: 1, cairo, depth: depth)
            let shape = cairo_pop_group(cairo)
            cairo_set_source_rgba(cairo, tint.red, tint.green, tint.blue, tint.alpha * alpha)
            cairo_mask(cairo, shape)
            cairo_pattern_destroy(shape)
        } else if let slices {
            draw(content, in: rect, slices: slices, alpha: alpha, cairo, depth: depth)
        } else {
            draw(content, in: rect, alpha: alpha, cairo, depth: depth)
        }
    }

    /// An image's content fitted to `rect`: a file's or bytes' pixels, or a drawing replayed
    /// and clipped to its size.
    private func draw(_ content: ImageContent, in rect: CGRect, alpha: Double, _ cairo: OpaquePointer, depth: Int) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
        switch content {
        case .file, .encoded:
            switch images.surface(for: content, budget: &work.decodeBudget) {
            case .ready(let surface): paint(surface, in: rect, alpha: alpha, cairo)
            case .pending: break  // drawn once decoded: the decoder asks for the screen again
            case .overBudget: work.imagesLeftOut += 1
            }
        case .drawing(let drawing):
            guard drawing.size.width > 0, drawing.size.height > 0 else { return }
            cairo_translate(cairo, rect.minX, rect.minY)
            CairoTransforms.scale(rect.width / drawing.size.width, rect.height / drawing.size.height, cairo)
            if alpha < 1 { cairo_push_group(cairo) }
            replay(drawing, cairo, depth: depth + 1)
            if alpha < 1 {
                cairo_pop_group_to_source(cairo)
                cairo_paint_with_alpha(cairo, alpha)
            }
        }
    }

    /// Text as a drawing shows it: one line from its origin, or wrapped in its box, where a
    /// truncation keeps the lines that fit and cuts the last, and no truncation clips at the box.
    private func draw(_ run: DrawnText, _ state: State, _ cairo: OpaquePointer) {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        var lines = 0
        if let width = run.width, let height = run.height {
            if run.truncation == .none {
                cairo_rectangle(cairo, run.origin.x, run.origin.y, width, height)
                cairo_clip(cairo)
            } else {
                let lineHeight = engine.measure(
                    run.text, face: run.face, size: run.size, width: width, wrap: run.wrap, maxLines: 1
                ).size.height
                lines = lineHeight > 0 ? max(1, Int(((height + 1) / lineHeight).rounded(.down))) : 1
            }
        }
        cairo_translate(cairo, run.origin.x, run.origin.y)
        set(run.color ?? state.fill, alpha: state.alpha, cairo)
        let lineWidth = run.width ?? engine.measure(run.text, face: run.face, size: run.size).size.width
        engine.draw(
            run.text, face: run.face, size: run.size, width: max(lineWidth, 1), wrap: run.wrap, maxLines: lines,
            alignment: run.alignment, truncation: lines > 0 ? run.truncation : .none, into: cairo)
    }

    /// Decoded pixels scaled to fill `rect`.
    private func paint(_ image: ImageSurface?, in rect: CGRect, alpha: Double, _ cairo: OpaquePointer) {
        guard let image else { return }
        cairo_translate(cairo, rect.minX, rect.minY)
        CairoTransforms.scale(rect.width / Double(image.width), rect.height / Double(image.height), cairo)
        cairo_set_source_surface(cairo, image.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_paint_with_alpha(cairo, alpha)
    }

    /// A resizable image in `rect`: its caps at their size (scaled down together when the rect
    /// is smaller than they are), the parts between them stretched or tiled.
    private func draw(
        _ content: ImageContent, in rect: CGRect, slices: ImageSlices, alpha: Double, _ cairo: OpaquePointer,
        depth: Int
    ) {
        let (size, caps) = (slices.size, slices.caps)
        guard rect.width > 0, rect.height > 0, size.width > 0, size.height > 0 else { return }
        /// The low cap, the middle and the high cap along one axis: where each is in the image
        /// and in the rect, and whether it is the middle.
        func spans(_ length: Double, _ low: Double, _ high: Double, _ target: Double) -> [Span] {
            let shrink = low + high > target ? target / (low + high) : 1
            let (l, h) = (low * shrink, high * shrink)
            return [
                Span(source: 0, sourceLength: low, target: 0, targetLength: l, isMiddle: false),
                Span(
                    source: low, sourceLength: length - low - high, target: l, targetLength: target - l - h,
                    isMiddle: true),
                Span(source: length - high, sourceLength: high, target: target - h, targetLength: h, isMiddle: false),
            ].filter { $0.sourceLength > 0 && $0.targetLength > 0 }
        }
        for column in spans(size.width, caps.left, caps.right, rect.width) {
            for row in spans(size.height, caps.top, caps.bottom, rect.height) {
                let (sx, sw, dx, dw) = (column.source, column.sourceLength, column.target, column.targetLength)
                let (sy, sh, dy, dh) = (row.source, row.sourceLength, row.target, row.targetLength)
                // Tiles at the source's own size, a bounded number of them; past that, stretched.
                let across = slices.tiles && column.isMiddle ? (dw / sw).rounded(.up) : 1
                let down = slices.tiles && row.isMiddle ? (dh / sh).rounded(.up) : 1
                let tiled = across * down <= 4096
                let stepX = tiled && across > 1 ? sw : dw
                let stepY = tiled && down > 1 ? sh : dh
                var y = 0.0
                while y < dh {
                    var x = 0.0
                    while x < dw {
                        let piece = CGRect(
                            x: rect.minX + dx + x, y: rect.minY + dy + y, width: min(stepX, dw - x),
                            height: min(stepY, dh - y))
                        cairo_save(cairo)
                        cairo_rectangle(cairo, piece.minX, piece.minY, piece.width, piece.height)
                        cairo_clip(cairo)
                        // The whole image, placed so that the source part lands on the piece.
                        let (scaleX, scaleY) = (stepX / sw, stepY / sh)
                        draw(
                            content,
                            in: CGRect(
                                x: piece.minX - sx * scaleX, y: piece.minY - sy * scaleY, width: size.width * scaleX,
                                height: size.height * scaleY), alpha: alpha, cairo, depth: depth)
                        cairo_restore(cairo)
                        x += stepX
                    }
                    y += stepY
                }
            }
        }
    }

    private struct Span {
        let source, sourceLength, target, targetLength: Double
        let isMiddle: Bool
    }

    /// A gradient fills the clip: past its ends only where the options say (Cairo's PAD when
    /// both do, NONE when neither does; one alone pads both ways, the nearest Cairo has).
    private func paint(
        _ gradient: GradientStops, _ pattern: OpaquePointer?, options: Int, _ state: State,
        _ base: cairo_matrix_t, _ cairo: OpaquePointer
    ) {
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, stop.color.red, stop.color.green, stop.color.blue,
                stop.color.alpha * state.alpha)
        }
        cairo_pattern_set_extend(pattern, options & 3 == 0 ? CAIRO_EXTEND_NONE : CAIRO_EXTEND_PAD)
        paint(pattern, state, base, cairo)
    }

    /// Paints with `pattern` (kept by the caller), under the state's shadow.
    private func paint(_ pattern: OpaquePointer?, _ state: State, _ base: cairo_matrix_t, _ cairo: OpaquePointer) {
        guard let pattern else { return }
        withShadow(state, base, cairo) {
            cairo_set_source(cairo, pattern)
            cairo_paint(cairo)
        }
    }

    /// A conic gradient as a Cairo mesh: a fan of 90 sectors of 4 degrees round the centre,
    /// each edged by a cubic arc, its corners coloured at their angles, so the colours blend
    /// smoothly across each sector and meet without seams. (Cairo has no conic gradient.)
    private func conic(
        _ gradient: GradientStops, center: CGPoint, start: Double, radius: Double, alpha: Double
    ) -> OpaquePointer? {
        guard radius > 0, let mesh = cairo_pattern_create_mesh() else { return nil }
        let sectors = 90
        let step = 2 * Double.pi / Double(sectors)
        let handle = 4.0 / 3 * tan(step / 4) * radius
        func point(_ angle: Double, _ distance: Double) -> (Double, Double) {
            (center.x + cos(angle) * distance, center.y + sin(angle) * distance)
        }
        for sector in 0..<sectors {
            let (a0, a1) = (start + Double(sector) * step, start + Double(sector + 1) * step)
            let (x0, y0) = point(a0, radius)
            let (x1, y1) = point(a1, radius)
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, center.x, center.y)
            cairo_mesh_pattern_line_to(mesh, x0, y0)
            cairo_mesh_pattern_curve_to(
                mesh, x0 - sin(a0) * handle, y0 + cos(a0) * handle, x1 + sin(a1) * handle, y1 - cos(a1) * handle, x1, y1
            )
            cairo_mesh_pattern_line_to(mesh, center.x, center.y)
            for (corner, fraction) in [(0, sector), (1, sector), (2, sector + 1), (3, sector + 1)] {
                guard let color = gradient.color(at: Double(fraction) / Double(sectors)) else { continue }
                cairo_mesh_pattern_set_corner_color_rgba(
                    mesh, UInt32(corner), color.red, color.green, color.blue, color.alpha * alpha)
            }
            cairo_mesh_pattern_end_patch(mesh)
        }
        return mesh
    }

    /// Draws `body`, under a shadow when the state has one: the body's shape, in the shadow's
    /// colour, offset in the drawing's base space and blurred, beneath it. Without
    /// `paintingBody`, only the shadow is painted.
    private func withShadow(
        _ state: State, _ base: cairo_matrix_t, _ cairo: OpaquePointer, paintingBody: Bool = true,
        _ body: () -> Void
    ) {
        withShadow(state.shadow, base, cairo, paintingBody: paintingBody, body)
    }

    /// Draws `body` under `shadow`: the shadow of what it draws, then (unless `paintingBody` is
    /// false) what it draws, within the picture's shadow budget.
    func withShadow(
        _ shadow: (offset: CGSize, blur: Double, color: DrawingColor)?, _ base: cairo_matrix_t,
        _ cairo: OpaquePointer, paintingBody: Bool = true, _ body: () -> Void
    ) {
        guard let shadow, shadow.color.alpha > 0 else { return paintingBody ? body() : () }
        // Once the budget left a shadow out, the later ones are left out without trying.
        guard work.shadowsLeftOut == 0 else {
            work.shadowsLeftOut += 1
            return paintingBody ? body() : ()
        }
        cairo_push_group(cairo)
        body()
        guard let shape = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(shape) }
        if let plan = ShadowMask.plan(shape, offset: shadow.offset, blur: shadow.blur, base: base, cairo) {
            let cost = plan.cost(scale: scale)
            if cost <= work.shadowCost {
                work.shadowCost -= cost
                ShadowMask.paint(shape, plan, offset: shadow.offset, color: shadow.color, base: base, cairo)
            } else {
                work.shadowsLeftOut += 1
            }
        }
        guard paintingBody else { return }
        cairo_set_source(cairo, shape)
        cairo_paint(cairo)
    }

    /// Makes `pattern` the source: its image repeated from the origin of `base` (the space the
    /// drawing started in, whatever the current transform), at `alpha`. An image that cannot be
    /// drawn leaves the source clear.
    func setSource(
        _ pattern: ImagePattern, anchoredAt base: cairo_matrix_t, alpha: Double, _ cairo: OpaquePointer, depth: Int
    ) {
        cairo_set_source_rgba(cairo, 0, 0, 0, 0)
        guard pattern.size.width > 0, pattern.size.height > 0, depth < Self.maximumDepth,
            let tile = cairo_recording_surface_create(
                CAIRO_CONTENT_COLOR_ALPHA,
                [cairo_rectangle_t(x: 0, y: 0, width: pattern.size.width, height: pattern.size.height)])
        else { return }
        defer { cairo_surface_destroy(tile) }
        if let painter = cairo_create(tile) {
            draw(
                pattern.content, in: CGRect(origin: .zero, size: pattern.size), alpha: alpha, painter, depth: depth + 1)
            cairo_destroy(painter)
        }
        guard let source = cairo_pattern_create_for_surface(tile) else { return }
        defer { cairo_pattern_destroy(source) }
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        // The pattern's matrix takes user space to pattern space: through device space to `base`.
        var user = cairo_matrix_t()
        cairo_get_matrix(cairo, &user)
        var fromDevice = base
        guard cairo_matrix_invert(&fromDevice) == CAIRO_STATUS_SUCCESS else { return }
        var matrix = cairo_matrix_t()
        cairo_matrix_multiply(&matrix, &user, &fromDevice)
        cairo_pattern_set_matrix(source, &matrix)
        cairo_set_source(cairo, source)
    }

    private func set(_ color: DrawingColor, alpha: Double, _ cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * alpha)
    }

    private func trace(_ path: DrawingPath, _ cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p): cairo_line_to(cairo, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(cairo, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cairo)
            }
        }
    }
}

extension DrawingColor {
    static let black = DrawingColor(red: 0, green: 0, blue: 0, alpha: 1)
}
