import Foundation
import HeadlessUI
import Rendering
import Testing

/// Sheets as the renderer draws them: the presenter dimmed behind, the sheet's rounded top
/// corners and grabber, and in dark appearance the lighter elevated backgrounds.
@Suite struct SheetDrawingTests {
    /// A white (or black, in dark) screen presenting a controller whose view is
    /// `systemBackgroundColor`, at the medium detent with a grabber.
    private func sheet(_ appearance: UserInterfaceStyle) throws -> PixelImage {
        try ControllerScreen.render(
            appearance,
            """
            local detail = objc.UIViewController:new()
            detail.view.backgroundColor = objc.UIColor.systemBackgroundColor
            local sheet = detail.sheetPresentationController
            sheet.detents = { objc.UISheetPresentationControllerDetent:mediumDetent() }
            sheet.prefersGrabberVisible = true
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
    }

    private func color(_ image: PixelImage, _ x: Double, _ y: Double) -> [Int] {
        image.pixel(x: Int(x * 2), y: Int(y * 2)).prefix(3).map(Int.init)
    }

    @Test func theScreenBehindIsDimmedAndTheSheetHasRoundedCornersAndAGrabber() throws {
        let light = try sheet(.light)
        // White under black at 40 %.
        #expect(color(light, 180, 200).allSatisfy { abs($0 - 153) <= 1 }, "\(color(light, 180, 200))")
        #expect(color(light, 180, 500) == [255, 255, 255])
        // The top corner is cut: its very corner shows the dimmed screen.
        #expect(color(light, 0.5, 333.5).allSatisfy { abs($0 - 153) <= 2 }, "\(color(light, 0.5, 333.5))")
        // The grabber: tertiary label over white, 5 points down, centred.
        let grabber = color(light, 187.5, 340.5)
        #expect(grabber.allSatisfy { $0 < 230 && $0 > 170 }, "\(grabber)")
    }

    @Test func inDarkTheSheetIsElevated() throws {
        let dark = try sheet(.dark)
        #expect(color(dark, 180, 500) == [28, 28, 30], "systemBackground in elevated content")
        #expect(color(dark, 180, 200) == [0, 0, 0])
    }

    @Test func aLargeSheetRecedesThePresenterOverBlack() throws {
        let image = try ControllerScreen.render(
            .light,
            """
            local detail = objc.UIViewController:new()
            detail.view.backgroundColor = objc.UIColor.systemBackgroundColor
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
        // Beside the receded presenter (16 points in from each side) the screen is black.
        #expect(color(image, 8, 25) == [0, 0, 0])
        // Its top shows between the status bar (20) and the card (30), white dimmed at 40 %.
        #expect(color(image, 180, 25).allSatisfy { abs($0 - 153) <= 1 }, "\(color(image, 180, 25))")
        // Its top corner is rounded: the very corner is black.
        #expect(color(image, 16.5, 20.5) == [0, 0, 0])
    }
}
