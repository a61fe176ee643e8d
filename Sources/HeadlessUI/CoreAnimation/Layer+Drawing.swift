import Foundation

/// What a standalone layer draws, as Core Animation composites it: its shadow, its background
/// (with rounded corners), its contents image (placed by `contentsGravity`) and its own
/// content (a shape, a gradient, text) under its sublayers, and its border over them. The
/// values are the presented ones, so pictures show animations as they run.
extension Layer {
    /// The layer under its sublayers, in its bounds' coordinates.
    public var underDrawing: Drawing {
        let bounds = presentedBounds
        var drawing = Drawing(size: bounds.size)
        let outline = presentedOutline
        let background = presentedColor(.backgroundColor)
        if let shadow = shadowDrawing(over: background) { drawing.commands += shadow.commands }
        if let background { drawing.fill(outline, background) }
        if let contents {
            drawing.commands += [.save, .clip(outline, evenOdd: false)]
            drawing.draw(contents, in: Self.place(contents.size, in: bounds, gravity: contentsGravity))
            drawing.commands.append(.restore)
        }
        drawOwnContent(in: bounds, into: &drawing)
        return drawing
    }

    /// The layer's shadow alone, in its bounds' coordinates, cast by its `shadowPath`, else by
    /// its rounded background when it has one (`background`: a view's layer is filled with its
    /// view's colour), else by its own shape; nil when it casts none, or when `masksToBounds`
    /// cuts it off, as Core Animation's mask does.
    public func shadowDrawing(over background: Color?) -> Drawing? {
        let shadowAlpha = presentedNumber(.shadowOpacity)
        guard shadowAlpha > 0, !masksToBounds, let color = presentedColor(.shadowColor), color.alpha > 0,
            let cast = shadowCaster(outline: presentedOutline, background: background)
        else { return nil }
        let offset = presentedComponents(of: .shadowOffset)
        var drawing = Drawing(size: presentedBounds.size)
        drawing.commands += [
            .save,
            .shadow(
                offset: CGSize(width: offset[0], height: offset[1]), blur: 2 * presentedNumber(.shadowRadius),
                color: DrawingColor(
                    red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * shadowAlpha)),
            .castShadow(cast.shape, opacity: cast.opacity), .restore,
        ]
        return drawing
    }

    /// The presented bounds with the presented corner radius.
    private var presentedOutline: DrawingPath {
        let bounds = presentedBounds
        var outline = DrawingPath()
        outline.addRoundedRect(bounds, radius: min(presentedNumber(.cornerRadius), bounds.width / 2, bounds.height / 2))
        return outline
    }

    /// What casts the layer's shadow, and as how opaque.
    private func shadowCaster(outline: DrawingPath, background: Color?) -> (shape: DrawingPath, opacity: Double)? {
        if let shadowPath { return (shadowPath, 1) }
        if let background { return (outline, background.alpha) }
        return ownShadowShape.map { ($0, 1) }
    }

    /// The border, over the sublayers.
    public var borderDrawing: Drawing? {
        let width = presentedNumber(.borderWidth)
        guard width > 0, let color = presentedColor(.borderColor), color.alpha > 0 else { return nil }
        let bounds = presentedBounds
        let radius = presentedNumber(.cornerRadius)
        var edge = DrawingPath()
        edge.addRoundedRect(
            bounds.insetBy(dx: width / 2, dy: width / 2),
            radius: max(0, min(radius, bounds.width / 2, bounds.height / 2) - width / 2))
        var drawing = Drawing(size: bounds.size)
        drawing.commands += [.save, .strokeColor(DrawingColor(color)), .lineWidth(width), .stroke(edge), .restore]
        return drawing
    }

    /// Where contents of `size` go in `bounds` for a `contentsGravity`.
    static func place(_ size: CGSize, in bounds: CGRect, gravity: String) -> CGRect {
        let (w, h, W, H) = (size.width, size.height, bounds.width, bounds.height)
        switch gravity {
        case "resizeAspect", "resizeAspectFill":
            guard w > 0, h > 0 else { return .zero }
            let s = gravity == "resizeAspect" ? min(W / w, H / h) : max(W / w, H / h)
            return CGRect(
                x: bounds.minX + (W - s * w) / 2, y: bounds.minY + (H - s * h) / 2, width: s * w, height: s * h)
        case "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight":
            // Core Animation names edges with y going up, so on iOS's y-down layers `top` puts
            // the contents at the bottom and `bottom` at the top, as a device shows them.
            let lowered = gravity.lowercased()
            let x = lowered.hasSuffix("left") ? 0 : lowered.hasSuffix("right") ? W - w : (W - w) / 2
            let y = gravity.hasPrefix("top") ? H - h : gravity.hasPrefix("bottom") ? 0 : (H - h) / 2
            return CGRect(x: bounds.minX + x, y: bounds.minY + y, width: w, height: h)
        default:
            return bounds
        }
    }

    /// CALayer.h's gravities.
    static let gravities = [
        "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
        "resizeAspect", "resizeAspectFill",
    ]
}
