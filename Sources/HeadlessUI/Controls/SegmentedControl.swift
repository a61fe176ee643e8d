import Foundation
import ObjectBridge

/// `UISegmentedControl`, as iOS 13 and later draw it: a rounded grey track, 32 points tall,
/// divided into segments of titles or images; the selected one sits on a white, shadowed
/// plate, its title semibold. Segments share the width equally unless given widths (or, with
/// `apportionsSegmentWidthsByContent`, by their content). A tap that lifts inside an enabled
/// segment selects it and sends ValueChanged; a momentary control selects it only for the
/// action. Setting `selectedSegmentIndex` from a script sends nothing, as in UIKit.
public final class SegmentedControl: Control {
    struct Segment {
        var title: String?
        var image: Image?
        var isEnabled = true
        /// 0: a share of what the fixed widths leave.
        var width = 0.0
    }

    private(set) var segments: [Segment] = []
    /// `UISegmentedControlNoSegment` (-1) when none is selected.
    public private(set) var selectedSegmentIndex = SegmentedControl.noSegment
    public var isMomentary = false
    public var apportionsSegmentWidthsByContent = false { didSet { invalidateIntrinsicContentSize() } }
    public var selectedSegmentTintColor: Color? { didSet { replaceOwned(oldValue, with: selectedSegmentTintColor) } }
    unowned let engine: TextEngine

    public static let noSegment = -1
    /// The height since iOS 13, and the track's and the plate's corner radii (see
    /// docs/uikit-metrics.md).
    static let height = 32.0
    static let trackRadius = 9.0
    static let plateRadius = 7.0
    static let plateInset = 2.0
    /// The selected segment's plate: white, or a lighter grey on the dark track.
    static var plateColor: Color { Color(light: Color(white: 1, alpha: 1), dark: Color.systemGray2) }
    /// The room a segment's content gets either side, when sizing by content.
    static let contentPadding = 12.0
    static let fontSize = 13.0

    init(environment: UIEnvironment) {
        engine = environment.text
        super.init(touches: environment.touches)
    }

    override var primaryActionEvent: ControlEvents { .valueChanged }

    public var numberOfSegments: Int { segments.count }

    // MARK: Segments

    /// Inserts a segment at `index`, clamped to the segments there are, as UIKit clamps it.
    func insert(_ segment: Segment, at index: Int) {
        let position = min(max(index, 0), segments.count)
        if let image = segment.image { adopt(image) }
        segments.insert(segment, at: position)
        if selectedSegmentIndex >= position { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
    }

    func removeSegment(at index: Int) throws {
        let index = try checked(index)
        if let image = segments[index].image { abandon(image) }
        segments.remove(at: index)
        if selectedSegmentIndex == index {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > index {
            selectedSegmentIndex -= 1
        }
        invalidateIntrinsicContentSize()
    }

    func removeAllSegments() {
        for segment in segments { if let image = segment.image { abandon(image) } }
        segments = []
        selectedSegmentIndex = Self.noSegment
        invalidateIntrinsicContentSize()
    }

    func setTitle(_ title: String?, at index: Int) throws {
        let index = try checked(index)
        segments[index].title = title
        if let image = segments[index].image, title != nil {
            abandon(image)
            segments[index].image = nil
        }
        invalidateIntrinsicContentSize()
    }

    func setImage(_ image: Image?, at index: Int) throws {
        let index = try checked(index)
        replaceOwned(segments[index].image, with: image)
        segments[index].image = image
        if image != nil { segments[index].title = nil }
        invalidateIntrinsicContentSize()
    }

    func setEnabled(_ enabled: Bool, at index: Int) throws { segments[try checked(index)].isEnabled = enabled }

    func setWidth(_ width: Double, at index: Int) throws {
        guard width.isFinite, width >= 0 else {
            throw ScriptValueError("a segment's width must be a finite number from 0, got \(width)")
        }
        segments[try checked(index)].width = width
        invalidateIntrinsicContentSize()
    }

    func segment(at index: Int) throws -> Segment { segments[try checked(index)] }

    func select(_ index: Int) throws {
        guard index == Self.noSegment || segments.indices.contains(index) else {
            throw ScriptValueError(
                "selectedSegmentIndex must be -1 (no segment) or from 0 to \(segments.count - 1), got \(index)")
        }
        selectedSegmentIndex = index
    }

    private func checked(_ index: Int) throws -> Int {
        guard segments.indices.contains(index) else {
            throw ScriptValueError(
                segments.isEmpty
                    ? "the segmented control has no segments, so there is no segment \(index)"
                    : "segment index \(index) is out of range: the control has segments 0 to \(segments.count - 1)")
        }
        return index
    }

    // MARK: Geometry

    private var font: Font { Font.system(Self.fontSize, weight: 500, text: engine) }

    /// The width a segment's content needs with its padding.
    private func contentWidth(_ segment: Segment) -> Double {
        let content =
            segment.image?.size.width
            ?? segment.title.map { engine.measure($0, face: font.face, size: font.pointSize).size.width } ?? 0
        return (content + 2 * Self.contentPadding).rounded(.up)
    }

    /// Each segment's width in the control's bounds.
    var segmentWidths: [Double] {
        guard !segments.isEmpty else { return [] }
        if apportionsSegmentWidthsByContent {
            let wanted = segments.map { $0.width > 0 ? $0.width : contentWidth($0) }
            let total = wanted.reduce(0, +)
            guard total > 0 else { return wanted }
            return wanted.map { $0 * bounds.width / total }
        }
        let fixed = segments.reduce(0) { $0 + $1.width }
        let flexible = segments.filter { $0.width == 0 }.count
        let share = flexible > 0 ? max(0, bounds.width - fixed) / Double(flexible) : 0
        return segments.map { $0.width > 0 ? $0.width : share }
    }

    /// The segment under `point` (in the control's coordinates), if any.
    func segmentIndex(at point: CGPoint) -> Int? {
        guard point.x >= 0, point.x < bounds.width else { return nil }
        var edge = 0.0
        for (index, width) in segmentWidths.enumerated() {
            edge += width
            if point.x < edge { return index }
        }
        return nil
    }

    public override var intrinsicContentSize: CGSize {
        let widest = segments.map { $0.width > 0 ? $0.width : contentWidth($0) }
        let width =
            apportionsSegmentWidthsByContent
            ? widest.reduce(0, +) : (widest.max() ?? 0) * Double(segments.count)
        return CGSize(width: width, height: Self.height)
    }

    public override var tracksIntrinsicContentSize: Bool { true }
    public override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Touches

    override func endTracking(at point: CGPoint, inside: Bool) throws {
        guard inside, let index = segmentIndex(at: point), segments[index].isEnabled else { return }
        guard isMomentary || index != selectedSegmentIndex else { return }
        selectedSegmentIndex = index
        try sendActions(for: .valueChanged)
        if isMomentary { selectedSegmentIndex = Self.noSegment }
    }

    // MARK: Drawing

    public override var backdrop: Drawing? {
        let size = bounds.size
        guard size.width > 0, size.height > 0 else { return nil }
        let widths = segmentWidths
        let starts = widths.indices.map { widths[..<$0].reduce(0, +) }
        return Drawing(size: size) { drawing in
            var track = DrawingPath()
            track.addRoundedRect(CGRect(origin: .zero, size: size), radius: Self.trackRadius)
            drawing.fill(track, Color.tertiarySystemFill)
            // Dividers between segments, except either side of the selected one.
            for index in segments.indices.dropFirst()
            where index != selectedSegmentIndex && index - 1 != selectedSegmentIndex {
                drawing.fill(
                    CGRect(x: starts[index] - 0.5, y: 8, width: 1, height: size.height - 16),
                    Color(rgb: 142, 142, 147, alpha: 0.3))
            }
            if segments.indices.contains(selectedSegmentIndex) {
                var plate = DrawingPath()
                plate.addRoundedRect(
                    CGRect(
                        x: starts[selectedSegmentIndex], y: 0, width: widths[selectedSegmentIndex], height: size.height
                    )
                    .insetBy(dx: Self.plateInset, dy: Self.plateInset), radius: Self.plateRadius)
                drawing.fill(
                    plate, selectedSegmentTintColor ?? Self.plateColor,
                    shadow: (CGSize(width: 0, height: 3), 8, 0.12))
            }
            for (index, segment) in segments.enumerated() {
                let box = CGRect(x: starts[index], y: 0, width: widths[index], height: size.height)
                let alpha = segment.isEnabled && isEnabled ? 1.0 : 0.3
                if let title = segment.title {
                    let font =
                        index == selectedSegmentIndex ? Font.system(Self.fontSize, weight: 600, text: engine) : font
                    let lineHeight = font.lineHeight
                    drawing.commands.append(
                        .text(
                            DrawnText(
                                text: title, origin: CGPoint(x: box.minX + 4, y: (size.height - lineHeight) / 2),
                                width: max(1, box.width - 8), height: lineHeight, face: font.face,
                                size: font.pointSize, color: DrawingColor(Color.label.withAlpha(alpha)),
                                alignment: 1, wrap: .characters, truncation: .tail)))
                } else if let image = segment.image {
                    let imageSize = image.size
                    drawing.commands += [.save, .alpha(alpha)]
                    drawing.draw(
                        image,
                        in: CGRect(
                            x: box.midX - imageSize.width / 2, y: box.midY - imageSize.height / 2,
                            width: imageSize.width, height: imageSize.height))
                    drawing.commands.append(.restore)
                }
            }
        }
    }
}
