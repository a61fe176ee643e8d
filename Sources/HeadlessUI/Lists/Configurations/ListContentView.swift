import Foundation
import ObjectBridge

/// `UIListContentView`: lays out and draws a `ListContentConfiguration` with a label for each
/// text and an image view, inside the configuration's margins:
/// - the image at the leading margin, centred down the content, then `imageToTextPadding`;
/// - the text, then the secondary text under it (`textToSecondaryTextVerticalPadding`) or,
///   side by side, at the trailing margin;
/// - a row style's content is at least a standard row (44 points) tall, centred in it.
public final class ListContentView: View {
    public private(set) var configuration: ListContentConfiguration
    let textLabel: Label
    let secondaryTextLabel: Label
    let imageView = ImageView()

    /// Its labels measure with the engine of the configuration's fonts.
    init(configuration: ListContentConfiguration) {
        self.configuration = configuration
        let engine = configuration.textProperties.font.text
        textLabel = Label(engine: engine)
        secondaryTextLabel = Label(engine: engine)
        super.init()
        adopt(configuration)
        for view in [imageView, textLabel, secondaryTextLabel] { try? addSubview(view) }  // new views: cannot fail
        show(configuration)
    }

    /// Shows `configuration` (a copy the view keeps).
    func apply(_ configuration: ListContentConfiguration) {
        replaceOwned(self.configuration, with: configuration)
        self.configuration = configuration
        show(configuration)
    }

    private func show(_ configuration: ListContentConfiguration) {
        func style(_ label: Label, _ text: String?, _ properties: ListTextProperties) {
            label.text = text.map(properties.shown)
            label.font = properties.font
            // A configuration's text follows the user's text size, as UIKit's does.
            label.adjustsFontForContentSizeCategory = properties.font.textStyle != nil
            label.textColor = properties.color
            label.textAlignment = properties.alignment == 1 ? 1 : 0
            label.numberOfLines = properties.numberOfLines
            label.lineBreakMode = properties.lineBreakMode
            label.isHidden = text?.isEmpty ?? true
        }
        style(textLabel, configuration.text, configuration.textProperties)
        style(secondaryTextLabel, configuration.secondaryText, configuration.secondaryTextProperties)
        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.ownTintColor = configuration.imageProperties.tintColor
        imageView.layer.cornerRadius = configuration.imageProperties.cornerRadius
        imageView.layer.masksToBounds = configuration.imageProperties.cornerRadius > 0
        setNeedsLayout()
    }

    // MARK: Layout

    /// Where each part goes in a content `width` wide, and the height the content needs.
    private struct Arrangement {
        var image = CGRect.zero
        var text = CGRect.zero
        var secondary = CGRect.zero
        var height = 0.0
    }

    /// The margins in a view `width` wide: the configuration's, the sides at least the
    /// system's.
    private func margins(width: Double) -> DirectionalEdgeInsets {
        var margins = configuration.directionalLayoutMargins
        let side = View.systemSideMargin(forWidth: rowWidth ?? width)
        margins.leading = max(margins.leading, side)
        margins.trailing = max(margins.trailing, side)
        return margins
    }

    /// The width of the row the view sits in, whose side margins it keeps (an inset grouped
    /// row is narrower than the screen whose margins it has).
    var rowWidth: Double?

    private func arrangement(width: Double, height: Double? = nil) -> Arrangement {
        let configuration = self.configuration
        let margins = margins(width: width)
        var result = Arrangement()
        var x = margins.leading
        let imageSize = configuration.image.map { configuration.imageProperties.shownSize(of: $0.size) } ?? .zero
        if configuration.image != nil {
            result.image.size = imageSize
            x += imageSize.width + configuration.imageToTextPadding
        }
        let available = max(0, width - x - margins.trailing)
        func measure(_ label: Label, within width: Double) -> CGSize {
            guard !label.isHidden else { return .zero }
            let size = label.sizeThatFits(CGSize(width: width, height: 0))
            return CGSize(width: min(size.width, width), height: size.height)
        }
        let sideBySide = configuration.prefersSideBySideTextAndSecondaryText && !secondaryTextLabel.isHidden
        var text = measure(textLabel, within: available)
        var secondary = CGSize.zero
        var block: Double
        if sideBySide {
            secondary = measure(
                secondaryTextLabel,
                within: max(0, available - text.width - configuration.textToSecondaryTextHorizontalPadding))
            text.width = min(
                text.width, max(0, available - secondary.width - configuration.textToSecondaryTextHorizontalPadding))
            block = max(text.height, secondary.height)
        } else {
            secondary = measure(secondaryTextLabel, within: available)
            let gap = text.height > 0 && secondary.height > 0 ? configuration.textToSecondaryTextVerticalPadding : 0
            block = text.height + gap + secondary.height
        }
        let content = max(block, imageSize.height)
        var total = margins.top + content + margins.bottom
        if configuration.style.isRow { total = max(total, ListContentConfiguration.minimumRowHeight) }
        let shown = height ?? total
        // Centred between the margins; content taller than that (a fixed row) is centred in the
        // row, overflowing both margins evenly, as UIKit's is.
        let top = margins.top + (shown - margins.top - margins.bottom - block) / 2
        result.image.origin = CGPoint(
            x: margins.leading, y: margins.top + (shown - margins.top - margins.bottom - imageSize.height) / 2)
        let textWidth = configuration.textProperties.alignment == 1 ? available : text.width
        if sideBySide {
            result.text = CGRect(x: x, y: top + (block - text.height) / 2, width: textWidth, height: text.height)
            result.secondary = CGRect(
                x: width - margins.trailing - secondary.width, y: top + (block - secondary.height) / 2,
                width: secondary.width, height: secondary.height)
        } else {
            result.text = CGRect(x: x, y: top, width: textWidth, height: text.height)
            let secondaryTop = top + block - secondary.height
            let secondaryWidth = configuration.secondaryTextProperties.alignment == 1 ? available : secondary.width
            result.secondary = CGRect(x: x, y: secondaryTop, width: secondaryWidth, height: secondary.height)
        }
        result.height = total
        return result
    }

    /// The height the content needs at `width`.
    func fittingHeight(width: Double) -> Double { arrangement(width: width).height }

    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: fittingHeight(width: size.width))
    }

    public override func layoutSubviews() {
        let placed = arrangement(width: bounds.size.width, height: bounds.size.height)
        imageView.place(placed.image)
        textLabel.place(placed.text)
        secondaryTextLabel.place(placed.secondary)
    }
}
