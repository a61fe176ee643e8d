import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Modal presentation as UIKit since iOS 13 does it: the style decides what the presented view
/// covers and whether the presenter hears of it; animated transitions run on the virtual clock.
@Suite struct PresentationTests {
    static let controllers = """
        log = {}
        Logged = objc.UIViewController:createSubclass("Logged")
        for _, name in ipairs { "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
            Logged[name] = function(self) log[#log + 1] = self.id .. "." .. name end
        end
        controller = Logged:new(); controller.id = "a"
        sheet = Logged:new(); sheet.id = "b"
        function logged() local text = table.concat(log, " ") log = {} return text end
        """

    func world(profile: DeviceProfile = .phone) throws -> TestWorld {
        let t = try TestWorld(profile: profile)
        try t.run(Self.controllers)
        try t.show()
        try t.run("logged()")
        return t
    }

    @Test func aFullScreenPresentationSlidesUpAndTakesThePresenterAway() throws {
        let t = try world()
        try t.run(
            """
            sheet.modalPresentationStyle = objc.UIViewController.UIModalPresentation.FullScreen
            controller:presentViewController_animated_completion(sheet, true, function() log[#log + 1] = "done" end)
            """)
        #expect(
            try t.run("return logged(), controller.presentedViewController == sheet") == [
                "b.viewWillAppear a.viewWillDisappear", true,
            ])
        try t.run("simulate.advance(0.25)")
        #expect(
            try t.run("local y = sheet.view.layer:presentationLayer().frame.origin.y return y > 0 and y < 667") == [
                true
            ])
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return logged(), sheet.view.frame.origin.y, controller.view.window") == [
                "b.viewDidAppear a.viewDidDisappear done", 0, nil,
            ])
        try t.run("sheet:dismissViewControllerAnimated_completion(true, nil)")
        #expect(
            try t.run("return logged(), controller.view.window ~= nil, controller.presentedViewController == sheet")
                == [
                    "b.viewWillDisappear a.viewWillAppear", true, true,
                ])
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return logged(), controller.presentedViewController, sheet.view.window") == [
                "b.viewDidDisappear a.viewDidAppear", nil, nil,
            ])
    }

    @Test func theDefaultStyleIsACardAndThePresenterHearsNothing() throws {
        let t = try world()
        try t.run("controller:presentViewController_animated_completion(sheet, false, nil)")
        #expect(
            try t.run(
                """
                local frame = sheet.view:convertRect_toView(sheet.view.bounds, nil)
                return logged(), sheet.modalPresentationStyle == objc.UIViewController.UIModalPresentation.Automatic,
                    frame.origin.y - objc.UIApplication.sharedApplication.statusBarFrame.size.height,
                    frame.size.height + frame.origin.y, controller.view.window ~= nil
                """) == ["b.viewWillAppear b.viewDidAppear", true, 10, 667, true])
        try t.run("controller:dismissViewControllerAnimated_completion(false, nil)")
        #expect(try t.run("return logged()") == ["b.viewWillDisappear b.viewDidDisappear"])
    }

    @Test func overFullScreenCoversTheScreenAndKeepsThePresenter() throws {
        let t = try world()
        try t.run(
            """
            sheet.modalPresentationStyle = objc.UIViewController.UIModalPresentation.OverFullScreen
            sheet.modalTransitionStyle = objc.UIViewController.UIModalTransitionStyle.CrossDissolve
            controller:presentViewController_animated_completion(sheet, true, nil)
            simulate.advance(0.25)
            """)
        #expect(
            try t.run(
                "local alpha = sheet.view.layer:presentationLayer().opacity return alpha > 0 and alpha < 1, sheet.view.frame.origin.y"
            ) == [true, 0])
        try t.run("simulate.advance(1)")
        #expect(
            try t.run("return logged(), controller.view.window ~= nil") == ["b.viewWillAppear b.viewDidAppear", true])
    }

    @Test func aTabletShowsSheetsAsAFormSheetInTheMiddle() throws {
        let t = try world(profile: .tablet)
        try t.run(
            "sheet.modalPresentationStyle = objc.UIViewController.UIModalPresentation.FormSheet controller:presentViewController_animated_completion(sheet, false, nil)"
        )
        #expect(
            try t.run(
                """
                local frame, screen = sheet.view.frame, objc.UIScreen.mainScreen.bounds
                return frame.size.width, frame.size.height, frame.origin.x + frame.size.width / 2 == screen.size.width / 2
                """) == [540, 620, true])
    }

    @Test func aPresentedViewTakenOffTheScreenIsStillDismissed() throws {
        let t = try world()
        try t.run(
            """
            sheet.modalPresentationStyle = objc.UIViewController.UIModalPresentation.FullScreen
            controller:presentViewController_animated_completion(sheet, false, nil)
            sheet.view:removeFromSuperview()
            controller:dismissViewControllerAnimated_completion(true, function() log[#log + 1] = "done" end)
            """)
        #expect(
            try t.run("return controller.presentedViewController, controller.view.window ~= nil, log[#log]") == [
                nil, true, "done",
            ])
    }

    @Test func aBadStyleIsAnErrorNamingIt() throws {
        let t = try world()
        #expect(t.error("sheet.modalPresentationStyle = 42").contains("42 is not a UIModalPresentationStyle"))
        #expect(t.error("sheet.modalTransitionStyle = -1").contains("-1 is not a UIModalTransitionStyle"))
        #expect(try t.run("return sheet.modalPresentationStyle") == [-2])
    }
}
