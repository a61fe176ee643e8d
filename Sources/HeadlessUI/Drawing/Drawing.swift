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
    /// A pattern colour (`colorWithPatternImage`): its image tiled from the drawing's origin.
    case fillPattern(ImagePattern)
    case strokePattern(ImagePattern)
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
    /// The shadow the path casts under the current shadow, as if filled at `opacity`, without
    /// the path itself: Core Animation casts a layer's `shadowPath` as if opaque, whatever the
    /// layer draws there, and its background's shape at the background's alpha.
    case castShadow(DrawingPath, opacity: Double)
    case stroke(DrawingPath)
    case clip(DrawingPath, evenOdd: Bool)
    /// CGGradientDrawingOptions: 1 draws before the start, 2 after the end.
    case linearGradient(GradientStops, start: CGPoint, end: CGPoint, options: Int)
    case radialGradient(
        GradientStops, startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double,
        options: Int)
    /// Colours swept clockwise round `center` from the angle `start` (radians, y down) over a
    /// full turn, out to `radius` (a conic gradient layer's).
    case conicGradient(GradientStops, center: CGPoint, start: Double, radius: Double)
    /// Text in a font and colour: from `origin` on one line, or in a box (drawInRect).
    case text(DrawnText)
    /// Attributed text as it was laid out, its top-left at `origin`.
    case richText(RichTextLayout, origin: CGPoint)
    /// An image in a rect: scaled whole, or by slices (a resizable image); with a tint, its
    /// shape filled with the tint (a template image).
    case image(ImageContent, CGRect, slices: ImageSlices?, tint: DrawingColor?)
}

/// A colour as a drawing keeps it (sRGB components, 0 to 1).
public struct DrawingColor: Hashable, Sendable {
    public let red, green, blue, alpha: Double

    init(_ color: Color) { (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha) }

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
}

/// Text a drawing shows: from `origin` on one line, or wrapped at `width` in a box `height`
/// tall, where a truncation cuts the last line that fits and no truncation clips at the box.
public struct DrawnText: Sendable {
    public let text: String
    public let origin: CGPoint
    public let width, height: Double?
    public let face: String
    public let size: Double
    /// Nil: the context's fill colour, as iOS 6's `drawInRect:withFont:` uses it.
    public let color: DrawingColor?
    /// NSTextAlignment: 0 left, 1 centre, 2 right.
    public let alignment: Int
    public let wrap: TextEngine.Wrap
    public let truncation: TextEngine.Truncation
}

/// A pattern colour's image: tiled at its size (in points) from the origin of the drawing.
public struct ImagePattern: Sendable {
    public let content: ImageContent
    public let size: CGSize
}

/// A gradient's colours at their locations (0 to 1), in order.
public struct GradientStops: Sendable {
    public let stops: [(location: Double, color: DrawingColor)]

    /// The colour at `location`: between the stops either side, or the end stop's past the ends.
    public func color(at location: Double) -> DrawingColor? {
        guard let first = stops.first, let last = stops.last else { return nil }
        if location <= first.location { return first.color }
        for (a, b) in zip(stops, stops.dropFirst()) where location <= b.location {
            let t = b.location > a.location ? (location - a.location) / (b.location - a.location) : 1
            return DrawingColor(
                red: a.color.red + (b.color.red - a.color.red) * t,
                green: a.color.green + (b.color.green - a.color.green) * t,
                blue: a.color.blue + (b.color.blue - a.color.blue) * t,
                alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * t)
        }
        return last.color
    }
}

/// How native views draw what UIKit draws for them (a bar's background, a switch's track, a
/// cell's separator): the commands a `drawRect` would record, made in Swift.
extension Drawing {
    init(size: CGSize, _ build: (inout Drawing) -> Void) {
        self.init(size: size)
        build(&self)
    }

    mutating func fill(_ path: DrawingPath, _ color: Color, evenOdd: Bool = false) {
        commands += [.save, .fillColor(DrawingColor(color)), .fill(path, evenOdd: evenOdd), .restore]
    }

    mutating func fill(_ rect: CGRect, _ color: Color) {
        var path = DrawingPath()
        path.addRect(rect)
        fill(path, color)
    }

    /// Strokes `path` with round caps and joins, as UIKit's glyph-like chrome (chevrons,
    /// checkmarks) is drawn.
    mutating func stroke(_ path: DrawingPath, _ color: Color, width: Double) {
        commands += [
            .save, .strokeColor(DrawingColor(color)), .lineWidth(width), .lineCap(1), .lineJoin(1), .stroke(path),
            .restore,
        ]
    }

    /// Fills `path` with a soft shadow under it (a switch's or a slider's thumb).
    mutating func fill(_ path: DrawingPath, _ color: Color, shadow: (offset: CGSize, blur: Double, alpha: Double)) {
        commands += [
            .save,
            .shadow(
                offset: shadow.offset, blur: shadow.blur,
                color: DrawingColor(red: 0, green: 0, blue: 0, alpha: shadow.alpha)),
            .fillColor(DrawingColor(color)), .fill(path, evenOdd: false), .restore,
        ]
    }

    /// One line of text in `font`, centred vertically in `box` and aligned in it by
    /// NSTextAlignment (0 left, 1 centre, 2 right), cut at its end when it does not fit.
    mutating func write(_ string: String, _ font: Font, in box: CGRect, alignment: Int, _ color: Color) {
        commands.append(
            .text(
                DrawnText(
                    text: string, origin: CGPoint(x: box.minX, y: box.midY - font.lineHeight / 2), width: box.width,
                    height: font.lineHeight, face: font.face, size: font.pointSize, color: DrawingColor(color),
                    alignment: alignment, wrap: .characters, truncation: .tail)))
    }

    mutating func draw(_ image: Image, in rect: CGRect) {
        commands.append(image.drawCommand(in: rect))
    }
}
