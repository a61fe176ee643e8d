import Foundation

/// What a `drawRect` or an image context drew: Core Graphics' calls in order, over a surface
/// of `size` points. Nothing is rasterized here; the renderer replays the commands, so the
/// same drawing comes out at any scale and in PNG, SVG and PDF alike.
public struct Drawing: Sendable {
    public let size: CGSize
    public internal(set) var commands: [DrawingCommand] = []

    init(size: CGSize) { self.size = size }
}

/// One call of a drawing. The graphics state (colours, line, shadow, alpha) is Core
/// Graphics': the replay keeps it and `save` / `restore` push and pop it with the CTM and
/// the clip; paths are whole, as filled or stroked.
public enum DrawingCommand: Sendable {
    case save
    case restore
    case concat(CGAffineTransform)
    case fillColor(DrawingColor)
    case strokeColor(DrawingColor)
    case alpha(Double)
    case lineWidth(Double)
    /// CGLineCap: 0 butt, 1 round, 2 square.
    case lineCap(Int)
    /// CGLineJoin: 0 miter, 1 round, 2 bevel.
    case lineJoin(Int)
    case miterLimit(Double)
    case dash(phase: Double, lengths: [Double])
    /// A shadow under what is drawn next; a nil colour turns shadows off. The offset is in
    /// the base space, y down, whatever the CTM.
    case shadow(offset: CGSize, blur: Double, color: DrawingColor?)
    case fill(DrawingPath, evenOdd: Bool)
    case stroke(DrawingPath)
    case clip(DrawingPath, evenOdd: Bool)
    /// CGGradientDrawingOptions: 1 draws before the start, 2 after the end.
    case linearGradient(GradientStops, start: CGPoint, end: CGPoint, options: Int)
    case radialGradient(
        GradientStops, startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double,
        options: Int)
    /// Text in a font and colour: from `origin` on one line, or wrapped at `width` and clipped
    /// to `height` (drawInRect).
    case text(
        String, origin: CGPoint, width: Double?, height: Double?, face: String, size: Double, color: DrawingColor,
        alignment: Int)
    case image(ImageContent, CGRect)
}

/// A colour as a drawing keeps it (sRGB components, 0 to 1).
public struct DrawingColor: Equatable, Sendable {
    public let red, green, blue, alpha: Double

    init(_ color: Color) { (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha) }

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
}

/// A gradient's colours at their locations (0 to 1), in order.
public struct GradientStops: Sendable {
    public let stops: [(location: Double, color: DrawingColor)]
}
