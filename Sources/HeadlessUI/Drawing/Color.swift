import Foundation
import ObjectBridge

/// `UIColor`: an sRGB colour with alpha, each component from 0 to 1.
public final class Color: BridgeObject {
    public let red, green, blue, alpha: Double
    /// A pattern colour's image (`colorWithPatternImage`), which fills instead of the components.
    public let pattern: ImagePattern?

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        pattern = nil
    }

    /// A colour that fills with `image` tiled, as `colorWithPatternImage` makes it.
    init(pattern image: Image) {
        (red, green, blue, alpha) = (0, 0, 0, 1)
        pattern = ImagePattern(content: image.content, size: image.size)
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

    /// UIKit's system and semantic colours, as they resolve in light mode (iOS 13 and later). A
    /// new object each time: an object belongs to one world's bridge.
    static var systemBlue: Color { Color(rgb: 0, 122, 255) }
    static var systemGreen: Color { Color(rgb: 52, 199, 89) }
    static var systemGray: Color { Color(rgb: 142, 142, 147) }
    static var systemRed: Color { Color(rgb: 255, 59, 48) }
    static var systemBackground: Color { Color(white: 1, alpha: 1) }
    static var systemGroupedBackground: Color { Color(rgb: 242, 242, 247) }
    static var secondarySystemGroupedBackground: Color { systemBackground }
    static var clear: Color { Color(white: 0, alpha: 0) }
    static var label: Color { Color(white: 0, alpha: 1) }
    static var secondaryLabel: Color { Color(rgb: 60, 60, 67, alpha: 0.6) }
    static var tertiaryLabel: Color { Color(rgb: 60, 60, 67, alpha: 0.3) }
    static var systemGray4: Color { Color(rgb: 209, 209, 214) }
    static var separator: Color { Color(rgb: 60, 60, 67, alpha: 0.29) }
    static var systemFill: Color { Color(rgb: 120, 120, 128, alpha: 0.2) }
    static var secondarySystemFill: Color { Color(rgb: 120, 120, 128, alpha: 0.16) }

    /// UIKit's named colours, as its class properties give them.
    static var named: [(String, Color)] {
        [
            ("systemBlueColor", systemBlue), ("systemGreenColor", systemGreen),
            ("systemRedColor", systemRed), ("systemOrangeColor", Color(rgb: 255, 149, 0)),
            ("systemYellowColor", Color(rgb: 255, 204, 0)), ("systemPinkColor", Color(rgb: 255, 45, 85)),
            ("systemPurpleColor", Color(rgb: 175, 82, 222)), ("systemTealColor", Color(rgb: 48, 176, 199)),
            ("systemIndigoColor", Color(rgb: 88, 86, 214)), ("systemGrayColor", systemGray),
            ("systemGray2Color", Color(rgb: 174, 174, 178)), ("systemGray3Color", Color(rgb: 199, 199, 204)),
            ("systemGray4Color", systemGray4), ("systemGray5Color", Color(rgb: 229, 229, 234)),
            ("systemGray6Color", Color(rgb: 242, 242, 247)),
            ("systemBackgroundColor", systemBackground), ("secondarySystemBackgroundColor", systemGroupedBackground),
            ("tertiarySystemBackgroundColor", systemBackground),
            ("systemGroupedBackgroundColor", systemGroupedBackground),
            ("secondarySystemGroupedBackgroundColor", secondarySystemGroupedBackground),
            ("tertiarySystemGroupedBackgroundColor", systemGroupedBackground),
            ("groupTableViewBackgroundColor", systemGroupedBackground),
            ("labelColor", label), ("secondaryLabelColor", secondaryLabel), ("tertiaryLabelColor", tertiaryLabel),
            ("quaternaryLabelColor", Color(rgb: 60, 60, 67, alpha: 0.18)),
            ("placeholderTextColor", tertiaryLabel), ("linkColor", systemBlue),
            ("separatorColor", separator), ("opaqueSeparatorColor", Color(rgb: 198, 198, 200)),
            ("systemFillColor", systemFill), ("secondarySystemFillColor", secondarySystemFill),
            ("tertiarySystemFillColor", Color(rgb: 118, 118, 128, alpha: 0.12)),
            ("quaternarySystemFillColor", Color(rgb: 116, 116, 128, alpha: 0.08)),
            ("darkTextColor", label), ("lightTextColor", Color(white: 1, alpha: 0.6)),
            ("blackColor", Color(white: 0, alpha: 1)), ("darkGrayColor", Color(white: 1.0 / 3, alpha: 1)),
            ("lightGrayColor", Color(white: 2.0 / 3, alpha: 1)), ("whiteColor", Color(white: 1, alpha: 1)),
            ("grayColor", Color(white: 0.5, alpha: 1)), ("redColor", Color(red: 1, green: 0, blue: 0, alpha: 1)),
            ("greenColor", Color(red: 0, green: 1, blue: 0, alpha: 1)),
            ("blueColor", Color(red: 0, green: 0, blue: 1, alpha: 1)),
            ("cyanColor", Color(red: 0, green: 1, blue: 1, alpha: 1)),
            ("yellowColor", Color(red: 1, green: 1, blue: 0, alpha: 1)),
            ("magentaColor", Color(red: 1, green: 0, blue: 1, alpha: 1)),
            ("orangeColor", Color(red: 1, green: 0.5, blue: 0, alpha: 1)),
            ("purpleColor", Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)),
            ("brownColor", Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)),
            ("clearColor", clear),
        ]
    }

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
