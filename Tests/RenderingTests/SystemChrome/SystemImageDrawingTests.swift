import Foundation
import HeadlessUI
import Rendering
import Testing

/// System images as the screen shows them: every name of the map draws a glyph, a template
/// symbol takes its view's tint, and a palette colours it whatever the tint.
@Suite struct SystemImageDrawingTests {
    private func render(_ script: String) throws -> PixelImage {
        try ControllerScreen.render(background: "whiteColor", script)
    }

    /// The pixels in a rect (in points) of the 2x screen that are not white.
    private func ink(_ image: PixelImage, _ rect: CGRect) -> Int {
        var count = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where image.pixel(x: x, y: y)[0] < 200 { count += 1 }
        }
        return count
    }

    @Test func everyNameOfTheMapDrawsAGlyph() throws {
        // 20 to a row, 16 points each in 18-point cells, as many screens as the map needs.
        let names = SymbolNames.iconNames.keys.sorted()
        let perScreen = 20 * 34
        for start in stride(from: 0, to: names.count, by: perScreen) {
            let page = Array(names[start..<min(start + perScreen, names.count)])
            let list = page.map { "'\($0)'" }.joined(separator: ", ")
            let image = try render(
                """
                for i, name in ipairs { \(list) } do
                    local symbol = objc.UIImage:systemImageNamed(name)
                    assert(symbol, name .. " has no image")
                    local view = objc.UIImageView:newWithImage(symbol)
                    view.tintColor = objc.UIColor.blackColor
                    view.frame = struct.CGRect(((i - 1) % 20) * 18 + 1, 30 + ((i - 1) // 20) * 18 + 1, 16, 16)
                    controller.view:addSubview(view)
                end
                """)
            for (offset, name) in page.enumerated() {
                let cell = CGRect(
                    x: Double(offset % 20) * 18 + 1, y: 30 + Double(offset / 20) * 18 + 1, width: 16, height: 16)
                #expect(ink(image, cell) > 12, "\(name) draws nothing")
            }
        }
    }

    @Test func aTemplateSymbolTakesItsViewsTintAndAPaletteItsOwnColour() throws {
        let image = try render(
            """
            local heart = objc.UIImageView:newWithImage(objc.UIImage:systemImageNamed('heart.fill'))
            heart.frame = struct.CGRect(20, 100, 41, 41)
            heart.tintColor = objc.UIColor.systemRedColor
            controller.view:addSubview(heart)
            local palette = objc.UIImageSymbolConfiguration:configurationWithPaletteColors { objc.UIColor.systemGreenColor }
            local star = objc.UIImageView:newWithImage(objc.UIImage:systemImageNamed_withConfiguration('heart.fill', palette))
            star.frame = struct.CGRect(100, 100, 41, 41)
            star.tintColor = objc.UIColor.systemRedColor
            controller.view:addSubview(star)
            """)
        // The heart's middle, a little above the square's centre.
        #expect(Array(image.pixel(x: 81, y: 236).prefix(3)) == [255, 59, 48])
        #expect(Array(image.pixel(x: 241, y: 236).prefix(3)) == [52, 199, 89])
    }
}
