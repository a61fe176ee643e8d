import Foundation
import ObjectBridge

/// A button's configuration: its own copy (scripts read and set copies), which records the
/// state it is shown in; the script's `configurationUpdateHandler`; and the label that shows a
/// subtitle and the indicator that spins in the image's place.
struct ConfiguredContent {
    private(set) var configuration: ButtonConfiguration?
    /// The configuration once updated, as the button shows it.
    private(set) var shown: ButtonConfiguration?
    /// `function(button)`, run after each update.
    var updateHandler: ScriptBlock?
    var automaticallyUpdates = true
    var needsUpdate = false
    /// While the handler runs, a configuration it sets is shown at once rather than updated again.
    var isUpdating = false
    var subtitleLabel: Label?
    var activityIndicator: ActivityIndicatorView?

    mutating func keep(_ configuration: ButtonConfiguration?, in button: Button) {
        button.replaceOwned(self.configuration, with: configuration)
        self.configuration = configuration
    }

    mutating func show(_ configuration: ButtonConfiguration?) {
        shown = configuration  // the configuration itself, which the button owns already
    }
}

extension Button {
    /// `configuration`: a copy of `configuration` replaces the button's legacy content, or the
    /// legacy content comes back.
    func setConfiguration(_ configuration: ButtonConfiguration?) {
        configured.keep(configuration?.copy(), in: self)
        guard configured.configuration != nil else {
            configured.show(nil)
            configured.subtitleLabel?.removeFromSuperview()
            configured.subtitleLabel = nil
            return stateDidChange()
        }
        if configured.isUpdating {
            showConfiguration()
        } else {
            setNeedsUpdateConfiguration()
        }
    }

    /// A new text size: the configuration's fonts, default insets and corners follow it.
    func followContentSize(_ category: ContentSizeCategory) {
        guard let configuration = configured.configuration else { return }
        configuration.category = category
        setNeedsUpdateConfiguration()
    }

    /// `setNeedsUpdateConfiguration`: the update runs before the button is next measured or laid out.
    func setNeedsUpdateConfiguration() {
        configured.needsUpdate = true
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// `updateConfiguration`: shows the configuration for the state (or the normal state, when
    /// the button does not update it automatically), then runs the script's handler. A handler
    /// that fails is reported, and the button shows what it has.
    func updateConfiguration() {
        configured.needsUpdate = false
        guard configured.configuration != nil else { return }
        configured.isUpdating = true
        defer { configured.isUpdating = false }
        showConfiguration()
        guard let handler = configured.updateHandler else { return }
        do { try bridge?.call(handler, self) } catch {
            bridge?.report(error, during: "the UIButton's configurationUpdateHandler")
        }
    }

    private func updateConfigurationIfNeeded() {
        if configured.needsUpdate { updateConfiguration() }
    }

    private func showConfiguration() {
        guard let shown = configured.configuration else { return }
        shown.state = configured.automaticallyUpdates ? state : 0
        configured.show(shown)
        let fonts = shown.fonts(titleLabel.engine)
        let foreground = shown.foregroundIsTint ? nil : shown.foregroundColor(tint: tintColor)
        show(
            shown.title, shown.attributedTitle, in: titleLabel, fonts.title, foreground, shown.titleLineBreakMode,
            transformer: shown.titleTextAttributesTransformer)
        if shown.subtitle != nil || shown.attributedSubtitle != nil {
            let label = configured.subtitleLabel ?? Label(engine: titleLabel.engine)
            if configured.subtitleLabel == nil {
                configured.subtitleLabel = label
                try? addSubview(label)  // a new label is nobody's ancestor: cannot fail
            }
            show(
                shown.subtitle, shown.attributedSubtitle, in: label, fonts.subtitle, foreground,
                shown.subtitleLineBreakMode, transformer: shown.subtitleTextAttributesTransformer)
        } else {
            configured.subtitleLabel?.removeFromSuperview()
            configured.subtitleLabel = nil
        }
        if imageView.image !== shown.shownImage { imageView.image = shown.shownImage }
        let imageColor = self.imageColor(shown, foreground)
        if imageView.ownTintColor !== imageColor { imageView.ownTintColor = imageColor }
        showActivityIndicator(shown.showsActivityIndicator, color: imageColor)
        setNeedsLayout()
    }

    /// The spinning indicator in the image's place, in the image's colour, while the
    /// configuration shows one.
    private func showActivityIndicator(_ shows: Bool, color: Color?) {
        imageView.isHidden = shows
        guard shows else {
            configured.activityIndicator?.removeFromSuperview()
            configured.activityIndicator = nil
            return
        }
        let indicator = configured.activityIndicator ?? ActivityIndicatorView(clock: touches.clock)
        if configured.activityIndicator == nil {
            configured.activityIndicator = indicator
            try? addSubview(indicator)  // a new indicator is nobody's ancestor: cannot fail
            indicator.startAnimating()
        }
        indicator.color = color ?? tintColor
    }

    /// The image's colour: the foreground (nil: the tint), or what the script's
    /// `imageColorTransformer` makes of it (a failing one is reported, and the foreground kept).
    private func imageColor(_ shown: ButtonConfiguration, _ foreground: Color?) -> Color? {
        guard let transformer = shown.imageColorTransformer, let bridge else { return foreground }
        do {
            return try bridge.call(
                transformer, named: "the image colour transformer", foreground ?? tintColor, returning: Color.self)
        } catch {
            bridge.report(error, during: "the UIButtonConfiguration's image colour transformer")
            return foreground
        }
    }

    /// Shows a title or subtitle in `label`: the attributed text when there is one, else the
    /// text in the size's font and the foreground colour (nil: the tint), passed through the
    /// script's transformer when it has one.
    private func show(
        _ text: String?, _ attributed: AttributedText?, in label: Label, _ font: Font, _ color: Color?,
        _ lineBreakMode: Int, transformer: ScriptBlock?
    ) {
        // Drops the runs, so that the font and colour below are not given to them.
        if label.richText != nil { label.text = nil }
        label.keepFont(font)
        label.textColor = color
        label.textFollowsTint = true
        if label.numberOfLines != 0 { label.numberOfLines = 0 }
        if label.lineBreakMode != lineBreakMode { label.lineBreakMode = lineBreakMode }
        if label.text != text { label.text = text }
        if let attributed {
            label.setAttributedText(attributed)
        } else if let text, let transformer, let bridge {
            do {
                var attributes: TextAttributes = ["NSFont": AnyScriptValue(font)]
                if let color { attributes["NSColor"] = AnyScriptValue(color) }
                let transformed = try bridge.call(
                    transformer, named: "the text attributes transformer", attributes, returning: TextAttributes.self)
                for (name, value) in transformed { try TextAttributeCheck.check(name, value) }
                label.setAttributedText(AttributedText(text, attributes: transformed))
            } catch {
                bridge.report(error, during: "the UIButtonConfiguration's text attributes transformer")
            }
        }
    }

    // MARK: Layout

    /// The sizes of the image, title and subtitle, the text wrapped within `width` (nil: none).
    /// Text that fits on one line is measured once, as the fitting size measured it.
    private func configuredParts(_ shown: ButtonConfiguration, width: Double?) -> (
        image: CGSize, title: CGSize, subtitle: CGSize
    ) {
        let spinner = ActivityIndicatorView.mediumSide
        let image =
            shown.showsActivityIndicator
            ? CGSize(width: spinner, height: spinner) : shown.shownImage?.size ?? .zero
        let beside = shown.imagePlacement == .leading || shown.imagePlacement == .trailing
        let room = width.map { max(1, $0 - (beside && image.width > 0 ? image.width + shown.imagePadding : 0)) }
        func measure(_ label: Label?) -> CGSize {
            guard let label, label.text?.isEmpty == false else { return .zero }
            let line = label.sizeThatFits(.zero)
            guard let room, line.width > room else { return line }
            return label.sizeThatFits(CGSize(width: room, height: 0))
        }
        return (image, measure(titleLabel), measure(configured.subtitleLabel))
    }

    /// The size of the content: the title over the subtitle, beside, above or below the image.
    private func contentSize(
        _ shown: ButtonConfiguration, _ parts: (image: CGSize, title: CGSize, subtitle: CGSize)
    ) -> (content: CGSize, text: CGSize) {
        let padding = parts.title.height > 0 && parts.subtitle.height > 0 ? shown.titlePadding : 0
        let text = CGSize(
            width: max(parts.title.width, parts.subtitle.width),
            height: parts.title.height + padding + parts.subtitle.height)
        let gap = parts.image.width > 0 && text.height > 0 ? shown.imagePadding : 0
        switch shown.imagePlacement {
        case .leading, .trailing:
            return (
                CGSize(width: parts.image.width + gap + text.width, height: max(parts.image.height, text.height)), text
            )
        case .top, .bottom:
            return (
                CGSize(width: max(parts.image.width, text.width), height: parts.image.height + gap + text.height), text
            )
        }
    }

    func configuredSize(fitting size: CGSize) -> CGSize {
        updateConfigurationIfNeeded()
        guard let shown = configured.shown else { return .zero }
        let insets = shown.contentInsets
        let width = size.width > 0 ? size.width - insets.leading - insets.trailing : nil
        let (content, _) = contentSize(shown, configuredParts(shown, width: width))
        return CGSize(
            width: (content.width + insets.leading + insets.trailing).rounded(.up),
            height: (content.height + insets.top + insets.bottom).rounded(.up))
    }

    /// The content where the alignments put it in the bounds less the insets: the image
    /// against its edge, the text block beside it, each line aligned as `titleAlignment` says.
    func layOutConfiguration() {
        updateConfigurationIfNeeded()
        guard let shown = configured.shown else { return }
        let area = shown.contentInsets.inset(CGRect(origin: .zero, size: bounds.size))
        let parts = configuredParts(shown, width: area.width)
        let (content, text) = contentSize(shown, parts)
        let box = CGRect(
            x: contentLeft(content.width, in: area), y: area.midY - content.height / 2, width: content.width,
            height: content.height)
        let gap = parts.image.width > 0 && text.height > 0 ? shown.imagePadding : 0
        let (imageOrigin, textOrigin): (CGPoint, CGPoint) =
            switch shown.imagePlacement {
            case .leading:
                (
                    CGPoint(x: box.minX, y: box.midY - parts.image.height / 2),
                    CGPoint(x: box.minX + parts.image.width + gap, y: box.midY - text.height / 2)
                )
            case .trailing:
                (
                    CGPoint(x: box.maxX - parts.image.width, y: box.midY - parts.image.height / 2),
                    CGPoint(x: box.minX, y: box.midY - text.height / 2)
                )
            case .top:
                (
                    CGPoint(x: box.midX - parts.image.width / 2, y: box.minY),
                    CGPoint(x: box.midX - text.width / 2, y: box.minY + parts.image.height + gap)
                )
            case .bottom:
                (
                    CGPoint(x: box.midX - parts.image.width / 2, y: box.maxY - parts.image.height),
                    CGPoint(x: box.midX - text.width / 2, y: box.minY)
                )
            }
        let pixel = pixelRounding
        func frame(_ origin: CGPoint, _ size: CGSize) -> CGRect {
            CGRect(x: pixel(origin.x), y: pixel(origin.y), width: size.width, height: size.height)
        }
        imageView.frame = frame(imageOrigin, parts.image)
        configured.activityIndicator?.frame = imageView.frame
        let alignment = textAlignment(shown)
        func line(_ size: CGSize, _ y: Double) -> CGPoint {
            CGPoint(x: textOrigin.x + (text.width - size.width) * alignment, y: y)
        }
        titleLabel.frame = frame(line(parts.title, textOrigin.y), parts.title)
        let padding = parts.title.height > 0 && parts.subtitle.height > 0 ? shown.titlePadding : 0
        configured.subtitleLabel?.frame = frame(
            line(parts.subtitle, textOrigin.y + parts.title.height + padding), parts.subtitle)
    }

    /// Where a line sits across the text block: 0 leading, 0.5 centre, 1 trailing. Automatic
    /// centres the lines unless an image stands beside them, when they lean towards it.
    private func textAlignment(_ shown: ButtonConfiguration) -> Double {
        switch shown.titleAlignment {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        case .automatic:
            shown.image == nil
                ? 0.5 : shown.imagePlacement == .leading ? 0 : shown.imagePlacement == .trailing ? 1 : 0.5
        }
    }

    /// The configuration's background over the bounds, less its insets, with its corners.
    func configurationBackdrop(_ shown: ButtonConfiguration) -> Drawing? {
        let color = shown.backgroundColor(tint: tintColor)
        let background = shown.backgroundLook
        guard color.components(in: .light).alpha > 0 || color.isDynamic || background.strokeColor != nil else {
            return nil
        }
        let rect = background.backgroundInsets.inset(CGRect(origin: .zero, size: bounds.size))
        let radius = shown.cornerRadius(in: rect.size)
        return Drawing(size: bounds.size) { drawing in
            background.draw(in: rect, color, radius: radius, corners: 15, into: &drawing)
        }
    }
}
