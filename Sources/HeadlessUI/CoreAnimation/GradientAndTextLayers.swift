import Foundation
import ObjectBridge

/// `CAGradientLayer`: colours blended across the bounds from `startPoint` to `endPoint` (unit
/// coordinates, top middle to bottom middle by default), at `locations` or spread evenly;
/// `axial` (the default), `radial` (from the start point out to the end point), extended past
/// both ends as Core Animation extends it, or `conic` (a full turn clockwise round the start
/// point, from the direction of the end point).
public final class GradientLayer: Layer {
    public var colors: [Color] = [] {
        didSet {
            for old in oldValue { abandon(old) }
            for new in colors { adopt(new) }
        }
    }
    public var locations: [Double]?
    public var startPoint = CGPoint(x: 0.5, y: 0)
    public var endPoint = CGPoint(x: 0.5, y: 1)
    public var type = "axial"

    static let types = ["axial", "radial", "conic"]

    override func copyPresentedAttributes(to copy: Layer) {
        super.copyPresentedAttributes(to: copy)
        guard let copy = copy as? GradientLayer else { return }
        (copy.colors, copy.locations, copy.startPoint, copy.endPoint, copy.type) =
            (colors, locations, startPoint, endPoint, type)
    }

    /// The colours at their locations; evenly spread without locations, or when there are not
    /// as many as colours (as Core Animation ignores them then).
    var stops: GradientStops {
        let spread: [Double] =
            if let locations, locations.count == colors.count {
                locations
            } else {
                colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
            }
        return GradientStops(stops: zip(spread, colors).map { (location: $0, color: DrawingColor($1)) })
    }

    override func drawOwnContent(in bounds: CGRect, into drawing: inout Drawing) {
        guard !colors.isEmpty else { return }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        let (start, end) = (point(startPoint), point(endPoint))
        var clip = DrawingPath()
        clip.addRoundedRect(bounds, radius: min(presentedNumber(.cornerRadius), bounds.width / 2, bounds.height / 2))
        drawing.commands += [.save, .clip(clip, evenOdd: false)]
        // kCGGradientDrawsBeforeStartLocation | kCGGradientDrawsAfterEndLocation.
        if type == "conic" {
            let corners = [
                CGPoint(x: bounds.minX, y: bounds.minY), CGPoint(x: bounds.maxX, y: bounds.minY),
                CGPoint(x: bounds.minX, y: bounds.maxY), CGPoint(x: bounds.maxX, y: bounds.maxY),
            ]
            let radius = corners.map { hypot($0.x - start.x, $0.y - start.y) }.max() ?? 0
            let angle = end == start ? 0 : atan2(end.y - start.y, end.x - start.x)
            drawing.commands.append(.conicGradient(stops, center: start, start: angle, radius: radius))
        } else if type == "radial" {
            drawing.commands.append(
                .radialGradient(
                    stops, startCenter: start, startRadius: 0, endCenter: start,
                    endRadius: hypot(end.x - start.x, end.y - start.y), options: 3))
        } else {
            drawing.commands.append(.linearGradient(stops, start: start, end: end, options: 3))
        }
        drawing.commands.append(.restore)
    }
}

/// `CATextLayer`: a string drawn from the top of the bounds in a font (the system font at 36
/// points unless set) and colour (white unless set), aligned, on one line or wrapped, and cut
/// with an ellipsis where `truncationMode` says.
public final class TextLayer: Layer {
    public var string: String?
    var font: Font? { didSet { replaceOwned(oldValue, with: font) } }
    public var fontSize = 36.0
    public var foregroundColor: Color? = Color(white: 1, alpha: 1) {
        didSet { replaceOwned(oldValue, with: foregroundColor) }
    }
    public var alignmentMode = "natural"
    public var isWrapped = false
    public var truncationMode = "none"

    public required init() {
        super.init()
        if let foregroundColor { adopt(foregroundColor) }
    }

    static let alignmentModes = ["natural", "left", "right", "center", "justified"]
    static let truncationModes = ["none", "start", "end", "middle"]

    override func copyPresentedAttributes(to copy: Layer) {
        super.copyPresentedAttributes(to: copy)
        guard let copy = copy as? TextLayer else { return }
        (copy.string, copy.font, copy.fontSize, copy.foregroundColor) = (string, font, fontSize, foregroundColor)
        (copy.alignmentMode, copy.isWrapped, copy.truncationMode) = (alignmentMode, isWrapped, truncationMode)
    }

    override func drawOwnContent(in bounds: CGRect, into drawing: inout Drawing) {
        guard let string, !string.isEmpty, let font, let color = foregroundColor else { return }
        let sized = font.withSize(fontSize)
        let alignment = ["right": 2, "center": 1][alignmentMode] ?? 0
        let truncation: TextEngine.Truncation =
            ["start": .head, "end": .tail, "middle": .middle][truncationMode] ?? .none
        if isWrapped || truncation != .none {
            drawing.commands.append(
                .text(
                    DrawnText(
                        text: string, origin: bounds.origin, width: bounds.width,
                        height: isWrapped ? bounds.height : sized.lineHeight,
                        face: sized.face, size: sized.pointSize, color: DrawingColor(color), alignment: alignment,
                        wrap: isWrapped ? .words : .characters, truncation: truncation)))
            return
        }
        // One line, cut off at the edges.
        let width = sized.text.measure(string, face: sized.face, size: sized.pointSize).size.width
        let x = bounds.minX + [0: 0, 1: (bounds.width - width) / 2, 2: bounds.width - width][alignment, default: 0]
        var clip = DrawingPath()
        clip.addRect(bounds)
        drawing.commands += [
            .save, .clip(clip, evenOdd: false),
            .text(
                DrawnText(
                    text: string, origin: CGPoint(x: x, y: bounds.minY), width: nil, height: nil, face: sized.face,
                    size: sized.pointSize, color: DrawingColor(color), alignment: 0, wrap: .words, truncation: .none)),
            .restore,
        ]
    }
}
