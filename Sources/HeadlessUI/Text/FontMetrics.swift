import Foundation
import ObjectBridge

/// `UIFontMetrics`: scales a custom font or a length as a text style scales with the content
/// size category (`defaultMetrics` is the body style's).
public final class FontMetrics: BridgeObject {
    public let style: TextStyle

    init(style: TextStyle) { self.style = style }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            /// The category of `traits`, else the app's.
            func category(_ traits: TraitCollection?) -> ContentSizeCategory {
                traits?.preferredContentSizeCategory ?? environment.screen.profile.contentSizeCategory
            }
            return NativeClass("UIFontMetrics", superclass: "NSObject", type: FontMetrics.self, allocate: nil) { c in
                c.classProperty("defaultMetrics") { FontMetrics(style: .body) }
                c.classMethod("metricsForTextStyle") { (style: String) in
                    FontMetrics(style: try TextStyle.named(style, "UIFontMetrics metricsForTextStyle"))
                }
                c.method("scaledFontForFont") { (metrics: FontMetrics, font: Font) in
                    font.scaled(as: metrics.style, in: category(nil))
                }
                c.method("scaledFontForFont_compatibleWithTraitCollection") {
                    (metrics: FontMetrics, font: Font, traits: TraitCollection?) in
                    font.scaled(as: metrics.style, in: category(traits))
                }
                c.method("scaledFontForFont_maximumPointSize") {
                    (metrics: FontMetrics, font: Font, maximum: Double) in
                    let scaled = font.scaled(as: metrics.style, in: category(nil))
                    // UIKit: a maximum of 0 means none.
                    guard maximum > 0, scaled.pointSize > maximum else { return scaled }
                    return scaled.withSize(try Font.size(maximum))
                }
                c.method("scaledValueForValue") { (metrics: FontMetrics, value: Double) in
                    value * metrics.style.scale(in: category(nil))
                }
                c.method("scaledValueForValue_compatibleWithTraitCollection") {
                    (metrics: FontMetrics, value: Double, traits: TraitCollection?) in
                    value * metrics.style.scale(in: category(traits))
                }
            }
        }
    }
}

extension FontMetrics.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
