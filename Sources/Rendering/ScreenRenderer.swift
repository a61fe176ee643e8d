import CCairo
import Foundation
import HeadlessUI

/// Draws a world's windows, back to front, as UIKit composites them: each view's background
/// (with its layer's corner radius), what UIKit draws for it under its content (`backdrop`: a
/// bar's background, a switch), its content (a label's text, in the same Pango layout its
/// metrics come from; its `drawRect` drawing), its subviews in `zPosition` order (clipped by
/// `clipsToBounds` / `masksToBounds`), what UIKit draws over them (`overlay`: a cell's
/// separators), then its layer's border; a view with an alpha below 1 is drawn into a group
/// that is composited once with that alpha. Hidden views and their subviews are not drawn. What
/// shows is the presentation (an animation's values now), and a view's transform (its layer's,
/// with its 3D part) turns and scales it about its centre, in perspective when it has one (see
/// `PlaneProjection`); a transition shows its old and new looks (`TransitionCompositing`). The
/// walk keeps its own stack, so a view tree of any depth is drawn.
public enum ScreenRenderer {
    /// The world's screen as a picture, with its images decoded by `images` (as it is drawn,
    /// unless told otherwise). What it left out to stay within its budgets (a drawing's
    /// commands, its shadows' cost, its images' pixels) is in the picture's `omissions`.
    public static func render(_ world: UIWorld, images: ImageDecoder = .whileDrawing()) throws -> Picture {
        let screen = world.screen.profile
        let replay = DrawingReplay(engine: world.text, scale: screen.scale, images: images)
        let picture = try Picture(width: screen.size.width, height: screen.size.height, scale: screen.scale) { cairo in
            // Where no view draws, the screen is black, as on a device.
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_paint(cairo)
            for window in world.application.visibleWindows { draw(.enter(window), replay, cairo) }
            // The device draws the status bar over every window.
            if let statusBar = StatusBarDrawing.drawing(for: world.application, text: world.text) {
                replay.replay(statusBar, cairo)
            }
        }
        picture.omissions = replay.omissions
        return picture
    }

    enum Step {
        case enter(View)
        case leave(View, grouped: Bool, transition: ShownTransition?)
        /// A script's layer, with its sublayers (see ScreenRenderer+Layers).
        case enterLayer(Layer)
        case leaveLayer(Layer, grouped: Bool, transition: ShownTransition?)
    }

    /// Draws `root`'s step and all it leads to. The view or layer `unplaced` (the root, for a
    /// transition's old look) is drawn in its own coordinates, without its position, transform
    /// and opacity; `plain` is drawn without its transition.
    static func draw(
        _ root: Step, unplaced: AnyObject? = nil, plain: AnyObject? = nil, _ replay: DrawingReplay,
        _ cairo: OpaquePointer
    ) {
        var steps: [Step] = [root]
        var looks = AppearanceMemo()
        while let step = steps.popLast() {
            // Dynamic colours resolve in the appearance and level of the view being drawn.
            let look = looks.look(of: step)
            UserInterfaceStyle.$current.withValue(look.style) {
                UserInterfaceLevel.resolving(in: look.level) {
                    perform(step, unplaced: unplaced, plain: plain, replay, cairo, &steps)
                }
            }
        }
    }

    /// The appearance and level each step draws in: its view's, or for a script's layer, its
    /// view's. Views are entered after their superviews, so each takes its parent's from here:
    /// asking each for its `effectiveStyle` would walk up to the window, quadratic in a deep tree.
    private struct AppearanceMemo {
        typealias Look = (style: UserInterfaceStyle, level: UserInterfaceLevel)
        private var known: [ObjectIdentifier: Look] = [:]

        mutating func look(of step: Step) -> Look {
            switch step {
            case .enter(let view), .leave(let view, _, _):
                return look(of: view)
            case .enterLayer(let layer), .leaveLayer(let layer, _, _):
                var current: Layer? = layer
                while let candidate = current {
                    if let view = candidate.view { return look(of: view) }
                    current = candidate.superlayer
                }
                return (.unspecified, .unspecified)
            }
        }

        private mutating func look(of view: View) -> Look {
            if let look = known[ObjectIdentifier(view)] { return look }
            let look: Look =
                view.superview.flatMap { known[ObjectIdentifier($0)] }.map { parent in
                    (view.style(under: parent.style), view.beginsElevatedContent ? .elevated : parent.level)
                } ?? (view.effectiveStyle, view.effectiveLevel)
            known[ObjectIdentifier(view)] = look
            return look
        }
    }

    /// Draws one step, pushing the steps it leads to.
    private static func perform(
        _ step: Step, unplaced: AnyObject?, plain: AnyObject?, _ replay: DrawingReplay, _ cairo: OpaquePointer,
        _ steps: inout [Step]
    ) {
        switch step {
        case .enter(let view):
            let placed = view !== unplaced
            let alpha = placed ? view.presentationAlpha : 1
            guard !view.isHidden, alpha >= 0.01 else { return }
            let bounds = view.presentationBounds
            let transition = view === plain ? nil : view.layer.shownTransition
            if placed, let transition, transition.kind == .flip {
                drawFlip(view, transition, bounds: bounds, alpha: alpha, replay, cairo)
                return
            }
            cairo_save(cairo)
            if placed, let perspective = place(view, bounds: bounds, cairo) {
                drawProjected(
                    .enter(view), object: view, through: perspective, alpha: alpha,
                    doubleSided: view.layer.isDoubleSided, replay, cairo)
                cairo_restore(cairo)
                return
            }
            let grouped = alpha < 1
            if grouped { cairo_push_group(cairo) }
            if transition != nil { cairo_push_group(cairo) }
            if let blur = (view as? VisualEffectView)?.blur {
                BlurBehind.paint(
                    blur, size: bounds.size, cornerRadius: cornerRadius(view), scale: replay.scale, cairo)
            }
            let background = view.presentationBackgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
            // A view that clips to its bounds cuts its layer's shadow off, as masksToBounds does.
            if !view.clipsToBounds, let shadow = view.layer.shadowDrawing(over: background) {
                // The layer draws in its bounds' coordinates; a scrolled view's origin moves.
                cairo_save(cairo)
                cairo_translate(cairo, -bounds.origin.x, -bounds.origin.y)
                replay.replay(shadow, cairo)
                cairo_restore(cairo)
            }
            if let color = background {
                if let pattern = color.pattern {
                    var origin = cairo_matrix_t()
                    cairo_get_matrix(cairo, &origin)
                    replay.setSource(pattern, anchoredAt: origin, alpha: 1, cairo, depth: 0)
                } else {
                    set(color, cairo)
                }
                path(width: bounds.size.width, height: bounds.size.height, radius: cornerRadius(view), cairo)
                cairo_fill(cairo)
            }
            if let backdrop = view.backdrop { replay.replay(backdrop, cairo) }
            if let label = view as? Label {
                if let rich = label.attributedDrawing(in: bounds) {
                    replay.replay(rich, cairo)
                } else {
                    draw(label, bounds: bounds, cairo)
                }
            }
            drawContent(of: view, bounds: bounds, replay, cairo)
            cairo_save(cairo)
            if view.clipsToBounds || view.layer.masksToBounds {
                path(width: bounds.size.width, height: bounds.size.height, radius: cornerRadius(view), cairo)
                cairo_clip(cairo)
            }
            cairo_translate(cairo, -bounds.origin.x, -bounds.origin.y)
            steps.append(.leave(view, grouped: grouped, transition: transition))
            // Drawn in zPosition order, equal ones in subview order, each with the layers a
            // script added above it: the last pushed is drawn first.
            let ordered = view.subviews.enumerated().sorted {
                ($0.element.layer.zPosition, $0.offset) < ($1.element.layer.zPosition, $1.offset)
            }.map(\.element)
            steps += children(of: view, subviews: ordered).reversed()
        case .enterLayer(let layer):
            enter(layer, placed: layer !== unplaced, replay, cairo, &steps)
        case .leaveLayer(let layer, let grouped, let transition):
            leave(layer, grouped: grouped, transition: transition, replay, cairo)
        case .leave(let view, let grouped, let transition):
            cairo_restore(cairo)
            if let overlay = view.overlay { replay.replay(overlay, cairo) }
            let bounds = view.presentationBounds
            let border = view.layer.presentedNumber(.borderWidth)
            if border > 0, let color = view.layer.presentedColor(.borderColor), color.alpha > 0 {
                set(color, cairo)
                cairo_set_line_width(cairo, border)
                cairo_save(cairo)
                cairo_translate(cairo, border / 2, border / 2)
                path(
                    width: bounds.size.width - border, height: bounds.size.height - border,
                    radius: max(0, cornerRadius(view) - border / 2), cairo)
                cairo_restore(cairo)
                cairo_stroke(cairo)
            }
            if let transition { compose(transition, size: bounds.size, cairo) }
            if grouped {
                cairo_pop_group_to_source(cairo)
                cairo_paint_with_alpha(cairo, view.presentationAlpha)
            }
            cairo_restore(cairo)
        }
    }

    /// Moves the origin to the view's top-left corner, its transform applied about its centre
    /// (and its superview's `sublayerTransform` about the superview's); when that has a
    /// perspective part, places nothing and returns the projection, for `drawProjected`.
    private static func place(_ view: View, bounds: CGRect, _ cairo: OpaquePointer) -> Homography? {
        let transform = view.presentationTransform3D
        let parent = perspectiveParent(of: view)
        guard parent != nil || !transform.isFlat else {
            let center = view.presentationCenter
            cairo_translate(cairo, center.x, center.y)
            CairoTransforms.apply(transform.affine.cairoMatrix, cairo)
            cairo_translate(cairo, -bounds.size.width / 2, -bounds.size.height / 2)
            return nil
        }
        switch PlaneProjection(placement(of: view, transform: transform, bounds: bounds, in: parent)) {
        case .affine(let matrix):
            CairoTransforms.apply(matrix, cairo)
            return nil
        case .perspective(let homography):
            return homography
        }
    }

    /// The superview whose `sublayerTransform` turns the view too; nil when it has none.
    private static func perspectiveParent(of view: View) -> View? {
        view.superview.flatMap { $0.layer.sublayerTransform == .identity ? nil : $0 }
    }

    /// A view flipping (UIKit's flip transitions): the old look turning away about its middle,
    /// then the new one turning in, each through the view's placement in perspective.
    private static func drawFlip(
        _ view: View, _ transition: ShownTransition, bounds: CGRect, alpha: Double, _ replay: DrawingReplay,
        _ cairo: OpaquePointer
    ) {
        let showsOld = transition.progress < 0.5
        let recording: OpaquePointer?
        if showsOld {
            recording = (transition.before as? RecordedLook).map { cairo_surface_reference($0.surface) }
        } else {
            recording = record(.enter(view), unplaced: view, plain: view, replay)
        }
        guard let recording else { return }
        defer { cairo_surface_destroy(recording) }
        let (angle, aboutY) = transition.flipAngle
        var perspective = CATransform3D.identity
        perspective.m[11] = -1 / ShownTransition.flipViewingDistance
        let (halfWidth, halfHeight) = (bounds.width / 2, bounds.height / 2)
        let turn = CATransform3D.translation(-halfWidth, -halfHeight, 0)
            .concatenating(.rotation(angle, aboutY ? 0 : 1, aboutY ? 1 : 0, 0))
            .concatenating(perspective)
            .concatenating(.translation(halfWidth, halfHeight, 0))
        let placement = turn.concatenating(
            placement(
                of: view, transform: view.presentationTransform3D, bounds: bounds, in: perspectiveParent(of: view)))
        paintProjected(recording, through: Homography(placement), alpha: alpha, doubleSided: true, cairo)
    }

    /// A view's placement in its superview's bounds, in three dimensions, by `transform` (its
    /// presentation's).
    private static func placement(of view: View, transform: CATransform3D, bounds: CGRect, in parent: View?)
        -> CATransform3D
    {
        let parentBounds = parent?.presentationBounds ?? .zero
        return PlaneProjection.placement(
            bounds: CGRect(origin: .zero, size: bounds.size), anchor: CGPoint(x: 0.5, y: 0.5),
            position: view.presentationCenter, transform: transform,
            sublayerTransform: parent?.layer.sublayerTransform,
            parentAnchor: CGPoint(x: parentBounds.midX, y: parentBounds.midY))
    }

    /// What a view draws itself: its `drawRect` drawing (its backing store: clipped to the
    /// bounds, stretched when the bounds changed size since, as `scaleToFill` stretches it), or
    /// an image view's image placed by its content mode.
    private static func drawContent(of view: View, bounds: CGRect, _ replay: DrawingReplay, _ cairo: OpaquePointer) {
        if let drawing = view.drawing, drawing.size.width > 0, drawing.size.height > 0 {
            cairo_save(cairo)
            cairo_rectangle(cairo, 0, 0, bounds.size.width, bounds.size.height)
            cairo_clip(cairo)
            CairoTransforms.scale(
                bounds.size.width / drawing.size.width, bounds.size.height / drawing.size.height, cairo)
            cairo_translate(cairo, -bounds.origin.x, -bounds.origin.y)
            replay.replay(drawing, cairo)
            cairo_restore(cairo)
        }
        if let imageView = view as? ImageView, let image = imageView.image {
            cairo_save(cairo)
            if view.clipsToBounds || view.layer.masksToBounds {
                path(width: bounds.size.width, height: bounds.size.height, radius: view.layer.cornerRadius, cairo)
                cairo_clip(cairo)
            }
            let rect = place(image.size, in: bounds.size, mode: view.contentMode)
            replay.draw(
                image.content, in: rect, slices: image.slices, tint: imageView.imageFill, alpha: 1, cairo, depth: 0)
            cairo_restore(cairo)
        }
    }

    /// Where an image of `size` shows in a view of `box` with `mode` (UIViewContentMode).
    static func place(_ size: CGSize, in box: CGSize, mode: Int) -> CGRect {
        let (w, h, W, H) = (size.width, size.height, box.width, box.height)
        switch mode {
        case 1, 2:  // aspect fit, aspect fill
            guard w > 0, h > 0 else { return .zero }
            let s = mode == 1 ? min(W / w, H / h) : max(W / w, H / h)
            return CGRect(x: (W - s * w) / 2, y: (H - s * h) / 2, width: s * w, height: s * h)
        case 4...12:
            let left = [7, 9, 11].contains(mode)
            let right = [8, 10, 12].contains(mode)
            let top = [5, 9, 10].contains(mode)
            let bottom = [6, 11, 12].contains(mode)
            return CGRect(
                x: left ? 0 : right ? W - w : (W - w) / 2, y: top ? 0 : bottom ? H - h : (H - h) / 2, width: w,
                height: h)
        default:  // scale to fill, redraw
            return CGRect(x: 0, y: 0, width: W, height: H)
        }
    }

    /// A label's text as UIKit lays it out: wrapped at the label's width when it has more than
    /// one line, as many lines as `numberOfLines` allows and the bounds hold, centred
    /// vertically, aligned, shadowed; text that goes on past the last line shown is cut there
    /// with an ellipsis as `lineBreakMode` says (at the tail by default).
    private static func draw(_ label: Label, bounds: CGRect, _ cairo: OpaquePointer) {
        guard let text = label.text, !text.isEmpty else { return }
        let font = label.effectiveFont
        let oneLine = label.numberOfLines == 1
        let wrap: TextEngine.Wrap = label.lineBreakMode == 1 ? .characters : .words
        var lines = 1
        var truncation = TextEngine.Truncation(lineBreakMode: label.lineBreakMode)
        if !oneLine {
            let width = bounds.size.width
            let lineHeight = label.engine.measure(
                text, face: font.face, size: font.pointSize, width: width, wrap: wrap, maxLines: 1
            ).size.height
            let fitting = lineHeight > 0 ? max(1, Int(((bounds.size.height + 1) / lineHeight).rounded(.down))) : 1
            lines = label.numberOfLines > 0 ? min(label.numberOfLines, fitting) : fitting
            let all = label.engine.measure(text, face: font.face, size: font.pointSize, width: width, wrap: wrap)
            let shown = label.engine.measure(
                text, face: font.face, size: font.pointSize, width: width, wrap: wrap, maxLines: lines)
            if shown.size.height >= all.size.height { truncation = .none }  // everything fits
        }
        let measured = label.engine.measure(
            text, face: font.face, size: font.pointSize, width: oneLine ? nil : bounds.size.width, wrap: wrap,
            maxLines: lines)
        let top = (bounds.size.height - measured.size.height) / 2
        let alignment = label.textAlignment == 1 || label.textAlignment == 2 ? label.textAlignment : 0
        var layers: [(Color, CGSize)] = []
        if let shadow = label.shadowColor { layers.append((shadow, label.shadowOffset)) }
        layers.append((label.shownTextColor, .zero))
        for (color, offset) in layers {
            cairo_save(cairo)
            cairo_translate(cairo, offset.width, top + offset.height)
            set(color, cairo)
            label.engine.draw(
                text, face: font.face, size: font.pointSize, width: bounds.size.width, wrap: wrap, maxLines: lines,
                alignment: alignment, truncation: truncation, into: cairo)
            cairo_restore(cairo)
        }
    }

    /// A view's corner radius as shown (its layer's, animated or not).
    private static func cornerRadius(_ view: View) -> Double { view.layer.presentedNumber(.cornerRadius) }

    static func set(_ color: Color, _ cairo: OpaquePointer) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// A rectangle from the origin, its corners rounded by `radius` (at most half a side).
    static func path(width: Double, height: Double, radius: Double, _ cairo: OpaquePointer) {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else {
            cairo_rectangle(cairo, 0, 0, max(0, width), max(0, height))
            return
        }
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, width - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, width - r, height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, r, height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}

extension CGAffineTransform {
    var cairoMatrix: cairo_matrix_t { cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty) }
}
