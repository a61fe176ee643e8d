import Foundation
import ObjectBridge

/// `UIBarAppearance`: how a bar's background is drawn, as iOS 13 and later describe it: a
/// blur (`backgroundEffect`), a colour over it, an image over that, and a one-pixel shadow line
/// (`shadowColor`) along the edge that faces the content. The three `configureWith…` methods
/// set all of them at once, as UIKit does: the default is the bars' translucent material with
/// the hairline; opaque is the system background with the hairline; transparent is nothing.
/// Bars keep a copy of what they are given, as UIKit's copying properties do.
public class BarAppearance: BridgeObject {
    public var backgroundEffect: BlurEffect? { didSet { replaceOwned(oldValue, with: backgroundEffect) } }
    public var backgroundColor: Color? { didSet { replaceOwned(oldValue, with: backgroundColor) } }
    public var backgroundImage: Image? { didSet { replaceOwned(oldValue, with: backgroundImage) } }
    public var shadowColor: Color? { didSet { replaceOwned(oldValue, with: shadowColor) } }

    /// The blur style bars use: the system chrome material.
    static let chromeMaterial = 10

    public required override init() {
        super.init()
        configureWithDefaultBackground()
    }

    func configureWithDefaultBackground() {
        backgroundEffect = BlurEffect(style: Self.chromeMaterial)
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = Color.barHairline
    }

    func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = Color.systemBackground
        backgroundImage = nil
        shadowColor = Color.barHairline
    }

    func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = nil
    }

    /// Copies what every appearance has into `copy` (a subclass copies its own parts too).
    func copyBackground(into copy: BarAppearance) {
        copy.backgroundEffect = backgroundEffect
        copy.backgroundColor = backgroundColor
        copy.backgroundImage = backgroundImage
        copy.shadowColor = shadowColor
    }

    /// The standard appearance `bar` holds at `path`: UIKit's bars always have one, so the
    /// default one is made the first time it is asked for.
    static func standard<Bar: AnyObject, Appearance: BarAppearance>(
        of bar: Bar, at path: ReferenceWritableKeyPath<Bar, Appearance?>
    ) -> Appearance {
        if let appearance = bar[keyPath: path] { return appearance }
        let appearance = Appearance()
        bar[keyPath: path] = appearance
        return appearance
    }

    /// Draws the background over `area` and the shadow line along `shadow`, in that order.
    func draw(in drawing: inout Drawing, area: CGRect, shadow: CGRect) {
        if let backgroundEffect { drawing.fill(area, backgroundEffect.tint) }
        if let backgroundColor { drawing.fill(area, backgroundColor) }
        if let backgroundImage { drawing.draw(backgroundImage, in: area) }
        if let shadowColor { drawing.fill(shadow, shadowColor) }
    }
}

/// `UINavigationBarAppearance`: a bar appearance with the title's and the large title's text
/// attributes (font and foreground colour are drawn).
public final class NavigationBarAppearance: BarAppearance {
    public var titleTextAttributes: TextAttributes = [:]
    public var largeTitleTextAttributes: TextAttributes = [:]

    func copy() -> NavigationBarAppearance {
        let copy = NavigationBarAppearance()
        copyBackground(into: copy)
        copy.titleTextAttributes = titleTextAttributes
        copy.largeTitleTextAttributes = largeTitleTextAttributes
        return copy
    }

    /// The font and colour `attributes` give a title, when they give them.
    static func style(_ attributes: TextAttributes) -> (font: Font?, color: Color?) {
        (attributes["NSFont"]?.value as? Font, attributes["NSColor"]?.value as? Color)
    }
}
