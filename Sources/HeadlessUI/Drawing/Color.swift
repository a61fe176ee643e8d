import Foundation
import ObjectBridge

/// `UIColor`: an sRGB colour with alpha, each component from 0 to 1. A dynamic colour (a system
/// colour, `colorWithDynamicProvider`) has one look per appearance: its components are the ones
/// of `UserInterfaceStyle.current`, the style of the view being drawn.
public final class Color: BridgeObject {
    /// One look's components.
    struct Components: Equatable, Sendable {
        var red, green, blue, alpha: Double
    }

    /// The look in light (and unspecified) appearance.
    private var light: Components
    /// The look in dark appearance, for a colour with two fixed looks.
    private var dark: Components?
    /// The look in dark appearance in elevated content, for the system backgrounds.
    private var elevatedDark: Components?
    /// `function(traitCollection)` returning the colour to show, for `colorWithDynamicProvider`.
    private let provider: ScriptBlock?
    /// What the provider answered, by style and by whether the content is elevated: it is
    /// asked once for each.
    private var provided: [ProvidedLook: Components] = [:]

    private struct ProvidedLook: Hashable {
        let style: UserInterfaceStyle
        let elevated: Bool
    }
    /// A pattern colour's image (`colorWithPatternImage`), which fills instead of the components.
    public let pattern: ImagePattern?

    public var red: Double { components.red }
    public var green: Double { components.green }
    public var blue: Double { components.blue }
    public var alpha: Double { components.alpha }

    /// Whether the colour looks different by appearance.
    public var isDynamic: Bool { dark != nil || provider != nil }

    private var components: Components {
        isDynamic ? components(in: UserInterfaceStyle.current) : light
    }

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        light = Components(red: red, green: green, blue: blue, alpha: alpha)
        (dark, provider, pattern) = (nil, nil, nil)
    }

    /// A colour of two looks, as a system colour or an asset catalog's colour set has them (and
    /// a third for dark elevated content, as the system backgrounds have).
    init(light: Color, dark: Color, elevatedDark: Color? = nil) {
        self.light = light.components(in: .light)
        self.dark = dark.components(in: .dark)
        self.elevatedDark = elevatedDark?.light
        (provider, pattern) = (nil, nil)
    }

    /// Takes `other`'s looks, as a colour set's colour does when its file is saved: the views
    /// that hold this colour draw the new looks.
    func takeLooks(of other: Color) {
        guard provider == nil, pattern == nil else { return }
        light = other.components(in: .light)
        dark = other.isDynamic ? other.components(in: .dark) : nil
        elevatedDark = other.elevatedDark
    }

    /// `colorWithDynamicProvider`: the provider chooses the colour for each appearance.
    init(provider: ScriptBlock) {
        light = Components(red: 0, green: 0, blue: 0, alpha: 1)
        (dark, self.provider, pattern) = (nil, provider, nil)
    }

    /// A colour that fills with `image` tiled, as `colorWithPatternImage` makes it.
    init(pattern image: Image) {
        light = Components(red: 0, green: 0, blue: 0, alpha: 1)
        (dark, provider) = (nil, nil)
        pattern = ImagePattern(content: image.content, size: image.size)
    }

    /// The components of the look for `style` (at `UserInterfaceLevel.current`). A provider
    /// that fails is reported, and its colour is clear in that style.
    func components(in style: UserInterfaceStyle) -> Components {
        if let provider { return providedComponents(provider, style) }
        guard style == .dark else { return light }
        if UserInterfaceLevel.current == .elevated, let elevatedDark { return elevatedDark }
        return dark ?? light
    }

    /// The provider's answer for `style` at `UserInterfaceLevel.current`, which its trait
    /// collection carries.
    private func providedComponents(_ provider: ScriptBlock, _ style: UserInterfaceStyle) -> Components {
        let level = UserInterfaceLevel.current
        let look = ProvidedLook(style: style, elevated: level == .elevated)
        if let known = provided[look] { return known }
        guard let bridge else { return light }
        // A provider that answers with its own colour (or one that leads back to it) meets
        // this clear placeholder instead of asking itself again and again.
        provided[look] = Components(red: 0, green: 0, blue: 0, alpha: 0)
        let answer: Components
        do {
            var traits = TraitCollection(unspecified: (), style: style)
            traits.userInterfaceLevel = level
            let color = try bridge.call(
                provider, named: "the dynamic colour's provider", traits, returning: Color.self)
            answer = color.components(in: style)
        } catch {
            bridge.report(error, during: "UIColor colorWithDynamicProvider's provider")
            answer = Components(red: 0, green: 0, blue: 0, alpha: 0)
        }
        provided[look] = answer
        return answer
    }

    /// `resolvedColorWithTraitCollection`: the fixed colour of this one's look for `style`.
    func resolved(in style: UserInterfaceStyle) -> Color {
        guard isDynamic else { return self }
        let look = components(in: style)
        return Color(red: look.red, green: look.green, blue: look.blue, alpha: look.alpha)
    }

    /// `colorWithAlphaComponent`: the same looks with another alpha.
    func withAlpha(_ alpha: Double) -> Color {
        func fixed(_ look: Components) -> Color {
            Color(red: look.red, green: look.green, blue: look.blue, alpha: alpha)
        }
        guard isDynamic else { return fixed(light) }
        return Color(
            light: fixed(components(in: .light)), dark: dark.map(fixed) ?? fixed(components(in: .dark)),
            elevatedDark: elevatedDark.map(fixed))
    }

    /// The command that makes this colour the fill colour, or the stroke colour.
    func fillCommand() -> DrawingCommand { pattern.map { .fillPattern($0) } ?? .fillColor(DrawingColor(self)) }
    func strokeCommand() -> DrawingCommand {
        pattern.map { .strokePattern($0) } ?? .strokeColor(DrawingColor(self))
    }

    convenience init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    convenience init(rgb red: Double, _ green: Double, _ blue: Double, alpha: Double = 1) {
        self.init(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    /// A system colour's two looks, in 0-255 components.
    private static func system(
        _ light: (Double, Double, Double, Double), dark: (Double, Double, Double, Double),
        elevated: (Double, Double, Double)? = nil
    ) -> Color {
        Color(
            light: Color(rgb: light.0, light.1, light.2, alpha: light.3),
            dark: Color(rgb: dark.0, dark.1, dark.2, alpha: dark.3),
            elevatedDark: elevated.map { Color(rgb: $0.0, $0.1, $0.2) })
    }

    /// UIKit's system and semantic colours, light and dark, from Apple's tables (iOS 13 and
    /// later); the backgrounds' dark elevated looks are the ones Flutter's Cupertino colours
    /// copy from UIKit. A new object each time: an object belongs to one world's bridge.
    static var link: Color { system((0, 122, 255, 1), dark: (9, 132, 255, 1)) }
    static var systemBlue: Color { system((0, 122, 255, 1), dark: (10, 132, 255, 1)) }
    static var systemGreen: Color { system((52, 199, 89, 1), dark: (48, 209, 88, 1)) }
    static var systemGray: Color { system((142, 142, 147, 1), dark: (142, 142, 147, 1)) }
    static var systemRed: Color { system((255, 59, 48, 1), dark: (255, 69, 58, 1)) }
    static var systemBackground: Color { system((255, 255, 255, 1), dark: (0, 0, 0, 1), elevated: (28, 28, 30)) }
    static var secondarySystemBackground: Color {
        system((242, 242, 247, 1), dark: (28, 28, 30, 1), elevated: (44, 44, 46))
    }
    static var tertiarySystemBackground: Color {
        system((255, 255, 255, 1), dark: (44, 44, 46, 1), elevated: (58, 58, 60))
    }
    static var systemGroupedBackground: Color { system((242, 242, 247, 1), dark: (0, 0, 0, 1), elevated: (28, 28, 30)) }
    static var secondarySystemGroupedBackground: Color {
        system((255, 255, 255, 1), dark: (28, 28, 30, 1), elevated: (44, 44, 46))
    }
    static var tertiarySystemGroupedBackground: Color {
        system((242, 242, 247, 1), dark: (44, 44, 46, 1), elevated: (58, 58, 60))
    }
    static var clear: Color { Color(white: 0, alpha: 0) }
    static var label: Color { system((0, 0, 0, 1), dark: (255, 255, 255, 1)) }
    static var secondaryLabel: Color { system((60, 60, 67, 0.6), dark: (235, 235, 245, 0.6)) }
    static var tertiaryLabel: Color { system((60, 60, 67, 0.3), dark: (235, 235, 245, 0.3)) }
    static var quaternaryLabel: Color { system((60, 60, 67, 0.18), dark: (235, 235, 245, 0.18)) }
    static var systemGray4: Color { system((209, 209, 214, 1), dark: (58, 58, 60, 1)) }
    static var separator: Color { system((60, 60, 67, 0.29), dark: (84, 84, 88, 0.6)) }
    static var systemFill: Color { system((120, 120, 128, 0.2), dark: (120, 120, 128, 0.36)) }
    /// A bar's light tint where UIKit blurs (white at 97%; 11% in dark appearance, as the black
    /// bar style), and the hairline along its edge (black at 30%; white at 15% in dark).
    static func barTint(alpha: Double) -> Color {
        Color(light: Color(white: 0.97, alpha: alpha), dark: Color(white: 0.11, alpha: alpha))
    }
    static var barHairline: Color { Color(light: Color(white: 0, alpha: 0.3), dark: Color(white: 1, alpha: 0.15)) }
    static var secondarySystemFill: Color { system((120, 120, 128, 0.16), dark: (120, 120, 128, 0.32)) }
    static var tertiarySystemFill: Color { system((118, 118, 128, 0.12), dark: (118, 118, 128, 0.24)) }
    static var systemGray2: Color { system((174, 174, 178, 1), dark: (99, 99, 102, 1)) }
    static var systemGray5: Color { system((229, 229, 234, 1), dark: (44, 44, 46, 1)) }

    /// UIKit's named colours, as its class properties give them, each made when asked for.
    static let namedColors: [(name: String, make: @Sendable () -> Color)] = [
        ("systemBlueColor", { systemBlue }),
        ("systemGreenColor", { systemGreen }),
        ("systemRedColor", { systemRed }),
        ("systemOrangeColor", { system((255, 149, 0, 1), dark: (255, 159, 10, 1)) }),
        ("systemYellowColor", { system((255, 204, 0, 1), dark: (255, 214, 10, 1)) }),
        ("systemPinkColor", { system((255, 45, 85, 1), dark: (255, 55, 95, 1)) }),
        ("systemPurpleColor", { system((175, 82, 222, 1), dark: (191, 90, 242, 1)) }),
        ("systemTealColor", { system((48, 176, 199, 1), dark: (64, 200, 224, 1)) }),
        ("systemIndigoColor", { system((88, 86, 214, 1), dark: (94, 92, 230, 1)) }),
        ("systemGrayColor", { systemGray }),
        ("systemGray2Color", { systemGray2 }),
        ("systemGray3Color", { system((199, 199, 204, 1), dark: (72, 72, 74, 1)) }),
        ("systemGray4Color", { systemGray4 }),
        ("systemGray5Color", { systemGray5 }),
        ("systemGray6Color", { system((242, 242, 247, 1), dark: (28, 28, 30, 1)) }),
        ("systemBackgroundColor", { systemBackground }),
        ("secondarySystemBackgroundColor", { secondarySystemBackground }),
        ("tertiarySystemBackgroundColor", { tertiarySystemBackground }),
        ("systemGroupedBackgroundColor", { systemGroupedBackground }),
        ("secondarySystemGroupedBackgroundColor", { secondarySystemGroupedBackground }),
        ("tertiarySystemGroupedBackgroundColor", { tertiarySystemGroupedBackground }),
        ("groupTableViewBackgroundColor", { systemGroupedBackground }),
        ("labelColor", { label }),
        ("secondaryLabelColor", { secondaryLabel }),
        ("tertiaryLabelColor", { tertiaryLabel }),
        ("quaternaryLabelColor", { quaternaryLabel }),
        ("placeholderTextColor", { tertiaryLabel }),
        ("linkColor", { link }),
        ("separatorColor", { separator }),
        ("opaqueSeparatorColor", { system((198, 198, 200, 1), dark: (56, 56, 58, 1)) }),
        ("systemFillColor", { systemFill }),
        ("secondarySystemFillColor", { secondarySystemFill }),
        ("tertiarySystemFillColor", { tertiarySystemFill }),
        ("quaternarySystemFillColor", { system((116, 116, 128, 0.08), dark: (118, 118, 128, 0.18)) }),
        ("darkTextColor", { Color(white: 0, alpha: 1) }),
        ("lightTextColor", { Color(white: 1, alpha: 0.6) }),
        ("blackColor", { Color(white: 0, alpha: 1) }),
        ("darkGrayColor", { Color(white: 1.0 / 3, alpha: 1) }),
        ("lightGrayColor", { Color(white: 2.0 / 3, alpha: 1) }),
        ("whiteColor", { Color(white: 1, alpha: 1) }),
        ("grayColor", { Color(white: 0.5, alpha: 1) }),
        ("redColor", { Color(red: 1, green: 0, blue: 0, alpha: 1) }),
        ("greenColor", { Color(red: 0, green: 1, blue: 0, alpha: 1) }),
        ("blueColor", { Color(red: 0, green: 0, blue: 1, alpha: 1) }),
        ("cyanColor", { Color(red: 0, green: 1, blue: 1, alpha: 1) }),
        ("yellowColor", { Color(red: 1, green: 1, blue: 0, alpha: 1) }),
        ("magentaColor", { Color(red: 1, green: 0, blue: 1, alpha: 1) }),
        ("orangeColor", { Color(red: 1, green: 0.5, blue: 0, alpha: 1) }),
        ("purpleColor", { Color(red: 0.5, green: 0, blue: 0.5, alpha: 1) }),
        ("brownColor", { Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }),
        ("clearColor", { clear }),
    ]

    /// The named colour `name` (`systemBlueColor`), made alone; nil for a name UIKit lacks.
    static func named(_ name: String) -> Color? { namedColors.first { $0.name == name }?.make() }

    /// HSB to RGB, as UIKit converts it.
    static func fromHSB(_ hue: Double, _ saturation: Double, _ brightness: Double, _ alpha: Double) -> Color {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * f)
        let t = brightness * (1 - saturation * (1 - f))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (brightness, t, p)
            case 1: (q, brightness, p)
            case 2: (p, brightness, t)
            case 3: (p, q, brightness)
            case 4: (t, p, brightness)
            default: (brightness, p, q)
            }
        return Color(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A component from a script: a number from 0 to 1.
    static func component(_ value: Double, _ name: String) throws -> Double {
        guard value.isFinite, value >= 0, value <= 1 else {
            throw ScriptValueError("\(name) must be from 0 to 1, got \(value)")
        }
        return value
    }

}
