import Foundation

/// How iOS's font names become the faces Rebound draws with. iOS's fonts are Apple's; Rebound
/// has free ones that stand in for them, with the weight and the style kept as far as the
/// stand-in has them:
/// - San Francisco (the system font): Inter, and Inter Display from 20 points, as iOS switches
///   from SF Text to SF Display;
/// - Helvetica, Helvetica Neue and Arial: Liberation Sans (metric-compatible with Arial);
/// - Times New Roman, Georgia, Palatino, Baskerville: Liberation Serif (metric-compatible with
///   Times New Roman);
/// - Courier and Courier New: Liberation Mono (metric-compatible with Courier New); Menlo:
///   DejaVu Sans Mono, which Menlo is drawn from;
/// - Avenir, Avenir Next, Gill Sans, Futura, Optima: Inter; Verdana: DejaVu Sans.
enum FontCatalog {
    /// A face of the engine's fonts: a family at a CSS weight (100 to 900), upright or italic.
    struct Face: Equatable {
        let family: String
        let weight: Int
        let italic: Bool

        /// Pango's description of the face ("Liberation Sans Bold Italic").
        var description: String {
            let weights = [
                100: "Thin", 200: "Ultra-Light", 300: "Light", 500: "Medium", 600: "Semi-Bold", 700: "Bold",
                800: "Ultra-Bold", 900: "Heavy",
            ]
            return ([family, weights[weight], italic ? "Italic" : nil] as [String?]).compactMap { $0 }
                .joined(separator: " ")
        }
    }

    /// An iOS family Rebound stands in for: its name, the stand-in's family, and the PostScript
    /// names of its faces on iOS (the part after the first "-" says the weight and style).
    struct IOSFamily {
        let name: String
        let standIn: String
        let fonts: [String]
    }

    static let iOSFamilies: [IOSFamily] = [
        IOSFamily(
            name: "Helvetica", standIn: "Liberation Sans",
            fonts: [
                "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Helvetica-Light",
                "Helvetica-LightOblique",
            ]),
        IOSFamily(
            name: "Helvetica Neue", standIn: "Liberation Sans",
            fonts: [
                "HelveticaNeue", "HelveticaNeue-Italic", "HelveticaNeue-Bold", "HelveticaNeue-BoldItalic",
                "HelveticaNeue-Light", "HelveticaNeue-LightItalic", "HelveticaNeue-Medium",
                "HelveticaNeue-MediumItalic",
                "HelveticaNeue-Thin", "HelveticaNeue-ThinItalic", "HelveticaNeue-UltraLight",
                "HelveticaNeue-UltraLightItalic", "HelveticaNeue-CondensedBold", "HelveticaNeue-CondensedBlack",
            ]),
        IOSFamily(
            name: "Arial", standIn: "Liberation Sans",
            fonts: ["ArialMT", "Arial-BoldMT", "Arial-ItalicMT", "Arial-BoldItalicMT"]),
        IOSFamily(
            name: "Times New Roman", standIn: "Liberation Serif",
            fonts: [
                "TimesNewRomanPSMT", "TimesNewRomanPS-BoldMT", "TimesNewRomanPS-ItalicMT",
                "TimesNewRomanPS-BoldItalicMT",
            ]),
        IOSFamily(
            name: "Georgia", standIn: "Liberation Serif",
            fonts: ["Georgia", "Georgia-Bold", "Georgia-Italic", "Georgia-BoldItalic"]),
        IOSFamily(
            name: "Palatino", standIn: "Liberation Serif",
            fonts: ["Palatino-Roman", "Palatino-Italic", "Palatino-Bold", "Palatino-BoldItalic"]),
        IOSFamily(
            name: "Baskerville", standIn: "Liberation Serif",
            fonts: [
                "Baskerville", "Baskerville-Italic", "Baskerville-Bold", "Baskerville-BoldItalic",
                "Baskerville-SemiBold", "Baskerville-SemiBoldItalic",
            ]),
        IOSFamily(
            name: "Courier", standIn: "Liberation Mono",
            fonts: ["Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"]),
        IOSFamily(
            name: "Courier New", standIn: "Liberation Mono",
            fonts: ["CourierNewPSMT", "CourierNewPS-BoldMT", "CourierNewPS-ItalicMT", "CourierNewPS-BoldItalicMT"]),
        IOSFamily(
            name: "Menlo", standIn: "DejaVu Sans Mono",
            fonts: ["Menlo-Regular", "Menlo-Bold", "Menlo-Italic", "Menlo-BoldItalic"]),
        IOSFamily(
            name: "Avenir", standIn: "Inter",
            fonts: [
                "Avenir-Book", "Avenir-BookOblique", "Avenir-Roman", "Avenir-Oblique", "Avenir-Light",
                "Avenir-LightOblique", "Avenir-Medium", "Avenir-MediumOblique", "Avenir-Heavy", "Avenir-HeavyOblique",
                "Avenir-Black", "Avenir-BlackOblique",
            ]),
        IOSFamily(
            name: "Avenir Next", standIn: "Inter",
            fonts: [
                "AvenirNext-Regular", "AvenirNext-Italic", "AvenirNext-UltraLight", "AvenirNext-UltraLightItalic",
                "AvenirNext-Medium", "AvenirNext-MediumItalic", "AvenirNext-DemiBold", "AvenirNext-DemiBoldItalic",
                "AvenirNext-Bold", "AvenirNext-BoldItalic", "AvenirNext-Heavy", "AvenirNext-HeavyItalic",
            ]),
        IOSFamily(
            name: "Gill Sans", standIn: "Inter",
            fonts: [
                "GillSans", "GillSans-Italic", "GillSans-Light", "GillSans-LightItalic", "GillSans-SemiBold",
                "GillSans-SemiBoldItalic", "GillSans-Bold", "GillSans-BoldItalic", "GillSans-UltraBold",
            ]),
        IOSFamily(
            name: "Futura", standIn: "Inter",
            fonts: [
                "Futura-Medium", "Futura-MediumItalic", "Futura-Bold", "Futura-CondensedMedium",
                "Futura-CondensedExtraBold",
            ]),
        IOSFamily(name: "Optima", standIn: "Inter", fonts: ["Optima-Regular", "Optima-Italic", "Optima-Bold"]),
        IOSFamily(
            name: "Verdana", standIn: "DejaVu Sans",
            fonts: ["Verdana", "Verdana-Bold", "Verdana-Italic", "Verdana-BoldItalic"]),
    ]

    /// The system font's face: Inter, Inter Display from 20 points.
    static func systemFace(size: Double, weight: Int = 400, italic: Bool = false) -> Face {
        Face(family: size >= 20 ? "Inter Display" : "Inter", weight: weight, italic: italic)
    }

    /// The name iOS gives the system font of that weight and style (`.SFUI-Semibold`).
    static func systemName(weight: Int, italic: Bool) -> String {
        let names = [
            100: "Ultralight", 200: "Thin", 300: "Light", 500: "Medium", 600: "Semibold", 700: "Bold",
            800: "Heavy", 900: "Black",
        ]
        let style = (names[weight] ?? (italic ? "" : "Regular")) + (italic ? "Italic" : "")
        return ".SFUI-" + style
    }

    /// What an iOS font name stands for: the face, and the iOS family it belongs to. Takes a
    /// PostScript name (`AvenirNext-MediumItalic`, any case), a family name (`Avenir Next`), a
    /// face of a known family that the list does not have (`HelveticaNeue-Heavy`), or the
    /// system font's (`.SFUI-Bold`); nil for anything else.
    static func face(forIOSName name: String) -> (face: Face, family: String)? {
        let lowered = name.lowercased()
        if lowered.hasPrefix(".sf") {
            let (weight, italic) = style(of: name)
            return (Face(family: "Inter", weight: weight, italic: italic), ".SF UI Text")
        }
        for family in iOSFamilies {
            let prefixes = Set(family.fonts.map { $0.split(separator: "-").first.map(String.init)?.lowercased() ?? "" })
            let base = lowered.split(separator: "-", maxSplits: 1).first.map(String.init) ?? lowered
            if family.name.lowercased() == lowered || family.fonts.contains(where: { $0.lowercased() == lowered })
                || prefixes.contains(base)
            {
                let (weight, italic) = family.name.lowercased() == lowered ? (400, false) : style(of: name)
                return (Face(family: family.standIn, weight: weight, italic: italic), family.name)
            }
        }
        return nil
    }

    /// The CSS weight of a `UIFontWeight` (-1 to 1): the nearest of UIKit's named weights.
    static func weight(ofUIFontWeight value: Double) -> Int {
        let named: [(Double, Int)] = [
            (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700), (0.56, 800),
            (0.62, 900),
        ]
        return named.min { abs($0.0 - value) < abs($1.0 - value) }?.1 ?? 400
    }

    /// UIFontDescriptor.h's named weights, as scripts pass them to `systemFontOfSize_weight`.
    static let namedWeights: [(String, Double)] = [
        ("UIFontWeightUltraLight", -0.8), ("UIFontWeightThin", -0.6), ("UIFontWeightLight", -0.4),
        ("UIFontWeightRegular", 0), ("UIFontWeightMedium", 0.23), ("UIFontWeightSemibold", 0.3),
        ("UIFontWeightBold", 0.4), ("UIFontWeightHeavy", 0.56), ("UIFontWeightBlack", 0.62),
    ]

    /// The weight and slant a PostScript name's style says (`MediumItalic`, `BoldOblique`,
    /// `UltraLight`, `Roman`): the part after the first "-", or none for a regular face.
    static func style(of name: String) -> (weight: Int, italic: Bool) {
        let parts = name.split(separator: "-", maxSplits: 1)
        let style = parts.count == 2 ? parts[1].lowercased() : ""
        let italic = style.contains("italic") || style.contains("oblique")
        let weights: [(String, Int)] = [
            ("ultralight", 100), ("extralight", 200), ("thin", 200), ("light", 300), ("medium", 500),
            ("demibold", 600), ("semibold", 600), ("extrabold", 800), ("ultrabold", 800), ("heavy", 800),
            ("black", 900), ("bold", 700),
        ]
        return (weights.first { style.contains($0.0) }?.1 ?? 400, italic)
    }
}
