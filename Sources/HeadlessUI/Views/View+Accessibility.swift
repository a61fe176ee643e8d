import Foundation
import ObjectBridge

/// What a script set of a view's accessibility: nil where it left UIKit's default.
public struct Accessibility: Sendable {
    public var label: String?
    public var identifier: String?
    public var hint: String?
    public var value: String?
    public var isElement: Bool?
    public var traits: Int?
}

/// `UIAccessibility`'s properties on views: stored, with UIKit's defaults where a script sets
/// none (labels, buttons and other controls are elements, read by their text or title, with the
/// static-text or button trait; image views have the image trait), listed by `--layout-json`
/// and found by `host.find { accessibilityIdentifier = ... }`, as UI tests find elements.
extension View {
    /// `UIAccessibilityTraits`, as UIAccessibilityConstants.h numbers them.
    static let traits: [(String, Int)] = [
        ("None", 0), ("Button", 1 << 0), ("Link", 1 << 1), ("Image", 1 << 2), ("Selected", 1 << 3),
        ("PlaysSound", 1 << 4), ("KeyboardKey", 1 << 5), ("StaticText", 1 << 6), ("SummaryElement", 1 << 7),
        ("NotEnabled", 1 << 8), ("UpdatesFrequently", 1 << 9), ("SearchField", 1 << 10),
        ("StartsMediaSession", 1 << 11), ("Adjustable", 1 << 12), ("AllowsDirectInteraction", 1 << 13),
        ("CausesPageTurn", 1 << 14), ("Header", 1 << 16),
    ]

    public var accessibilityLabel: String? {
        if let label = accessibility.label { return label }
        switch self {
        case let label as Label: return label.text
        case let button as Button: return button.currentTitle
        case let field as TextField: return field.placeholder
        default: return nil
        }
    }

    public var isAccessibilityElement: Bool {
        accessibility.isElement ?? (self is Label || self is Control)
    }

    public var accessibilityTraits: Int {
        if let traits = accessibility.traits { return traits }
        var traits = 0
        switch self {
        case is Button: traits = 1 << 0
        case is Label: traits = 1 << 6
        case is ImageView: traits = 1 << 2
        case is Slider, is Stepper: traits = 1 << 12
        default: break
        }
        if let control = self as? Control, !control.isEnabled { traits |= 1 << 8 }
        if let control = self as? Control, control.isSelected { traits |= 1 << 3 }
        return traits
    }

    static func addAccessibility(to c: NativeClassBuilder<View>) {
        c.property("accessibilityLabel", get: { $0.accessibilityLabel }, set: { $0.accessibility.label = $1 })
        c.property(
            "accessibilityIdentifier", get: { $0.accessibility.identifier }, set: { $0.accessibility.identifier = $1 })
        c.property("accessibilityHint", get: { $0.accessibility.hint }, set: { $0.accessibility.hint = $1 })
        c.property("accessibilityValue", get: { $0.accessibility.value }, set: { $0.accessibility.value = $1 })
        c.property(
            "isAccessibilityElement", get: { $0.isAccessibilityElement }, set: { $0.accessibility.isElement = $1 })
        c.property("accessibilityTraits", get: { $0.accessibilityTraits }, set: { $0.accessibility.traits = $1 })
    }

    /// UIAccessibilityConstants.h's traits, as `UIAccessibilityTraitButton` and so on.
    static var accessibilityModule: BindingModule {
        BindingModule(
            "UIKit.UIAccessibilityConstants", traits.map { ("UIAccessibilityTrait" + $0.0, .constant($0.1)) })
    }
}
