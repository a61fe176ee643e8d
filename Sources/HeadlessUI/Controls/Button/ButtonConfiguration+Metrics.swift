import Foundation

/// The sizes' metrics: text styles, default content insets and corner radii. Apple publishes
/// one of them, the medium size's insets of 7 and 12 points (a Frameworks Engineer on the
/// developer forums, thread 733541); the others are Rebound's reading of UIKit's buttons, kept
/// in this one table so that a measured value replaces a row.
extension ButtonConfiguration {
    /// Fonts made for a size and a text size.
    struct MadeFonts {
        let size: Size
        let category: ContentSizeCategory
        let title: Font
        let subtitle: Font
    }

    struct Metrics {
        let title: TextStyle
        let subtitle: TextStyle
        /// At the default text size (Large); they grow with the title's style.
        let insets: DirectionalEdgeInsets
        /// The radius of the size's own corner style (the dynamic style's at Large).
        let cornerRadius: Double
    }

    static func metrics(_ size: Size) -> Metrics {
        switch size {
        case .large:
            Metrics(
                title: .body, subtitle: .subheadline,
                insets: DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20), cornerRadius: 10)
        case .medium:
            Metrics(
                title: .body, subtitle: .subheadline,
                insets: DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12), cornerRadius: 6)
        case .small:
            Metrics(
                title: .subheadline, subtitle: .footnote,
                insets: DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10), cornerRadius: 5)
        case .mini:
            Metrics(
                title: .footnote, subtitle: .caption2,
                insets: DirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8), cornerRadius: 4)
        }
    }

    /// How much the size's text style has grown at the configuration's text size.
    private var typeScale: Double { Self.metrics(buttonSize).title.scale(in: category) }

    /// The size's insets, grown with Dynamic Type as the title is.
    var defaultInsets: DirectionalEdgeInsets {
        let base = Self.metrics(buttonSize).insets
        let scale = typeScale
        return DirectionalEdgeInsets(
            top: base.top * scale, leading: base.leading * scale, bottom: base.bottom * scale,
            trailing: base.trailing * scale)
    }

    /// The title's and subtitle's fonts: the size's text styles at the configuration's text
    /// size, made once for a size and text size and shared with copies (fonts do not change).
    func fonts(_ text: TextEngine) -> (title: Font, subtitle: Font) {
        if let made = madeFonts, made.size == buttonSize, made.category == category {
            return (made.title, made.subtitle)
        }
        let metrics = Self.metrics(buttonSize)
        let fonts = (
            Font.preferred(metrics.title, in: category, text: text),
            Font.preferred(metrics.subtitle, in: category, text: text)
        )
        madeFonts = MadeFonts(size: buttonSize, category: category, title: fonts.0, subtitle: fonts.1)
        return fonts
    }

    /// The background's corner radius in a button of `size`: the background's own (grown with
    /// Dynamic Type unless fixed), a size's, or half the shorter side for a capsule.
    public func cornerRadius(in size: CGSize) -> Double {
        let capsule = min(size.width, size.height) / 2
        let radius: Double =
            switch cornerStyle {
            case .fixed: backgroundLook.cornerRadius ?? 0
            case .dynamic: (backgroundLook.cornerRadius ?? Self.metrics(buttonSize).cornerRadius) * typeScale
            case .small: Self.metrics(.small).cornerRadius
            case .medium: Self.metrics(.medium).cornerRadius
            case .large: Self.metrics(.large).cornerRadius
            case .capsule: capsule
            }
        return min(max(0, radius), capsule)
    }
}
