import Foundation

/// What a standalone layer draws, as Core Animation composites it: its shadow, its background
/// (with rounded corners), its contents image (placed by `contentsGravity`) and its own
/// content (a shape, a gradient, text) under its sublayers, and its border over them. The
/// values are the presented ones, so pictures show animations as they run.
extension Layer {
    /// The layer under its sublayers, in its bounds' coordinates.
    public var underDrawing: Drawing {
        let bounds = presentedBounds
        let radius = presentedNumber(.cornerRadius)
        var drawing = Drawing(size: bounds.size)
        var outline = DrawingPath()
        outline.addRoundedRect(bounds, radius: min(radius, bounds.width / 2, bounds.height / 2))
        let background = presentedColor(.backgroundColor)
        let shadowAlpha = presentedNumber(.shadowOpacity)
        if shadowAlpha > 0, let color = presentedColor(.shadowColor),
            let shape = shadowPath ?? (background != nil ? outline : ownShadowShape)
        {
            let offset = presentedComponents(of: .shadowOffset)
            drawing.commands += [
                .save,
                .shadow(
                    offset: CGSize(width: offset[0], height: offset[1]), blur: 2 * presentedNumber(.shadowRadius),
                    color: DrawingColor(
                        red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * shadowAlpha)),
                // Only the shadow shows: the shape itself is covered by what follows, or clear.
                .fillColor(DrawingColor(background ?? Color(white: 0, alpha: 0.001))), .fill(shape, evenOdd: false),
                .restore,
            ]
        }
        if let background { drawing.fill(outline, background) }
        if let contents {
            drawing.commands += [.save, .clip(outline, evenOdd: false)]
            drawing.draw(contents, in: Self.place(contents.size, in: bounds, gravity: contentsGravity))
            drawing.commands.append(.restore)
        }
        drawOwnContent(in: bounds, into: &drawing)
        return drawing
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
