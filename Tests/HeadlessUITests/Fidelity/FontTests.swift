import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// iOS's font names draw in the stand-ins `FontCatalog` gives them, with their weight and
/// style, and a name Rebound cannot stand in for says so once and draws in the system font.
@Suite struct FontTests {
    /// The width a script measures for "Hamburgefonts" in `font`.
    static func width(_ t: TestWorld, _ font: String) throws -> Double {
        let results = try t.run(
            """
            local Attributes = require "UIKit.NSAttributedString"
            return ("Hamburgefonts"):sizeWithAttributes({ [Attributes.NSFontAttributeName] = \(font) }).width
            """)
        return try #require(results.first?.numberValue)
    }

    static func engineWidth(_ t: TestWorld, _ face: String, _ size: Double) -> Double {
        Double(t.world.text.measure("Hamburgefonts", face: face, size: size).size.width)
    }

    @Test func iOSNamesDrawInTheirStandInsWithWeightAndStyle() throws {
        let t = try TestWorld()
        let cases: [(font: String, face: String, size: Double)] = [
            ("objc.UIFont:fontWithName_size('HelveticaNeue-Bold', 14)", "Liberation Sans Bold", 14),
            ("objc.UIFont:fontWithName_size('Helvetica Neue', 14)", "Liberation Sans", 14),
            ("objc.UIFont:fontWithName_size('helveticaneue-lightitalic', 14)", "Liberation Sans Light Italic", 14),
            ("objc.UIFont:fontWithName_size('TimesNewRomanPS-BoldItalicMT', 14)", "Liberation Serif Bold Italic", 14),
            ("objc.UIFont:fontWithName_size('Courier', 14)", "Liberation Mono", 14),
            ("objc.UIFont:fontWithName_size('AvenirNext-DemiBold', 14)", "Inter Semi-Bold", 14),
            ("objc.UIFont:systemFontOfSize(17)", "Inter", 17),
            ("objc.UIFont:systemFontOfSize(34)", "Inter Display", 34),
            (
                "objc.UIFont:systemFontOfSize_weight(17, require('UIKit.UIFontDescriptor').UIFontWeightSemibold)",
                "Inter Semi-Bold", 17
            ),
            ("objc.UIFont:italicSystemFontOfSize(12)", "Inter Italic", 12),
            ("objc.UIFont:systemFontOfSize(12):fontWithSize(24)", "Inter Display", 24),
            ("objc.UIFont:fontWithName_size('DejaVuSans-Bold', 14)", "DejaVu Sans Bold", 14),
        ]
        for (font, face, size) in cases {
            #expect(try Self.width(t, font) == Self.engineWidth(t, face, size), "\(font)")
        }
        #expect(
            try Self.width(t, "objc.UIFont:fontWithName_size('HelveticaNeue-Bold', 14)")
                > Self.width(t, "objc.UIFont:fontWithName_size('HelveticaNeue', 14)"))
        #expect(t.notices.isEmpty && t.warnings.isEmpty)
    }

    @Test func fontsReportUIKitsNames() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local Weights = require "UIKit.UIFontDescriptor"
            local bold = objc.UIFont:boldSystemFontOfSize(15)
            local medium = objc.UIFont:systemFontOfSize_weight(12, Weights.UIFontWeightMedium)
            local avenir = objc.UIFont:fontWithName_size('AvenirNext-MediumItalic', 12)
            return bold.fontName, bold.familyName, medium.fontName, avenir.fontName, avenir.familyName,
                   objc.UIFont:systemFontOfSize(20).familyName
            """)
        #expect(
            results == [
                ".SFUI-Bold", ".SF UI Text", ".SFUI-Medium", "AvenirNext-MediumItalic", "Avenir Next",
                ".SF UI Display",
            ])
    }

    @Test func familiesListWhatScriptsCanName() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local names = {}
            for _, family in ipairs(objc.UIFont.familyNames) do names[family] = true end
            local helvetica = objc.UIFont:fontNamesForFamilyName("Helvetica Neue")
            local every = true
            for _, family in ipairs(objc.UIFont.familyNames) do
                for _, name in ipairs(objc.UIFont:fontNamesForFamilyName(family)) do
                    every = every and objc.UIFont:fontWithName_size(name, 10) ~= nil
                end
            end
            return names["Helvetica Neue"], names["Inter"], names["Liberation Serif"], helvetica[1], every
            """)
        #expect(results == [true, true, true, "HelveticaNeue", true])
        #expect(t.notices.isEmpty)
    }

    @Test func anUnknownNameIsNoticedOnceAndDrawsInTheSystemFont() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local a = objc.UIFont:fontWithName_size('Zapfino', 20)
            local b = objc.UIFont:fontWithName_size('Zapfino', 10)
            return a.fontName, b.pointSize
            """)
        #expect(results == [".SFUI-Regular", 10])
        #expect(try Self.width(t, "objc.UIFont:fontWithName_size('Zapfino', 10)") == Self.engineWidth(t, "Inter", 10))
        #expect(t.notices.count == 1 && (t.notices.first ?? "").contains("no font named 'Zapfino'"))
        #expect(t.error("objc.UIFont:systemFontOfSize_weight(10, 0/0)").contains("weight must be a finite number"))
    }
}
