import Foundation
import ObjectBridge

/// `CAShapeLayer`: a path filled (black by default, by the non-zero or even-odd rule) and
/// stroked (with no colour by default) from `strokeStart` to `strokeEnd` of its length, with
/// the line's width, caps, joins and dashes.
public final class ShapeLayer: Layer {
    public var path: DrawingPath? { didSet { track = nil } }
    public var fillColor: Color? = Color(white: 0, alpha: 1) { didSet { replaceOwned(oldValue, with: fillColor) } }
    public var strokeColor: Color? { didSet { replaceOwned(oldValue, with: strokeColor) } }
    public var lineWidth = 1.0
    public var strokeStart = 0.0
    public var strokeEnd = 1.0
    public var lineDashPhase = 0.0
    public var lineDashPattern: [Double]?
    public var miterLimit = 10.0
    /// `kCALineCapButt`, `Round`, `Square`; `kCALineJoinMiter`, `Round`, `Bevel`; `kCAFillRuleNonZero`, `EvenOdd`.
    public var lineCap = "butt"
    public var lineJoin = "miter"
    public var fillRule = "non-zero"
    /// The path laid flat, kept while the path stays (trimming it each frame is the hot part).
    private var track: PathTrack?

    public required init() {
        super.init()
        if let fillColor { adopt(fillColor) }
    }

    static let lineCaps = ["butt", "round", "square"]
    static let lineJoins = ["miter", "round", "bevel"]
    static let fillRules = ["non-zero", "even-odd"]

    override func ownComponents(of property: LayerKeyPath.Property) -> [Double]? {
        switch property {
        case .lineWidth: [lineWidth]
        case .strokeStart: [strokeStart]
        case .strokeEnd: [strokeEnd]
        case .lineDashPhase: [lineDashPhase]
        case .fillColor: Self.components(of: fillColor)
        case .strokeColor: Self.components(of: strokeColor)
        default: nil
        }
    }

    override func ownColor(of property: LayerKeyPath.Property) -> Color? {
        switch property {
        case .fillColor: fillColor
        case .strokeColor: strokeColor
        default: nil
        }
    }

    override func copyPresentedAttributes(to copy: Layer) {
        super.copyPresentedAttributes(to: copy)
        guard let copy = copy as? ShapeLayer else { return }
        copy.path = path
        (copy.lineWidth, copy.strokeStart) = (presentedNumber(.lineWidth), presentedNumber(.strokeStart))
        (copy.strokeEnd, copy.lineDashPhase) = (presentedNumber(.strokeEnd), presentedNumber(.lineDashPhase))
        (copy.fillColor, copy.strokeColor) = (presentedColor(.fillColor), presentedColor(.strokeColor))
        (copy.lineDashPattern, copy.miterLimit) = (lineDashPattern, miterLimit)
        (copy.lineCap, copy.lineJoin, copy.fillRule) = (lineCap, lineJoin, fillRule)
    }

    override var ownShadowShape: DrawingPath? { path }

    override func drawOwnContent(in bounds: CGRect, into drawing: inout Drawing) {
        guard let path, !path.isEmpty else { return }
        let evenOdd = fillRule == "even-odd"
        if let fill = presentedColor(.fillColor), fill.alpha > 0 {
            drawing.commands += [.save, .fillColor(DrawingColor(fill)), .fill(path, evenOdd: evenOdd), .restore]
        }
        let width = presentedNumber(.lineWidth)
        guard let stroke = presentedColor(.strokeColor), stroke.alpha > 0, width > 0 else { return }
        let (start, end) = (presentedNumber(.strokeStart), presentedNumber(.strokeEnd))
        var stroked = path
        if start > 0 || end < 1 {
            if track == nil { track = PathTrack(path) }
            guard let track, end > start else { return }
            stroked = track.trimmed(from: start, to: end)
        }
        drawing.commands += [
            .save, .strokeColor(DrawingColor(stroke)), .lineWidth(width),
            .lineCap(Self.lineCaps.firstIndex(of: lineCap) ?? 0),
            .lineJoin(Self.lineJoins.firstIndex(of: lineJoin) ?? 0),
            .miterLimit(miterLimit),
        ]
        if let pattern = lineDashPattern, !pattern.isEmpty {
            drawing.commands.append(.dash(phase: presentedNumber(.lineDashPhase), lengths: pattern))
        }
        drawing.commands += [.stroke(stroked), .restore]
    }
}
