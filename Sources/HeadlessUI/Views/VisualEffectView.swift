import Foundation
import ObjectBridge

/// `UIVisualEffect`, `UIBlurEffect` and `UIVibrancyEffect`: what a visual effect view does to
/// what is behind it.
public class VisualEffect: BridgeObject {}

/// `UIBlurEffect`: the content behind blurred by `radius` points and washed with `tint`. The
/// numbers per style are Rebound's approximations of UIKit's look (Apple publishes none): the
/// light styles a white wash, the dark ones a near-black one, thin materials letting more through.
public final class BlurEffect: VisualEffect {
    /// `UIBlurEffectStyle`.
    public let style: Int

    init(style: Int) { self.style = style }

    /// `UIBlurEffectStyle`'s members.
    static let styles: [(String, Int)] = [
        ("ExtraLight", 0), ("Light", 1), ("Dark", 2), ("Regular", 4), ("Prominent", 5),
        ("SystemUltraThinMaterial", 6), ("SystemThinMaterial", 7), ("SystemMaterial", 8), ("SystemThickMaterial", 9),
        ("SystemChromeMaterial", 10), ("SystemUltraThinMaterialLight", 11), ("SystemThinMaterialLight", 12),
        ("SystemMaterialLight", 13), ("SystemThickMaterialLight", 14), ("SystemChromeMaterialLight", 15),
        ("SystemUltraThinMaterialDark", 16), ("SystemThinMaterialDark", 17), ("SystemMaterialDark", 18),
        ("SystemThickMaterialDark", 19), ("SystemChromeMaterialDark", 20),
    ]

    /// Whether a style's wash is white, near-black, or follows the appearance it is drawn in.
    enum Tone { case light, dark, adaptive }

    /// The styles and their looks: extraLight 0, light 1, dark 2, then regular 4 and prominent 5
    /// and the materials from iOS 13 (system ultra-thin 6 to chrome 10), which follow the
    /// appearance, and each material again always light (11 to 15) and always dark (16 to 20).
    /// The chrome material is the bars': its wash is the bars' light tint.
    static let looks: [Int: (radius: Double, tone: Tone, alpha: Double)] = {
        var looks: [Int: (radius: Double, tone: Tone, alpha: Double)] = [
            0: (20, .light, 0.8), 1: (30, .light, 0.3), 2: (20, .dark, 0.73), 4: (30, .adaptive, 0.3),
            5: (20, .adaptive, 0.8),
        ]
        let materials = [(20.0, 0.35), (25.0, 0.55), (30.0, 0.7), (30.0, 0.85), (30.0, 0.8)]
        for (index, (radius, alpha)) in materials.enumerated() {
            looks[6 + index] = (radius, .adaptive, alpha)
            looks[11 + index] = (radius, .light, alpha)
            looks[16 + index] = (radius, .dark, alpha)
        }
        return looks
    }()

    public var radius: Double { Self.looks[style]?.radius ?? 30 }
    public var tint: Color {
        let look = Self.looks[style] ?? (30, .adaptive, 0.3)
        let (light, dark) = (Color(white: 0.97, alpha: look.alpha), Color(white: 0.11, alpha: look.alpha))
        switch look.tone {
        case .light: return light
        case .dark: return dark
        case .adaptive: return Color(light: light, dark: dark)
        }
    }
}

/// `UIVibrancyEffect`: kept for its blur; its content is drawn plainly.
public final class VibrancyEffect: VisualEffect {
    public let blur: BlurEffect?

    init(blur: BlurEffect?) { self.blur = blur }
}

/// `UIVisualEffectView`: a blur effect blurs what is drawn behind it in pictures and washes it
/// with the style's tint; its `contentView`, which fills it, is drawn over that unblurred.
public final class VisualEffectView: View {
    public var effect: VisualEffect? { didSet { replaceOwned(oldValue, with: effect) } }
    public let contentView = View()

    init(effect: VisualEffect? = nil) {
        super.init()
        self.effect = effect
        replaceOwned(nil, with: effect)
        contentView.autoresizingMask = 2 | 16  // as wide and tall as the effect view
        try? addSubview(contentView)  // cannot fail: a new view is nobody's ancestor
    }

    /// The blur drawn behind it, if its effect is one.
    public var blur: BlurEffect? { effect as? BlurEffect }

    enum Script {
        static func nativeClasses() -> [NativeClass] {
            [
                NativeClass("UIVisualEffect", superclass: "NSObject", type: VisualEffect.self, allocate: nil) { _ in },
                NativeClass("UIBlurEffect", superclass: "UIVisualEffect", type: BlurEffect.self, allocate: nil) { c in
                    c.classMethod("effectWithStyle") { (style: Int) in
                        guard BlurEffect.looks[style] != nil else {
                            throw ScriptValueError(
                                "\(style) is not a UIBlurEffectStyle (0 to 2, 4 to 20: extraLight, light, dark, "
                                    + "regular, prominent, then the system materials)")
                        }
                        return BlurEffect(style: style)
                    }
                    c.property("style") { (effect: BlurEffect) in effect.style }
                    c.enumeration("Style", module: "UIKit.UIBlurEffect", BlurEffect.styles)
                },
                NativeClass(
                    "UIVibrancyEffect", superclass: "UIVisualEffect", type: VibrancyEffect.self, allocate: nil
                ) { c in
                    c.classMethod("effectForBlurEffect") { (blur: BlurEffect?) in VibrancyEffect(blur: blur) }
                },
                NativeClass(
                    "UIVisualEffectView", superclass: "UIView", type: VisualEffectView.self,
                    allocate: { VisualEffectView() }
                ) { c in
                    c.method("initWithEffect", overridable: true) {
                        (view: VisualEffectView, effect: VisualEffect?) -> VisualEffectView in
                        view.effect = effect
                        return view
                    }
                    c.property("effect", get: { $0.effect }, set: { $0.effect = $1 })
                    c.property("contentView") { (view: VisualEffectView) in view.contentView }
                },
            ]
        }
    }
}

extension VisualEffectView.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { nativeClasses() }
}
