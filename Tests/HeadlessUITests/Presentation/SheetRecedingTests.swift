import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// The presenter behind a sheet at its large detent recedes (phone profile: a 375 × 667 window
/// under a 20-point status bar): scaled to 343 points wide, its top under the status bar, its
/// corners rounded, and the status bar light.
@Suite struct SheetRecedingTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            controller = objc.UIViewController:new()
            controller.view.backgroundColor = objc.UIColor.whiteColor
            detail = objc.UIViewController:new()
            sheet = detail.sheetPresentationController
            Detent = objc.UISheetPresentationControllerDetent
            Identifiers = require "UIKit.UISheetPresentationController"
            function presenter()
                local frame = controller.view.frame
                return frame.origin.x, frame.origin.y, frame.size.width, controller.view.layer.cornerRadius,
                    controller.view.clipsToBounds, objc.UIApplication.sharedApplication.statusBarStyle
            end
            """)
        try t.show()
        return t
    }

    var receded: [LuaValue] { [16, 20, 343, 10, true, 1] }
    var atRest: [LuaValue] { [0, 0, 375, 0, false, 0] }

    @Test func aCardRecedesItsPresenterAndGivesItBackOnDismissal() throws {
        let t = try world()
        try t.run("controller:presentViewController_animated_completion(detail, true, nil)")
        try t.run("simulate.advance(0.25)")
        let halfway = try #require(
            try t.run("return controller.view.layer:presentationLayer().frame.size.width").first?.numberValue)
        #expect(halfway > 343 && halfway < 375, "the presenter recedes as the card slides up")
        try t.run("simulate.advance(1)")
        #expect(try t.run("return presenter()") == receded)
        try t.run("controller:dismissViewControllerAnimated_completion(true, nil)")
        try t.run("simulate.advance(1)")
        #expect(try t.run("return presenter()") == atRest)
    }

    @Test func aSheetAtItsMediumDetentLeavesThePresenterUntilDraggedUp() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = { Detent:mediumDetent(), Detent:largeDetent() }
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
        #expect(try t.run("return presenter()") == atRest)
        try t.run(
            """
            sheet:animateChanges(function()
                sheet.selectedDetentIdentifier = Identifiers.UISheetPresentationControllerDetentIdentifierLarge
            end)
            simulate.advance(0.1)
            """)
        let moving = try #require(
            try t.run("return controller.view.layer:presentationLayer().frame.size.width").first?.numberValue)
        #expect(moving > 343 && moving < 375, "the presenter recedes as the sheet rises: \(moving)")
        try t.run("simulate.advance(1)")
        #expect(try t.run("return presenter()") == receded)
    }

    @Test func aSheetWhoseLargestDetentIsMediumNeverRecedesThePresenter() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = { Detent:mediumDetent() }
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
        #expect(try t.run("return presenter()") == atRest)
    }
}
