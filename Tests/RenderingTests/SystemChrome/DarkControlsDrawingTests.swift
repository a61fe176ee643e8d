import Foundation
import HeadlessUI
import Rendering
import Testing

/// Controls, the keyboard and alerts in dark appearance: their tracks, plates and keys take
/// UIKit's dark colours, and a text field's `keyboardAppearance` chooses the keyboard's look
/// whatever the app's.
@Suite struct DarkControlsDrawingTests {
    private func render(_ appearance: UserInterfaceStyle, _ script: String) throws -> PixelImage {
        try ControllerScreen.render(appearance, script)
    }

    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    /// Whether two colours are the same within the rounding of 8-bit compositing.
    private func near(_ found: [Int], _ expected: [Int]) -> Bool {
        zip(found, expected).allSatisfy { abs($0 - $1) <= 1 }
    }

    private func keyboard(_ appearance: UserInterfaceStyle, keyboardAppearance: Int = 0) throws -> PixelImage {
        try render(
            appearance,
            """
            local field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 300, 40))
            field.keyboardAppearance = \(keyboardAppearance)
            controller.view:addSubview(field)
            field:becomeFirstResponder()
            """)
    }

    @Test func theKeyboardFollowsTheAppearanceUnlessItsTraitsChooseOne() throws {
        // The return key at (296, 624); Q's key at (10, 460), clear of its letter; the
        // keyboard's background between the rows at (4, 500).
        let dark = try keyboard(.dark)
        #expect(color(dark, 296, 624) == [70, 70, 70], "a dark function key")
        #expect(color(dark, 10, 460) == [107, 107, 107], "a dark letter key")
        #expect(color(dark, 2, 500) == [43, 43, 43], "the dark keyboard's background")
        #expect(color(try keyboard(.dark, keyboardAppearance: 2), 296, 624) == [171, 177, 186], "light, asked for")
        #expect(color(try keyboard(.light, keyboardAppearance: 1), 296, 624) == [70, 70, 70], "dark, asked for")
        #expect(color(try keyboard(.light), 296, 624) == [171, 177, 186])
    }

    @Test func anAlertsBoxIsDarkInDarkAppearance() throws {
        let script = """
            local alert = objc.UIAlertController:alertControllerWithTitle_message_preferredStyle("Title", "A message", 1)
            alert:addAction(objc.UIAlertAction:actionWithTitle_style_handler("OK", 0, nil))
            controller:presentViewController_animated_completion(alert, false, nil)
            """
        // 60 points in from the screen's left edge is inside the 270-point box, clear of its text.
        let dark = color(try render(.dark, script), 60, 320)
        let light = color(try render(.light, script), 60, 320)
        #expect(dark.allSatisfy { $0 < 40 }, "a near-black box: \(dark)")
        #expect(light.allSatisfy { $0 > 200 }, "a near-white box: \(light)")
    }

    @Test func segmentsSwitchesAndSteppersTakeTheirDarkFills() throws {
        let script = """
            local segments = objc.UISegmentedControl:newWithItems { "One", "Two" }
            segments.selectedSegmentIndex = 1
            segments.frame = struct.CGRect(20, 100, 200, 32)
            controller.view:addSubview(segments)
            local switch = objc.UISwitch:new()
            switch.frame = struct.CGRect(20, 200, 51, 31)
            controller.view:addSubview(switch)
            local stepper = objc.UIStepper:new()
            stepper.frame = struct.CGRect(100, 200, 94, 32)
            controller.view:addSubview(stepper)
            """
        let dark = try render(.dark, script)
        let light = try render(.light, script)
        // The track of the first segment, its plate on the second: tertiarySystemFill over
        // black is 118 x 0.24, and the dark plate is systemGray2's (99, 99, 102).
        #expect(near(color(dark, 24, 104), [28, 28, 31]))
        #expect(color(dark, 130, 104) == [99, 99, 102])
        #expect(color(light, 130, 104) == [255, 255, 255])
        // The switch's off track past its thumb: secondarySystemFill, 120 x 0.32 over black.
        #expect(near(color(dark, 66, 215), [38, 38, 41]))
        #expect(near(color(light, 66, 215), [233, 233, 235]))
        // The stepper's plus is drawn in the label's colour: white in dark appearance.
        #expect(color(dark, 170.5, 216) == [255, 255, 255])
        #expect(color(light, 170.5, 216) == [0, 0, 0])
    }
}
