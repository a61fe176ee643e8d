import Foundation
import ObjectBridge

extension Color {
    /// Scripts' view of `Color`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIColor", superclass: "NSObject", type: Color.self, allocate: nil) { c in
                for (name, make) in namedColors {
                    let color = make()
                    c.classProperty(name) { color }
                }
                c.classMethod("colorWithWhite_alpha") { (white: Double, alpha: Double) in
                    Color(white: try component(white, "white"), alpha: try component(alpha, "alpha"))
                }
                c.classMethod("colorWithRed_green_blue_alpha") { (r: Double, g: Double, b: Double, a: Double) in
                    Color(
                        red: try component(r, "red"), green: try component(g, "green"), blue: try component(b, "blue"),
                        alpha: try component(a, "alpha"))
                }
                c.classMethod("colorWithHue_saturation_brightness_alpha") {
                    (h: Double, s: Double, v: Double, a: Double) in
                    fromHSB(
                        try component(h, "hue"), try component(s, "saturation"), try component(v, "brightness"),
                        try component(a, "alpha"))
                }
                c.classMethod("colorWithPatternImage") { (image: Image) in Color(pattern: image) }
                // Read each time, so that a saved colour set shows at the next call.
                c.classMethod("colorNamed") { (name: String) in try Color.catalogColor(name, environment) }
                c.method("colorWithAlphaComponent") { (color: Color, alpha: Double) in
                    color.withAlpha(try component(alpha, "alpha"))
                }
                c.classMethod("colorWithDynamicProvider") { (provider: ScriptBlock) in Color(provider: provider) }
                c.method("resolvedColorWithTraitCollection") { (color: Color, traits: TraitCollection) in
                    UserInterfaceLevel.$current.withValue(traits.userInterfaceLevel) {
                        color.resolved(in: traits.userInterfaceStyle)
                    }
                }
                // Core Graphics colours are the same objects here; layers take either.
                c.property("CGColor") { (color: Color) in color }
                c.property("components") { (color: Color) in [color.red, color.green, color.blue, color.alpha] }
                c.property("alpha") { (color: Color) in color.alpha }
                // The current context's colours (nothing happens with none, as in UIKit).
                c.method("setFill") { (color: Color) in
                    environment.graphics.top?.record(color.fillCommand())
                }
                c.method("setStroke") { (color: Color) in
                    environment.graphics.top?.record(color.strokeCommand())
                }

                c.method("isEqual") { (color: Color, other: BridgeObject?) -> Bool in
                    guard let other = other as? Color else { return false }
                    return (color.red, color.green, color.blue, color.alpha) == (
                        other.red, other.green, other.blue, other.alpha
                    )
                }
            }
        }
    }
}

extension Color.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
