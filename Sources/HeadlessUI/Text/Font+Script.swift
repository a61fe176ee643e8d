import Foundation
import ObjectBridge

extension Font {
    /// Scripts' view of `Font`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            let text = environment.text
            return NativeClass("UIFont", superclass: "NSObject", type: Font.self, allocate: nil) { c in
                c.classMethod("systemFontOfSize") { (size: Double) in system(try Font.size(size), text: text) }
                c.classMethod("boldSystemFontOfSize") { (size: Double) in boldSystem(try Font.size(size), text: text) }
                c.classMethod("italicSystemFontOfSize") { (size: Double) in
                    system(try Font.size(size), italic: true, text: text)
                }
                func weighted(_ size: Double, _ weight: Double) throws -> Font {
                    guard weight.isFinite else {
                        throw ScriptValueError("weight must be a finite number, got \(weight)")
                    }
                    return system(try Font.size(size), weight: FontCatalog.weight(ofUIFontWeight: weight), text: text)
                }
                c.classMethod("systemFontOfSize_weight") { (size: Double, weight: Double) in try weighted(size, weight)
                }
                // The system font at that weight with Inter's tabular figures switched on.
                c.classMethod("monospacedDigitSystemFontOfSize_weight") { (size: Double, weight: Double) in
                    try weighted(size, weight).withTabularFigures()
                }
                c.classMethod("preferredFontForTextStyle") { (style: String) in
                    Font.preferred(
                        try TextStyle.named(style, "UIFont preferredFontForTextStyle"),
                        in: environment.screen.profile.contentSizeCategory, text: text)
                }
                c.classMethod("preferredFontForTextStyle_compatibleWithTraitCollection") {
                    (style: String, traits: TraitCollection?) in
                    Font.preferred(
                        try TextStyle.named(style, "UIFont preferredFontForTextStyle_compatibleWithTraitCollection"),
                        in: traits?.preferredContentSizeCategory ?? environment.screen.profile.contentSizeCategory,
                        text: text)
                }
                c.classMethod("fontWithName_size") { (name: String, size: Double) -> Font in
                    let size = try Font.size(size)
                    if let font = named(name, size: size, text: text) { return font }
                    environment.noticeOnce(
                        "UIFont: no font named '\(name)' (nor a stand-in for it); it is drawn in the system font "
                            + "(Inter). UIFont.familyNames lists the fonts Rebound has")
                    return system(size, text: text)
                }
                c.classProperty("familyNames") { familyNames(text) }
                c.classMethod("fontNamesForFamilyName") { (family: String) in fontNames(ofFamily: family, text) }
                c.method("fontWithSize") { (font: Font, size: Double) in font.withSize(try Font.size(size)) }
                c.property("fontName") { (font: Font) in font.name }
                c.property("familyName") { (font: Font) in font.family }
                c.property("pointSize") { (font: Font) in font.pointSize }
                c.property("ascender") { (font: Font) in font.ascender }
                c.property("descender") { (font: Font) in font.descender }
                c.property("lineHeight") { (font: Font) in font.lineHeight }
            }
        }

        /// The families scripts can name: the engine's own, and the iOS families it stands in for.
        static func familyNames(_ text: TextEngine) -> [String] {
            Set(text.faces.map(\.family) + FontCatalog.iOSFamilies.map(\.name)).sorted()
        }

        /// The font names of a family, as `fontWithName_size` takes them.
        static func fontNames(ofFamily family: String, _ text: TextEngine) -> [String] {
            if let known = FontCatalog.iOSFamilies.first(where: { $0.name.lowercased() == family.lowercased() }) {
                return known.fonts
            }
            return text.faces.filter { $0.family.lowercased() == family.lowercased() }.map(\.postScriptName)
        }

        /// UIFontDescriptor.h's named weights and text styles, and UIContentSizeCategory.h's
        /// categories.
        static var modules: [BindingModule] {
            [
                BindingModule(
                    "UIKit.UIFontDescriptor",
                    FontCatalog.namedWeights.map { ($0.0, .constant($0.1)) }
                        + TextStyle.allCases.map { ($0.constantName, .constant($0.rawValue)) }),
                BindingModule(
                    "UIKit.UIContentSizeCategory",
                    ContentSizeCategory.allCases.map {
                        ("UIContentSizeCategory\($0.swiftName)", .constant($0.constant))
                    }),
            ]
        }
    }
}

extension Font.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { modules }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
