import Foundation
import HeadlessUI
import Rendering
import Testing

/// The keyboard and alerts as the device draws them: the keys carry their letters, the return
/// key reads what `returnKeyType` says (blue for an action), and an alert's box blurs what is
/// behind it.
@Suite struct KeyboardAndAlertDrawingTests {
    static func render(_ script: String) throws -> PixelImage {
        let world = try UIWorld(profile: .phone, services: ScreenRenderer.worldServices)
        try world.bridge.state.run(
            """
            local C = objc.UIViewController:createSubclass "C"
            controller = C:new()
            controller.view.backgroundColor = objc.UIColor.whiteColor
            objc.UIApplication.sharedApplication.keyWindow.rootViewController = controller
            """ + "\n" + script, chunkName: "=test")
        try world.layoutPass()
        try world.clock.advance(by: 1)
        try world.layoutPass()
        return try ScreenRenderer.render(world).pixels()
    }

    /// The colour at a point (in points) of the phone's 2x screen.
    static func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    /// Dark pixels in a rect (in points): a label's ink.
    static func ink(_ image: PixelImage, _ rect: CGRect) -> Int {
        var count = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where image.pixel(x: x, y: y)[0] < 100 { count += 1 }
        }
        return count
    }

    static func keyboard(returnKeyType: Int) throws -> PixelImage {
        try render(
            """
            local field = objc.UITextField:newWithFrame { x = 20, y = 100, width = 300, height = 40 }
            field.returnKeyType = \(returnKeyType)
            controller.view:addSubview(field)
            field:becomeFirstResponder()
            """)
    }

    @Test func theKeysCarryTheirLettersAndTheReturnKeyItsType() throws {
        // The phone's keyboard: 260 points at the bottom of 667, keys 42 points tall in rows
        // 54 apart below the 44-point suggestion bar; Q is the first key, return the last.
        let plain = try Self.keyboard(returnKeyType: 0)
        let q = CGRect(x: 8, y: 458, width: 27, height: 40)
        #expect(Self.ink(plain, q) > 40, "Q is written on its key")
        let returnKey = CGRect(x: 293, y: 620, width: 74, height: 40)
        #expect(Self.ink(plain, returnKey) > 40, "return")
        #expect(Self.color(plain, 296, 624) == [171, 177, 186], "a grey return key")
        let go = try Self.keyboard(returnKeyType: 1)
        #expect(Self.color(go, 296, 624) == [0, 122, 255], "go is an action: a blue key")
        #expect(Self.ink(plain, returnKey) != Self.ink(try Self.keyboard(returnKeyType: 9), returnKey), "done")
    }

    @Test func anAlertBlursWhatIsBehindIt() throws {
        let image = try Self.render(
            """
            for i = 0, 12 do
                local stripe = objc.UIView:newWithFrame { x = 0, y = i * 60, width = 375, height = 30 }
                stripe.backgroundColor = i % 2 == 0 and objc.UIColor.blueColor or objc.UIColor.redColor
                controller.view:addSubview(stripe)
            end
            local alert = objc.UIAlertController:alertControllerWithTitle_message_preferredStyle("Title", "A message", 1)
            alert:addAction(objc.UIAlertAction:actionWithTitle_style_handler("OK", 0, nil))
            controller:presentViewController_animated_completion(alert, false, nil)
            """)
        // The box's left edge is at 52.5 points and spans the red stripe at 300 and the blue
        // one at 360; 60 points in is clear of its text.
        let overRed = Self.color(image, 60, 315)
        let overBlue = Self.color(image, 60, 375)
        #expect(
            overRed[0] > overRed[2] && overBlue[2] > overBlue[0], "what is behind shows through: \(overRed) \(overBlue)"
        )
        let before = Self.color(image, 60, 328)
        let after = Self.color(image, 60, 332)
        #expect(abs(before[0] - after[0]) < 20, "the stripe's edge is blurred: \(before) \(after)")
    }
}
