import Foundation
import ObjectBridge

/// `UIButtonConfiguration` (iOS 15): what a button shows (title, subtitle, image) and how (a
/// style's colours, a size's fonts and insets, paddings, the image's placement, the corners).
/// A button keeps a copy; `updated(for:)` records the button's state, from which the style's
/// colours for that state follow. Colours that are the tint take the button's when drawn.
public final class ButtonConfiguration: BridgeObject {
    /// The styles' factories, by their Objective-C names (`filledButtonConfiguration`).
    public enum Style: String, CaseIterable, Sendable {
        case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent

        /// The look the style shares: macOS's bordered names are iOS's gray, tinted and filled.
        var look: Look {
            switch self {
            case .plain, .borderless: .plain
            case .gray, .bordered: .gray
            case .tinted, .borderedTinted: .tinted
            case .filled, .borderedProminent: .filled
            }
        }
    }

    enum Look { case plain, gray, tinted, filled }

    /// `UIButtonConfigurationSize`.
    public enum Size: Int, CaseIterable, Sendable { case medium, small, mini, large }
    /// `UIButtonConfigurationCornerStyle`.
    public enum CornerStyle: Int, CaseIterable, Sendable {
        case fixed = -1
        case dynamic, small, medium, large, capsule
    }
    /// `UIButtonConfigurationTitleAlignment`.
    public enum TitleAlignment: Int, CaseIterable, Sendable { case automatic, leading, center, trailing }
    /// `NSDirectionalRectEdge`, the edge the image is placed against.
    public enum ImagePlacement: Int, CaseIterable, Sendable {
        case top = 1
        case leading = 2
        case bottom = 4
        case trailing = 8
    }

    public let style: Style
    /// The text size the configuration's fonts, insets and corners are for: the user's, which
    /// a button's configuration follows as it changes.
    var category: ContentSizeCategory { didSet { if insetsAreDefault { setDefaultContentInsets() } } }
    public var title: String?
    public var subtitle: String?
    /// Shown instead of `title` when set, as in UIKit.
    public var attributedTitle: AttributedText? { didSet { replaceOwned(oldValue, with: attributedTitle) } }
    public var attributedSubtitle: AttributedText? { didSet { replaceOwned(oldValue, with: attributedSubtitle) } }
    public var image: Image? { didSet { replaceOwned(oldValue, with: image) } }
    /// `preferredSymbolConfigurationForImage`: how a system image is drawn on the button.
    public internal(set) var preferredSymbolConfigurationForImage: SymbolConfiguration? {
        didSet { replaceOwned(oldValue, with: preferredSymbolConfigurationForImage) }
    }
    /// The system image drawn again with that configuration, which the button shows.
    private(set) var configuredImage: Image? { didSet { replaceOwned(oldValue, with: configuredImage) } }
    /// `imageColorTransformer`: a script's function from the image's colour to the one shown.
    public var imageColorTransformer: ScriptBlock?
    public var imagePlacement = ImagePlacement.leading
    public var imagePadding = 0.0
    /// A spinning activity indicator in the image's place (iOS 15).
    public var showsActivityIndicator = false
    public var titlePadding = 0.0
    public var titleAlignment = TitleAlignment.automatic
    /// `NSLineBreakMode`s; titles wrap by words by default, as UIKit's do.
    public var titleLineBreakMode = 0
    public var subtitleLineBreakMode = 0
    public var buttonSize = Size.medium { didSet { if insetsAreDefault { setDefaultContentInsets() } } }
    public var contentInsets: DirectionalEdgeInsets { didSet { insetsAreDefault = false } }
    private var insetsAreDefault = true
    public var cornerStyle = CornerStyle.dynamic
    public var baseForegroundColor: Color? { didSet { replaceOwned(oldValue, with: baseForegroundColor) } }
    public var baseBackgroundColor: Color? { didSet { replaceOwned(oldValue, with: baseBackgroundColor) } }
    /// The background's shape and colour; its colour, when set, wins over the style's. Copies
    /// share it until one of them hands it out to be changed, as copies are made on every read
    /// and write of a button's configuration.
    public var background: BackgroundConfiguration {
        get {
            if backgroundIsShared {
                let own = backgroundLook.copy()
                replaceOwned(backgroundLook, with: own)
                (backgroundLook, backgroundIsShared) = (own, false)
            }
            return backgroundLook
        }
        set {
            replaceOwned(backgroundLook, with: newValue)
            (backgroundLook, backgroundIsShared) = (newValue, false)
        }
    }
    /// The background as it is drawn, perhaps shared with copies: not to be changed.
    private(set) var backgroundLook: BackgroundConfiguration
    private var backgroundIsShared = false
    /// `function(attributes)` returning the attributes the title (or subtitle) is drawn with.
    public var titleTextAttributesTransformer: ScriptBlock?
    public var subtitleTextAttributesTransformer: ScriptBlock?
    /// The fonts last made for the size and text size (`fonts(_:)`).
    var madeFonts: MadeFonts? {
        didSet {
            replaceOwned(oldValue?.title, with: madeFonts?.title)
            replaceOwned(oldValue?.subtitle, with: madeFonts?.subtitle)
        }
    }
    /// The button's state (`UIControlState`), as `updated(for:)` recorded it, or the button
    /// set on its own copy.
    var state = 0

    public convenience init(style: Style, category: ContentSizeCategory) {
        self.init(
            style: style, category: category, background: BackgroundConfiguration(style: .clear), size: .medium,
            insets: nil)
        contentInsets = defaultInsets
        insetsAreDefault = true
    }

    private init(
        style: Style, category: ContentSizeCategory, background: BackgroundConfiguration, size: Size,
        insets: DirectionalEdgeInsets?
    ) {
        (self.style, self.category, backgroundLook, buttonSize) = (style, category, background, size)
        contentInsets = insets ?? .zero
        super.init()
        adopt(background)
    }

    /// `setDefaultContentInsets`.
    public func setDefaultContentInsets() {
        contentInsets = defaultInsets
        insetsAreDefault = true
    }

    public func copy() -> ButtonConfiguration {
        let copy = ButtonConfiguration(
            style: style, category: category, background: backgroundLook, size: buttonSize, insets: contentInsets)
        (backgroundIsShared, copy.backgroundIsShared) = (true, true)
        (copy.title, copy.subtitle, copy.attributedTitle, copy.attributedSubtitle) = (
            title, subtitle, attributedTitle, attributedSubtitle
        )
        copy.image = image
        (copy.preferredSymbolConfigurationForImage, copy.configuredImage) = (
            preferredSymbolConfigurationForImage, configuredImage
        )
        copy.imageColorTransformer = imageColorTransformer
        (copy.imagePlacement, copy.imagePadding, copy.titlePadding) = (imagePlacement, imagePadding, titlePadding)
        (copy.titleAlignment, copy.titleLineBreakMode, copy.subtitleLineBreakMode) = (
            titleAlignment, titleLineBreakMode, subtitleLineBreakMode
        )
        copy.insetsAreDefault = insetsAreDefault
        copy.showsActivityIndicator = showsActivityIndicator
        (copy.cornerStyle, copy.baseForegroundColor, copy.baseBackgroundColor) = (
            cornerStyle, baseForegroundColor, baseBackgroundColor
        )
        (copy.titleTextAttributesTransformer, copy.subtitleTextAttributesTransformer) = (
            titleTextAttributesTransformer, subtitleTextAttributesTransformer
        )
        (copy.state, copy.madeFonts) = (state, madeFonts)
        return copy
    }

    /// `updatedConfigurationForButton`: a copy for the button's state.
    func updated(for button: Button) -> ButtonConfiguration {
        let updated = copy()
        updated.state = button.state
        return updated
    }

    // MARK: Colours

    private var isDisabled: Bool { state & 2 != 0 }
    private var isHighlighted: Bool { state & 1 != 0 }

    /// Whether the title, subtitle and template images are drawn in the button's tint.
    var foregroundIsTint: Bool {
        baseForegroundColor == nil && style.look != .filled && !isDisabled && !(isHighlighted && style.look == .plain)
    }

    /// What the title, subtitle and template images are drawn in: the base colour, else the
    /// style's (white on a filled button, the tint on the others); UIKit's dimmed grey when
    /// disabled; faded while highlighted when there is no background to lighten.
    func foregroundColor(tint: Color) -> Color {
        if isDisabled { return Color.tertiaryLabel }
        let base = baseForegroundColor ?? (style.look == .filled ? Color(white: 1, alpha: 1) : tint)
        guard isHighlighted, style.look == .plain else { return base }
        return base.withAlpha(base.components(in: .light).alpha * Self.highlightedForegroundAlpha)
    }

    /// The background's colour: the background configuration's, else the base colour, else the
    /// style's (clear, the tertiary fill, the tint at 15 %, the tint); the tertiary fill when
    /// disabled; lighter while highlighted.
    func backgroundColor(tint: Color) -> Color {
        let base: Color
        if let chosen = backgroundLook.backgroundColor ?? baseBackgroundColor {
            base = chosen
        } else {
            switch style.look {
            case .plain: return Color.clear
            case .gray: base = Color.tertiarySystemFill
            case .tinted: base = tint.withAlpha(Self.tintedBackgroundAlpha)
            case .filled: base = tint
            }
        }
        if isDisabled, style.look != .plain, backgroundLook.backgroundColor == nil { return Color.tertiarySystemFill }
        guard isHighlighted else { return base }
        return base.withAlpha(base.components(in: .light).alpha * Self.highlightedBackgroundAlpha)
    }

    /// A tinted button's background: its tint at this alpha.
    static let tintedBackgroundAlpha = 0.15
    /// A highlighted button's background keeps this much of its alpha, and a plain one's
    /// foreground this much.
    static let highlightedBackgroundAlpha = 0.75
    static let highlightedForegroundAlpha = 0.5
}

extension ButtonConfiguration {
    /// The image the button shows: a system image in the preferred symbol configuration.
    var shownImage: Image? { configuredImage ?? image }

    /// Sets the image or the symbol configuration, and draws the image again in it.
    func setImage(_ new: Image?, configuration: SymbolConfiguration?, _ environment: UIEnvironment) throws {
        (image, preferredSymbolConfigurationForImage) = (new, configuration)
        configuredImage = try configuration.flatMap { configuration in try new?.applying(configuration, environment) }
    }
}
