import Foundation
import ObjectBridge

/// `UIListContentConfiguration`: what a list row, header or footer shows (text, secondary
/// text, an image) and how, in one of UIKit's styles. Cells copy it when it is set, as UIKit's
/// value semantics have it; `ListContentView` draws it.
public final class ListContentConfiguration: BridgeObject {
    /// The styles' factories, by their Objective-C names.
    public enum Style: String, CaseIterable, Sendable {
        case cell, subtitleCell, valueCell, plainHeader, plainFooter, groupedHeader, groupedFooter
        case sidebarCell, sidebarSubtitleCell, sidebarHeader

        /// Whether a row of this style is at least a standard row tall.
        var isRow: Bool {
            ![.plainHeader, .plainFooter, .groupedHeader, .groupedFooter, .sidebarHeader].contains(self)
        }
        var isSidebar: Bool { [.sidebarCell, .sidebarSubtitleCell, .sidebarHeader].contains(self) }
    }

    public let style: Style
    public var text: String?
    public var secondaryText: String?
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }
    public let textProperties: ListTextProperties
    public let secondaryTextProperties: ListTextProperties
    public let imageProperties: ListImageProperties
    /// The margins around the content. The sides are at least the row's system margins (16
    /// points, 20 on screens wider than 375), as UIKit's content view keeps its superview's.
    public var directionalLayoutMargins: DirectionalEdgeInsets
    /// The value cell's layout: the secondary text beside the text, at the trailing edge.
    public var prefersSideBySideTextAndSecondaryText: Bool
    public var imageToTextPadding = 16.0
    public var textToSecondaryTextVerticalPadding = 3.0
    public var textToSecondaryTextHorizontalPadding = 8.0

    /// A standard row's height, the least a row style's content is given (UITableView's 44).
    static let minimumRowHeight = 44.0

    /// The style's fonts, colours and margins, its fonts those of its text styles in `category`
    /// (body, subheadline, footnote, the headline for a plain header), which follow a later
    /// change of category. UIKit publishes no margins: vertical margins give a one-line row at
    /// the default size UITableView's 44 points.
    init(style: Style, text engine: TextEngine, category: ContentSizeCategory) {
        self.style = style
        func font(_ textStyle: TextStyle, weight: Int? = nil) -> Font {
            let font = Font.system(textStyle.pointSize(in: category), weight: weight ?? textStyle.weight, text: engine)
            font.textStyle = textStyle
            return font
        }
        let body = font(.body)
        switch style {
        case .cell, .subtitleCell, .sidebarCell, .sidebarSubtitleCell:
            textProperties = ListTextProperties(font: body, color: Color.label)
            secondaryTextProperties = ListTextProperties(font: font(.subheadline), color: Color.secondaryLabel)
            directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
        case .valueCell:
            textProperties = ListTextProperties(font: body, color: Color.label)
            secondaryTextProperties = ListTextProperties(font: body, color: Color.secondaryLabel)
            directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
        case .plainHeader:
            textProperties = ListTextProperties(font: font(.headline), color: Color.label)
            secondaryTextProperties = ListTextProperties(font: font(.subheadline), color: Color.secondaryLabel)
            directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        case .plainFooter, .groupedFooter:
            textProperties = ListTextProperties(font: font(.footnote), color: Color.secondaryLabel)
            secondaryTextProperties = ListTextProperties(font: font(.footnote), color: Color.secondaryLabel)
            directionalLayoutMargins =
                style == .plainFooter
                ? DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
                : DirectionalEdgeInsets(top: 7, leading: 16, bottom: 16, trailing: 16)
        case .groupedHeader:
            textProperties = ListTextProperties(font: font(.footnote), color: Color.secondaryLabel)
            textProperties.transform = .uppercase
            secondaryTextProperties = ListTextProperties(font: font(.footnote), color: Color.secondaryLabel)
            directionalLayoutMargins = DirectionalEdgeInsets(top: 16, leading: 16, bottom: 7, trailing: 16)
        case .sidebarHeader:
            textProperties = ListTextProperties(font: font(.subheadline, weight: 600), color: Color.secondaryLabel)
            secondaryTextProperties = ListTextProperties(font: font(.footnote), color: Color.secondaryLabel)
            directionalLayoutMargins = DirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16)
        }
        prefersSideBySideTextAndSecondaryText = style == .valueCell
        imageProperties = ListImageProperties()
        super.init()
        adopt(textProperties)
        adopt(secondaryTextProperties)
        adopt(imageProperties)
    }

    private init(copying other: ListContentConfiguration) {
        style = other.style
        (text, secondaryText) = (other.text, other.secondaryText)
        textProperties = other.textProperties.copy()
        secondaryTextProperties = other.secondaryTextProperties.copy()
        imageProperties = other.imageProperties.copy()
        directionalLayoutMargins = other.directionalLayoutMargins
        prefersSideBySideTextAndSecondaryText = other.prefersSideBySideTextAndSecondaryText
        (imageToTextPadding, textToSecondaryTextVerticalPadding, textToSecondaryTextHorizontalPadding) = (
            other.imageToTextPadding, other.textToSecondaryTextVerticalPadding,
            other.textToSecondaryTextHorizontalPadding
        )
        super.init()
        image = other.image
        adopt(textProperties)
        adopt(secondaryTextProperties)
        adopt(imageProperties)
    }

    public func copy() -> ListContentConfiguration { ListContentConfiguration(copying: self) }

    /// `updatedConfigurationForState`: a selected or highlighted sidebar row shows its text
    /// and image in white over the tint; other styles look the same in every state.
    public func updated(for state: CellConfigurationState) -> ListContentConfiguration {
        let updated = copy()
        if style.isSidebar, state.isSelected || state.isHighlighted {
            let white = Color(white: 1, alpha: 1)
            updated.textProperties.color = white
            updated.secondaryTextProperties.color = white
            updated.imageProperties.tintColor = white
        }
        return updated
    }
}

/// `UIListContentTextProperties`: how one of a list content's texts is drawn.
public final class ListTextProperties: BridgeObject {
    /// `UIListContentTextTransform`.
    public enum Transform: Int, CaseIterable, Sendable {
        case none = 0
        case capitalized, lowercase, uppercase
    }

    public var font: Font { didSet { replaceOwned(oldValue, with: font) } }
    public var color: Color { didSet { replaceOwned(oldValue, with: color) } }
    /// `UIListContentTextAlignment`: natural 0, center 1, justified 2.
    public var alignment = 0
    /// 0 for as many lines as the text needs.
    public var numberOfLines = 0
    public var lineBreakMode = 4
    public var transform = Transform.none

    init(font: Font, color: Color) {
        (self.font, self.color) = (font, color)
        super.init()
        adopt(font)
        adopt(color)
    }

    func copy() -> ListTextProperties {
        let copy = ListTextProperties(font: font, color: color)
        (copy.alignment, copy.numberOfLines, copy.lineBreakMode, copy.transform) = (
            alignment, numberOfLines, lineBreakMode, transform
        )
        return copy
    }

    /// `text` as the transform shows it.
    func shown(_ text: String) -> String {
        switch transform {
        case .none: text
        case .capitalized: text.capitalized
        case .lowercase: text.lowercased()
        case .uppercase: text.uppercased()
        }
    }
}

/// `UIListContentImageProperties`: how a list content's image is drawn.
public final class ListImageProperties: BridgeObject {
    /// A template image's colour; nil for the row's tint.
    public var tintColor: Color? { didSet { replaceOwned(oldValue, with: tintColor) } }
    /// The largest the image is shown, keeping its aspect; zero on a side for no limit.
    public var maximumSize = CGSize.zero
    public var cornerRadius = 0.0

    func copy() -> ListImageProperties {
        let copy = ListImageProperties()
        (copy.tintColor, copy.maximumSize, copy.cornerRadius) = (tintColor, maximumSize, cornerRadius)
        return copy
    }

    /// The size an image of `size` is shown at.
    func shownSize(of size: CGSize) -> CGSize {
        var scale = 1.0
        if maximumSize.width > 0, size.width > maximumSize.width { scale = min(scale, maximumSize.width / size.width) }
        if maximumSize.height > 0, size.height > maximumSize.height {
            scale = min(scale, maximumSize.height / size.height)
        }
        return CGSize(width: size.width * scale, height: size.height * scale)
    }
}
