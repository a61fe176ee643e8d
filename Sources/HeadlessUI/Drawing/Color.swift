import Foundation
import ObjectBridge

/// `UIColor`: an sRGB colour with alpha, each component from 0 to 1.
public final class Color: BridgeObject {
    public let red, green, blue, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    convenience init(white: Double, alpha: Double) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// UIKit's named colours, as its class properties give them.
    static var named: [(String, Color)] {
        [
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
            ("clearColor", Color(white: 0, alpha: 0)),
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
