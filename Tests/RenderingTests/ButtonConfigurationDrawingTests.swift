import Foundation
import HeadlessUI
import Rendering
import Testing

/// Buttons with configurations as the renderer draws them: each style's background and title
/// colours in light and dark, the corner styles, and the disabled look.
@Suite struct ButtonConfigurationDrawingTests {
    /// The screen with a button of `style` at (20, 100), 200 x 50, titled "MMMM", after `setup`
    /// changed `configuration` (or `button`).
    private func button(
        _ style: String, _ appearance: UserInterfaceStyle = .light, setup: String = "", after: String = ""
    ) throws -> PixelImage {
        try ControllerScreen.render(
            appearance,
            """
            configuration = objc.UIButtonConfiguration:\(style)ButtonConfiguration()
            configuration.title = "MMMM"
            \(setup)
            button = objc.UIButton:buttonWithConfiguration_primaryAction(configuration, nil)
            button.frame = struct.CGRect(20, 100, 200, 50)
            controller.view:addSubview(button)
            \(after)
            """)
    }

    /// The colour at (x, y) in points, in 0-255.
    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    /// How many pixels of the button's text band are `test`.
    private func inkCount(_ image: PixelImage, _ test: ([Int]) -> Bool) -> Int {
        var found = 0
        for y in 230..<270 {
            for x in 100..<400 where test(color(image, Double(x) / 2, Double(y) / 2)) { found += 1 }
        }
        return found
    }

    private func near(_ a: [Int], _ b: [Int], within tolerance: Int = 3) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aFilledButtonIsTheTintWithWhiteText() throws {
        for (appearance, blue) in [(UserInterfaceStyle.light, [0, 122, 255]), (.dark, [10, 132, 255])] {
            let image = try button("filled", appearance)
            #expect(near(color(image, 25, 125), blue), "\(appearance)")
            #expect(inkCount(image) { $0.allSatisfy { $0 > 240 } } > 200, "\(appearance)")
        }
    }

    @Test func tintedAndGrayButtonsAreFaintFillsUnderTintedText() throws {
        // The tint at 15 % over white, and the tertiary fill (118, 118, 128 at 12 %) over white.
        let tinted = try button("tinted")
        #expect(near(color(tinted, 25, 125), [217, 235, 255]))
        #expect(inkCount(tinted) { $0[2] > 200 && $0[0] < 60 } > 200)
        let gray = try button("gray")
        #expect(near(color(gray, 25, 125), [239, 239, 240]))
        let darkGray = try button("gray", .dark)
        #expect(near(color(darkGray, 25, 125), [28, 28, 31]))
    }

    @Test func aPlainButtonHasNoBackground() throws {
        let image = try button("plain")
        #expect(color(image, 25, 125) == [255, 255, 255])
        #expect(inkCount(image) { $0[2] > 200 && $0[0] < 60 } > 200)
    }

    @Test func cornersAreRoundedAsTheStyleSays() throws {
        // 1 point in from the corner: outside a 6-point curve, inside a square one.
        let dynamic = try button("filled")
        #expect(color(dynamic, 20.5, 100.5) == [255, 255, 255])
        #expect(near(color(dynamic, 25, 103), [0, 122, 255]))
        let square = try button("filled", setup: "configuration.cornerStyle = -1")
        #expect(near(color(square, 20.5, 100.5), [0, 122, 255]))
        // A capsule's 25-point ends leave (26, 104) outside.
        let capsule = try button("filled", setup: "configuration.cornerStyle = 4")
        #expect(color(capsule, 26, 104) == [255, 255, 255])
        #expect(near(color(capsule, 45, 125), [0, 122, 255]))
    }

    @Test func aDisabledButtonIsGreyOnTheTertiaryFill() throws {
        let image = try button("filled", after: "button.enabled = false")
        #expect(near(color(image, 25, 125), [239, 239, 240]))
        #expect(inkCount(image) { near($0, [0, 122, 255], within: 40) } == 0)
        #expect(inkCount(image) { $0[0] < 225 && abs($0[0] - $0[2]) < 20 } > 100)
    }

    @Test func aBaseBackgroundColourReplacesTheTint() throws {
        let image = try button("filled", setup: "configuration.baseBackgroundColor = objc.UIColor.systemPinkColor")
        #expect(near(color(image, 25, 125), [255, 45, 85]))
    }
}
