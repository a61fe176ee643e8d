import Foundation
import ObjectBridge

extension SymbolConfiguration {
    /// Scripts' view of system images: `UIImageSymbolConfiguration`, and `UIImage`'s members
    /// for symbols.
    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UIImageSymbolConfiguration", superclass: "NSObject", type: SymbolConfiguration.self,
                allocate: nil
            ) { c in
                c.classMethod("unspecifiedConfiguration") { SymbolConfiguration() }
                c.classMethod("configurationWithPointSize") { (size: Double) in
                    try SymbolConfiguration(pointSize: size)
                }
                c.classMethod("configurationWithPointSize_weight") { (size: Double, weight: Int) in
                    try SymbolConfiguration(pointSize: size, weight: weight)
                }
                c.classMethod("configurationWithPointSize_weight_scale") { (size: Double, weight: Int, scale: Int) in
                    try SymbolConfiguration(pointSize: size, weight: weight, scale: scale)
                }
                c.classMethod("configurationWithWeight") { (weight: Int) in try SymbolConfiguration(weight: weight) }
                c.classMethod("configurationWithScale") { (scale: Int) in try SymbolConfiguration(scale: scale) }
                c.classMethod("configurationWithTextStyle") { (style: String) in
                    try SymbolConfiguration(textStyle: TextStyle.named(style, "configurationWithTextStyle"))
                }
                c.classMethod("configurationWithTextStyle_scale") { (style: String, scale: Int) in
                    try SymbolConfiguration(
                        scale: scale, textStyle: TextStyle.named(style, "configurationWithTextStyle_scale"))
                }
                c.classMethod("configurationWithHierarchicalColor") { (color: Color) in
                    SymbolConfiguration(colors: .hierarchical(color))
                }
                c.classMethod("configurationWithPaletteColors") { (colors: [Color]) in
                    guard !colors.isEmpty else {
                        throw ScriptValueError("configurationWithPaletteColors: the palette needs a colour")
                    }
                    return SymbolConfiguration(colors: .palette(colors))
                }
                c.method("configurationByApplyingConfiguration") {
                    (configuration: SymbolConfiguration, other: SymbolConfiguration?) in configuration.applying(other)
                }
                c.property("pointSize") { (configuration: SymbolConfiguration) in configuration.pointSize ?? 0 }
                c.property("weight") { (configuration: SymbolConfiguration) in configuration.weight }
                c.property("scale") { (configuration: SymbolConfiguration) in configuration.scale }
                c.enumeration("Weight", module: "UIKit.UIImageConfiguration", Weight.members)
                c.enumeration("Scale", module: "UIKit.UIImageConfiguration", Scale.members)
            }
        }

        /// `systemImageNamed` and its forms on `UIImage`, and what a symbol image answers.
        static func imageMembers(_ c: NativeClassBuilder<Image>, _ environment: UIEnvironment) {
            c.classMethod("systemImageNamed") { (name: String) in
                try Image.system(named: name, configuration: nil, environment)
            }
            c.classMethod("systemImageNamed_withConfiguration") {
                (name: String, configuration: SymbolConfiguration?) in
                try Image.system(named: name, configuration: configuration, environment)
            }
            c.classMethod("systemImageNamed_compatibleWithTraitCollection") { (name: String, _: TraitCollection?) in
                try Image.system(named: name, configuration: nil, environment)
            }
            c.method("imageByApplyingSymbolConfiguration") { (image: Image, configuration: SymbolConfiguration) in
                try image.applying(configuration, environment)
            }
            c.method("imageWithConfiguration") { (image: Image, configuration: SymbolConfiguration) in
                try image.applying(configuration, environment)
            }
            c.property("symbolConfiguration") { (image: Image) in image.symbol?.configuration }
            c.property("isSymbolImage") { (image: Image) in image.symbol != nil }
        }
    }
}

extension SymbolConfiguration.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
