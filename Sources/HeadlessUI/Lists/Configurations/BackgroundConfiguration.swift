import Foundation
import ObjectBridge

/// `UIBackgroundConfiguration`: a cell's or header's background, in one of UIKit's styles: a
/// colour (or a view of the script's) inset, rounded and stroked. `BackgroundConfigurationView`
/// draws it.
public final class BackgroundConfiguration: BridgeObject {
    /// The styles' factories, by their Objective-C names.
    public enum Style: String, CaseIterable, Sendable {
        case listPlainCell, listGroupedCell, listPlainHeaderFooter, listGroupedHeaderFooter
        case listSidebarHeader, listSidebarCell, clear
    }

    public let style: Style
    /// The script's colour; nil for the style's in the current state.
    public var backgroundColor: Color? { didSet { replaceOwned(oldValue, with: backgroundColor) } }
    public var customView: View? { didSet { replaceOwned(oldValue, with: customView) } }
    /// Nil for the list's own (rounded ends in an inset section).
    public var cornerRadius: Double?
    public var backgroundInsets = DirectionalEdgeInsets.zero
    public var strokeColor: Color? { didSet { replaceOwned(oldValue, with: strokeColor) } }
    public var strokeWidth = 0.0
    public var strokeOutset = 0.0
    /// The state the style's colour is for, set by `updated(for:)`.
    private(set) var isSelected = false

    public init(style: Style) { self.style = style }

    public func copy() -> BackgroundConfiguration {
        let copy = BackgroundConfiguration(style: style)
        (copy.backgroundColor, copy.customView, copy.cornerRadius) = (backgroundColor, customView, cornerRadius)
        (copy.backgroundInsets, copy.strokeColor, copy.strokeWidth, copy.strokeOutset) = (
            backgroundInsets, strokeColor, strokeWidth, strokeOutset
        )
        copy.isSelected = isSelected
        return copy
    }

    /// `updatedConfigurationForState`: a selected or highlighted row shows UIKit's grey (a
    /// sidebar row, the tint) unless the script chose a colour.
    public func updated(for state: CellConfigurationState) -> BackgroundConfiguration {
        let updated = copy()
        updated.isSelected = state.isSelected || state.isHighlighted
        return updated
    }

    /// Fills `rect` with `color`, rounded by `radius` at `corners` (`UIRectCorner` bits), then
    /// strokes it as the configuration says.
    func draw(in rect: CGRect, _ color: Color, radius: Double, corners: Int, into drawing: inout Drawing) {
        var path = DrawingPath()
        if radius > 0, corners != 0 {
            path.addRoundedRect(rect, radius: radius, corners: corners)
        } else {
            path.addRect(rect)
        }
        drawing.fill(path, color)
        guard let strokeColor, strokeWidth > 0 else { return }
        let outset = strokeOutset - strokeWidth / 2
        var outline = DrawingPath()
        outline.addRoundedRect(
            rect.insetBy(dx: -outset, dy: -outset), radius: max(0, radius + outset),
            corners: radius > 0 ? max(corners, 0) : 0)
        drawing.stroke(outline, strokeColor, width: strokeWidth)
    }

    /// The colour shown over a view whose tint is `tint`: the script's, else the style's.
    func resolvedColor(tint: Color) -> Color {
        if let backgroundColor { return backgroundColor }
        switch style {
        case .clear: return Color.clear
        case .listSidebarCell: return isSelected ? tint : Color.clear
        case _ where isSelected: return Color.systemGray4
        case .listPlainCell: return Color.systemBackground
        case .listGroupedCell: return Color.secondarySystemGroupedBackground
        case .listPlainHeaderFooter: return Color.systemBackground
        case .listGroupedHeaderFooter, .listSidebarHeader: return Color.clear
        }
    }
}

/// The view that shows a cell's background configuration, behind its content: the colour,
/// rounded at the corners the configuration or the list asks for, then the stroke, and the
/// configuration's custom view.
final class BackgroundConfigurationView: View {
    var configuration: BackgroundConfiguration {
        didSet {
            replaceOwned(oldValue, with: configuration)
            showCustomView(replacing: oldValue.customView)
        }
    }
    /// The corners a list rounds (an inset section's ends), as `UIRectCorner` bits, and by how much.
    var listCorners: (mask: Int, radius: Double) = (0, 0)

    init(configuration: BackgroundConfiguration) {
        self.configuration = configuration
        super.init()
        isUserInteractionEnabled = false
        adopt(configuration)
        showCustomView(replacing: nil)
    }

    private func showCustomView(replacing old: View?) {
        guard old !== configuration.customView else { return }
        old?.removeFromSuperview()
        // A script's view may be elsewhere: it moves here, as addSubview moves views.
        if let view = configuration.customView { try? addSubview(view) }
        setNeedsLayout()
    }

    private var shape: (rect: CGRect, radius: Double, corners: Int) {
        let rect = configuration.backgroundInsets.inset(CGRect(origin: .zero, size: bounds.size))
        if let radius = configuration.cornerRadius { return (rect, radius, 15) }
        return (rect, listCorners.radius, listCorners.mask)
    }

    override func layoutSubviews() {
        configuration.customView?.place(shape.rect)
    }

    override var backdrop: Drawing? {
        let (rect, radius, corners) = shape
        let color = configuration.resolvedColor(tint: tintColor)
        return Drawing(size: bounds.size) { drawing in
            configuration.draw(in: rect, color, radius: radius, corners: corners, into: &drawing)
        }
    }
}
