import Foundation
import ObjectBridge

/// `UIFont`: a face of the engine's fonts at a size in points. The system font is Inter (see
/// `FontCatalog` for what stands in for iOS's other fonts).
public final class Font: BridgeObject {
    /// The name UIKit would report (`.SFUI-Bold`, `AvenirNext-MediumItalic`, `LiberationSans`).
    public let name: String
    /// The family UIKit would report (`Avenir Next`, `.SF UI Text`).
    public let family: String
    /// Pango's description of the face drawn (`Inter Bold`).
    public let face: String
    public let pointSize: Double
    /// The Dynamic Type style this font is of (`preferredFontForTextStyle`, or scaled by
    /// `UIFontMetrics` with the style's `scaledFrom` size at the default category), which a
    /// view that `adjustsFontForContentSizeCategory` follows.
    var textStyle: TextStyle?
    var scaledFrom: Double?
    unowned let text: TextEngine

    init(name: String, family: String, face: String, pointSize: Double, text: TextEngine) {
        self.name = name
        self.family = family
        self.face = face
        self.pointSize = pointSize
        self.text = text
    }

    /// The system font at `size`, of a CSS `weight`, upright or italic.
    static func system(_ size: Double, weight: Int = 400, italic: Bool = false, text: TextEngine) -> Font {
        Font(
            name: FontCatalog.systemName(weight: weight, italic: italic),
            family: size >= 20 ? ".SF UI Display" : ".SF UI Text",
            face: FontCatalog.systemFace(size: size, weight: weight, italic: italic).description, pointSize: size,
            text: text)
    }

    /// Pango's description of the system font's face at `size` (regular weight), for text that
    /// Rebound draws outside a screen.
    public static func systemFaceDescription(size: Double) -> String {
        FontCatalog.systemFace(size: size).description
    }

    /// The bold system font, as UIKit's `boldSystemFontOfSize` gives it.
    static func boldSystem(_ size: Double, text: TextEngine) -> Font { system(size, weight: 700, text: text) }

    /// The font a UIFont name stands for: a face the engine has (by PostScript or family name),
    /// or an iOS font's stand-in; nil for a name neither knows.
    static func named(_ name: String, size: Double, text: TextEngine) -> Font? {
        if let (face, family) = FontCatalog.face(forIOSName: name) {
            let face =
                face.family == "Inter" && size >= 20
                ? FontCatalog.Face(
                    family: "Inter Display", weight: face.weight, italic: face.italic) : face
            return Font(name: name, family: family, face: face.description, pointSize: size, text: text)
        }
        guard let face = text.description(forFontNamed: name) else { return nil }
        return Font(name: name, family: text.family(of: face), face: face, pointSize: size, text: text)
    }

    var ascender: Double { text.metrics(of: face, size: pointSize).ascent }
    var descender: Double { -text.metrics(of: face, size: pointSize).descent }
    var lineHeight: Double { text.metrics(of: face, size: pointSize).height }

    /// The same face at another size (the system font takes Inter Display from 20 points).
    func withSize(_ size: Double) -> Font {
        let face =
            family.hasPrefix(".SF UI")
            ? face.replacingOccurrences(
                of: pointSize >= 20 ? "Inter Display" : "Inter", with: size >= 20 ? "Inter Display" : "Inter")
            : self.face
        let family = self.family.hasPrefix(".SF UI") ? (size >= 20 ? ".SF UI Display" : ".SF UI Text") : self.family
        return Font(name: name, family: family, face: face, pointSize: size, text: text)
    }

    /// The same font with the face's tabular figures (OpenType `tnum`), which the text engine
    /// reads after the '#' of the face's description.
    func withTabularFigures() -> Font {
        face.contains("#")
            ? self : Font(name: name, family: family, face: face + "#tnum=1", pointSize: pointSize, text: text)
    }

    /// A point size from a script: finite and not negative.
    static func size(_ value: Double) throws -> Double {
        guard value.isFinite, value >= 0 else {
            throw ScriptValueError("font size must be a finite number from 0, got \(value)")
        }
        return value
    }
}
