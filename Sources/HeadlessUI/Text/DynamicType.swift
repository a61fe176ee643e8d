import Foundation
import ObjectBridge

/// `UIContentSizeCategory`: the text size the user chose, from extra small to the largest
/// accessibility size; Large is iOS's default.
public enum ContentSizeCategory: Int, CaseIterable, Comparable, Sendable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
    case accessibilityExtraExtraExtraLarge

    /// UIKit's constant's value (`UICTContentSizeCategoryL`).
    public var constant: String {
        "UICTContentSizeCategory"
            + [
                "XS", "S", "M", "L", "XL", "XXL", "XXXL", "AccessibilityM", "AccessibilityL", "AccessibilityXL",
                "AccessibilityXXL", "AccessibilityXXXL",
            ][rawValue]
    }

    /// The name `--content-size` and `rebound.json`'s `"contentSize"` take (`large`, `AX1`).
    public var name: String {
        ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"][
            rawValue]
    }

    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The case's name in UIKit (`ExtraLarge`, `AccessibilityMedium`).
    var swiftName: String { "\(self)".prefix(1).uppercased() + "\(self)".dropFirst() }

    public init(parsing text: String) throws {
        guard let category = Self.allCases.first(where: { $0.name == text || $0.constant == text }) else {
            throw UIError(
                "'\(text)' is not a content size category"
                    + Suggestion.phrase(for: text, among: Self.allCases.map(\.name))
                    + " (\(Self.allCases.map(\.name).joined(separator: ", ")))")
        }
        self = category
    }

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// `UIFontTextStyle`: the text styles of Dynamic Type, each a point size per content size
/// category and a weight, from Apple's Human Interface Guidelines (Typography, iOS).
public enum TextStyle: String, CaseIterable, Sendable {
    case largeTitle = "UICTFontTextStyleTitle0"
    case title1 = "UICTFontTextStyleTitle1"
    case title2 = "UICTFontTextStyleTitle2"
    case title3 = "UICTFontTextStyleTitle3"
    case headline = "UICTFontTextStyleHeadline"
    case body = "UICTFontTextStyleBody"
    case callout = "UICTFontTextStyleCallout"
    case subheadline = "UICTFontTextStyleSubhead"
    case footnote = "UICTFontTextStyleFootnote"
    case caption1 = "UICTFontTextStyleCaption1"
    case caption2 = "UICTFontTextStyleCaption2"

    /// The style's point size in each category, extra small to AX5.
    private var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's size in `category`.
    public func pointSize(in category: ContentSizeCategory) -> Double { sizes[category.rawValue] }

    /// Its CSS weight: the headline is semibold, the rest regular.
    public var weight: Int { self == .headline ? 600 : 400 }

    /// How much larger than at the default size (Large) the style is in `category`.
    func scale(in category: ContentSizeCategory) -> Double { pointSize(in: category) / pointSize(in: .large) }

    /// Its name in UIFontDescriptor.h (`UIFontTextStyleBody`).
    var constantName: String {
        switch self {
        case .largeTitle: "UIFontTextStyleLargeTitle"
        case .subheadline: "UIFontTextStyleSubheadline"
        default: "UIFontTextStyle" + rawValue.dropFirst("UICTFontTextStyle".count)
        }
    }

    /// A style from a script, for `member`: UIKit's constant's value.
    static func named(_ value: String, _ member: String) throws -> TextStyle {
        guard let style = TextStyle(rawValue: value) else {
            throw ScriptValueError(
                "\(member): \"\(value)\" is not a UIFontTextStyle (UIFontTextStyleBody, UIFontTextStyleHeadline, ...)")
        }
        return style
    }
}

extension Font {
    /// `preferredFontForTextStyle`: the system font of the style's size and weight in `category`,
    /// which remembers its style so that it can follow a change of category.
    static func preferred(_ style: TextStyle, in category: ContentSizeCategory, text: TextEngine) -> Font {
        let font = system(style.pointSize(in: category), weight: style.weight, text: text)
        font.textStyle = style
        return font
    }

    /// `UIFontMetrics scaledFontForFont`: this font scaled as `style` is in `category` against
    /// the default size, remembering both so that it can follow a change of category.
    func scaled(as style: TextStyle, in category: ContentSizeCategory) -> Font {
        let base = scaledFrom ?? pointSize
        let font = withSize(base * style.scale(in: category))
        (font.textStyle, font.scaledFrom) = (style, base)
        return font
    }

    /// The font for `category` if this one follows Dynamic Type, else nil.
    func adjusted(to category: ContentSizeCategory) -> Font? {
        guard let textStyle else { return nil }
        guard scaledFrom == nil else { return scaled(as: textStyle, in: category) }
        let font = withSize(textStyle.pointSize(in: category))
        font.textStyle = textStyle
        return font
    }
}
