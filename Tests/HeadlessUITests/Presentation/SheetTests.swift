import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Sheets (UISheetPresentationController) on the phone profile: a 667-point window under a
/// 20-point status bar, so the large detent's top is at 30 and its value 637; the medium one is
/// half the window, 334 (rounded), with its top at 333.
@Suite struct SheetTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            log = {}
            controller = objc.UIViewController:new()
            button = objc.UIButton:buttonWithType(1)
            button.frame = struct.CGRect(20, 100, 100, 44)
            button:addAction_forControlEvents(objc.UIAction:actionWithHandler(function() log[#log + 1] = "tapped" end),
                require("UIKit.UIControl").Events.TouchUpInside)
            controller.view:addSubview(button)
            detail = objc.UIViewController:new()
            sheet = detail.sheetPresentationController
            Detent = objc.UISheetPresentationControllerDetent
            Identifiers = require "UIKit.UISheetPresentationController"
            SheetDelegate = objc.NSObject:createSubclass("SheetDelegate")
            SheetDelegate:declareProtocol("UISheetPresentationControllerDelegate")
            for _, name in ipairs { "sheetPresentationControllerDidChangeSelectedDetentIdentifier",
                    "presentationControllerWillDismiss", "presentationControllerDidDismiss",
                    "presentationControllerDidAttemptToDismiss" } do
                SheetDelegate[name] = function(self, sheet) log[#log + 1] = name end
            end
            delegate = SheetDelegate:new()
            sheet.delegate = delegate
            function top() return detail.view:convertPoint_toView(struct.CGPoint(0, 0), nil).y end
            function shownTop() return detail.view.superview.layer:presentationLayer().frame.origin.y end
            function dimming()
                local subviews = controller.view.window.subviews
                return subviews[#subviews - 1]
            end
            """)
        try t.show()
        return t
    }

    @Test func aCardIsASheetAtItsLargeDetentOverADimmedScreen() throws {
        let t = try world()
        try t.run("controller:presentViewController_animated_completion(detail, false, nil)")
        #expect(
            try t.run(
                "return #sheet.detents, sheet.detents[1].identifier, top(), dimming().alpha, sheet.presentedViewController == detail"
            ) == [1, .string(Identifiers.large), 30, 0.4, true])
        #expect(
            try t.run("return detail.view.frame.size.height, detail.view.superview.layer.cornerRadius") == [637, 10])
        try t.run("controller:dismissViewControllerAnimated_completion(false, nil)")
        #expect(try t.run("return #controller.view.window.subviews, detail.view.superview") == [1, nil])
    }

    enum Identifiers {
        static let large = "com.apple.UIKit.large"
        static let medium = "com.apple.UIKit.medium"
    }

    @Test func onlyPageAndFormSheetsHaveASheet() throws {
        let t = try world()
        #expect(
            try t.run(
                """
                local full = objc.UIViewController:new()
                full.modalPresentationStyle = objc.UIViewController.UIModalPresentation.FullScreen
                local form = objc.UIViewController:new()
                form.modalPresentationStyle = objc.UIViewController.UIModalPresentation.FormSheet
                return full.sheetPresentationController, form.sheetPresentationController ~= nil
                """) == [nil, true])
    }

    @Test func itRestsAtTheSmallestDetentAndMovesToTheSelectedOne() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = { Detent:largeDetent(), Detent:mediumDetent() }
            sheet.prefersGrabberVisible = true
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
        #expect(
            try t.run("return top(), detail.view.frame.size.height, detail.view.superview.subviews[2].hidden") == [
                333, 334, false,
            ])
        try t.run("sheet.selectedDetentIdentifier = Identifiers.UISheetPresentationControllerDetentIdentifierLarge")
        #expect(try t.run("return top(), shownTop()") == [30, 30])
        try t.run(
            """
            sheet:animateChanges(function()
                sheet.selectedDetentIdentifier = Identifiers.UISheetPresentationControllerDetentIdentifierMedium
            end)
            simulate.advance(0.1)
            """)
        let moving = try #require(try t.run("return shownTop()").first?.numberValue)
        #expect(moving > 30 && moving < 333)
        try t.run("simulate.advance(1)")
        #expect(try t.run("return top(), shownTop(), #log") == [333, 333, 0])
    }

    @Test func theLargestUndimmedDetentLeavesThePresenterUsable() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = { Detent:mediumDetent(), Detent:largeDetent() }
            sheet.largestUndimmedDetentIdentifier = Identifiers.UISheetPresentationControllerDetentIdentifierMedium
            controller:presentViewController_animated_completion(detail, false, nil)
            simulate.tap { at = { x = 60, y = 122 } }
            """)
        #expect(try t.run("return dimming().alpha, log[1]") == [0, "tapped"])
        try t.run(
            """
            sheet.selectedDetentIdentifier = Identifiers.UISheetPresentationControllerDetentIdentifierLarge
            simulate.tap { at = { x = 60, y = 20 } }
            log[#log + 1] = "sentinel"
            """)
        #expect(try t.run("return dimming().alpha, table.concat(log, ' ')") == [0.4, "tapped sentinel"])
    }

    @Test func aCustomDetentAsksItsResolver() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = {
                Detent:customDetentWithIdentifier_resolver("quarter", function(context) return context.maximumDetentValue / 4 end),
                Detent:customDetentWithIdentifier_resolver("never", function(context) return nil end),
                Detent:largeDetent(),
            }
            controller:presentViewController_animated_completion(detail, false, nil)
            """)
        #expect(try t.run("return top(), sheet.detents[1].identifier") == [.number(667 - 637.0 / 4), "quarter"])
        #expect(
            t.error(
                "sheet.detents = { Detent:customDetentWithIdentifier_resolver('bad', function() return 'tall' end) }"
            ).contains("the resolver of detent 'bad' returned a wrong value (number expected, got string)"))
        #expect(try t.run("return top(), #sheet.detents") == [.number(667 - 637.0 / 4), 3])
    }

    @Test func aDragMovesTheSheetBetweenDetentsAndDownAndAway() throws {
        let t = try world()
        try t.run(
            """
            sheet.detents = { Detent:mediumDetent(), Detent:largeDetent() }
            controller:presentViewController_animated_completion(detail, false, nil)
            simulate.drag { points = { { x = 180, y = 400 }, { x = 180, y = 300 }, { x = 180, y = 200 }, { x = 180, y = 150 }, { x = 180, y = 150 } } }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return top(), sheet.selectedDetentIdentifier, log[1]") == [
                30, .string(Identifiers.large), "sheetPresentationControllerDidChangeSelectedDetentIdentifier",
            ])
        try t.run(
            """
            log = {}
            simulate.drag { points = { { x = 180, y = 100 }, { x = 180, y = 300 }, { x = 180, y = 500 }, { x = 180, y = 650 }, { x = 180, y = 650 } } }
            simulate.advance(1)
            """)
        #expect(
            try t.run(
                "return table.concat(log, ' '), controller.presentedViewController, #controller.view.window.subviews")
                == ["presentationControllerWillDismiss presentationControllerDidDismiss", nil, 1])
    }

    @Test func aModalSheetGoesBackAndTheDelegateHearsTheAttempt() throws {
        let t = try world()
        try t.run(
            """
            detail.modalInPresentation = true
            controller:presentViewController_animated_completion(detail, false, nil)
            simulate.drag { points = { { x = 180, y = 100 }, { x = 180, y = 300 }, { x = 180, y = 500 }, { x = 180, y = 650 }, { x = 180, y = 650 } } }
            simulate.advance(1)
            """)
        #expect(
            try t.run("return log[1], top(), controller.presentedViewController == detail") == [
                "presentationControllerDidAttemptToDismiss", 30, true,
            ])
    }

    @Test func whatIsInASheetIsElevatedAndResolvesTheElevatedBackgrounds() throws {
        let t = try world()
        try t.run(
            """
            simulate.appearance("dark")
            controller:presentViewController_animated_completion(detail, false, nil)
            dark = objc.UITraitCollection:traitCollectionWithUserInterfaceStyle(2)
            function red(traits)
                return objc.UIColor.systemBackgroundColor:resolvedColorWithTraitCollection(traits).components[1] * 255
            end
            """)
        #expect(
            try t.run(
                "return detail.view.traitCollection.userInterfaceLevel, controller.view.traitCollection.userInterfaceLevel"
            ) == [1, 0])
        #expect(
            try t.run("return red(detail.view.traitCollection), red(controller.view.traitCollection), red(dark)") == [
                28, 0, 0,
            ])
    }

    /// A dynamic colour's provider gets the interface level too, and is asked again for the
    /// elevated look.
    @Test func aColourProviderSeesTheInterfaceLevel() throws {
        let t = try world()
        try t.run(
            """
            simulate.appearance("dark")
            controller:presentViewController_animated_completion(detail, false, nil)
            levels = {}
            card = objc.UIColor:colorWithDynamicProvider(function(traits)
                levels[#levels + 1] = traits.userInterfaceLevel
                return traits.userInterfaceLevel == 1 and objc.UIColor.redColor or objc.UIColor.blueColor
            end)
            function red(view) return card:resolvedColorWithTraitCollection(view.traitCollection).components[1] end
            """)
        #expect(try t.run("return red(detail.view), red(controller.view), table.concat(levels, ',')") == [1, 0, "1,0"])
    }

    @Test func badValuesAreErrorsThatNameThem() throws {
        let t = try world()
        #expect(t.error("sheet.detents = {}").contains("a sheet needs at least one detent"))
        #expect(
            t.error("sheet.detents = { Detent:largeDetent(), Detent:largeDetent() }").contains(
                "two detents have the identifier 'com.apple.UIKit.large'"))
        #expect(t.error("sheet.preferredCornerRadius = -1").contains("preferredCornerRadius must be 0 or more, got -1"))
    }
}
