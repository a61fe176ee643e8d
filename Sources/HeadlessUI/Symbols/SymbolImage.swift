import Foundation

/// What makes an image a system image: its SF Symbols name and the configuration it was drawn
/// with, so that `imageByApplyingSymbolConfiguration` can draw it again.
public struct SymbolImage {
    public let name: String
    public let configuration: SymbolConfiguration
}

extension Image {
    /// A symbol's square is this much larger than its font's point size: the icon font's
    /// glyphs fill a 24-unit square with 2 units of margin, and a 17-point SF symbol is some
    /// 20 points across. Rebound's reading; Apple publishes no box.
    static let symbolBoxPerPoint = 1.2

    /// `systemImageNamed`: the symbol of that name drawn with `configuration`, a template image
    /// (drawn in the tint of the view that shows it) unless the configuration gives colours.
    /// A name outside the map is nil, as in UIKit, with a notice once.
    static func system(named name: String, configuration: SymbolConfiguration?, _ environment: UIEnvironment) throws
        -> Image?
    {
        guard let iconName = SymbolNames.iconNames[name] else {
            environment.noticeOnce(
                "UIImage systemImageNamed: '\(name)' is not among the \(SymbolNames.iconNames.count) SF Symbols "
                    + "names Rebound draws (docs/guide/system-images.md lists them): nil, as UIKit gives for an unknown name"
            )
            return nil
        }
        let font = try SymbolFont.installed.get()
        guard let glyph = font.glyphs[iconName] else {
            environment.noticeOnce(
                "UIImage systemImageNamed: the icon font has no glyph '\(iconName)' for '\(name)': nil")
            return nil
        }
        let configuration = configuration ?? SymbolConfiguration()
        let screenScale = environment.screen.profile.scale
        let fontSize =
            configuration.fontSize(in: environment.screen.profile.contentSizeCategory)
            * SymbolConfiguration.Scale.factor(configuration.scale)
        let side = (fontSize * symbolBoxPerPoint * screenScale).rounded() / screenScale
        let drawing = Drawing(size: CGSize(width: side, height: side)) {
            $0.writeSymbol(glyph, side: side, weight: configuration.weight, environment.text)
        }
        let color = configuration.ownColor
        let image = Image(
            Image(drawing: drawing, scale: screenScale), renderingMode: color == nil ? 2 : 1,
            tint: color.map(DrawingColor.init))
        image.symbol = SymbolImage(name: name, configuration: configuration)
        return image
    }

    /// `imageByApplyingSymbolConfiguration`: a system image drawn again with `configuration`'s
    /// parts over its own; any other image as it is, as UIKit returns it.
    func applying(_ configuration: SymbolConfiguration, _ environment: UIEnvironment) throws -> Image {
        guard let symbol else { return self }
        return try Image.system(
            named: symbol.name, configuration: symbol.configuration.applying(configuration), environment) ?? self
    }
}

extension Drawing {
    /// The glyph centred in a `side`-point square, its em as large as the square. A weight over
    /// regular is drawn by repeating the glyph around a small circle, as the icon font has a
    /// single weight: bold thickens its strokes by some 3% of its size.
    fileprivate mutating func writeSymbol(_ glyph: Character, side: Double, weight: Int, _ text: TextEngine) {
        let font = Font(
            name: SymbolFont.family, family: SymbolFont.family, face: SymbolFont.family, pointSize: side, text: text)
        let box = CGRect(x: 0, y: 0, width: side, height: side)
        let black = Color(white: 0, alpha: 1)
        let spread = Double(max(0, weight - SymbolConfiguration.Weight.regular)) * side * 0.005
        guard spread > 0 else { return write(String(glyph), font, in: box, alignment: 1, black) }
        for step in 0..<8 {
            let angle = Double(step) * .pi / 4
            write(
                String(glyph), font, in: box.offsetBy(dx: cos(angle) * spread, dy: sin(angle) * spread), alignment: 1,
                black)
        }
    }
}
