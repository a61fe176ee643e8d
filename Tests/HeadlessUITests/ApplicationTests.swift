import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The application and its windows: which is key, which is in front, where touches go, and the
/// properties UIKit code sets that change nothing headlessly.
@Suite struct ApplicationTests {
    @Test func theApplicationKnowsItsWindowAndTheStatusBar() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local app = objc.UIApplication.sharedApplication
                return app.keyWindow == objc.UIApplication.sharedApplication.windows[1], #app.windows, app.statusBarFrame.size.height,
                       objc.UIScreen.mainScreen.applicationFrame.origin.y, objc.UIScreen.mainScreen.applicationFrame.size.height
                """) == [true, 1, 20, 20, 647])
        let tablet = try TestWorld(profile: .tablet)
        #expect(try tablet.run("return objc.UIApplication.sharedApplication.statusBarFrame.size.height") == [24])
    }

    /// The app delegate's class reaches the native classes, whose members reach the world's
    /// environment, which keeps the application: the world must let go of the delegate.
    @Test func aWorldWithAnAppDelegateIsFreedWithIt() throws {
        weak var application: Application?
        do {
            let t = try TestWorld()
            let made = try t.run(
                """
                local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
                function AppDelegate:application_didFinishLaunchingWithOptions(app, options)
                    self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
                    self.window.rootViewController = objc.UIViewController:new()
                    self.window:makeKeyAndVisible()
                    return true
                end
                return AppDelegate:new()
                """)
            let delegate = try #require(t.world.bridge.state.object(of: made[0], as: BridgeObject.self))
            try t.world.launch(delegate: delegate)
            application = t.world.application
            #expect(application?.delegate === delegate)
        }
        #expect(application == nil)
    }

    @Test func aWindowShownInFrontTakesTheTouchesOverItsFrame() throws {
        let t = try TestWorld()
        try t.run(
            """
            Sink = objc.NSObject:createSubclass "Sink"
            taps = {}
            function Sink:tapped(recognizer)
                local p = recognizer:locationInView(nil)
                taps[#taps + 1] = recognizer.view.tag .. "@" .. p.x .. "," .. p.y
            end
            Sink:declareActionMethod "tapped"
            sink = Sink:new()
            local main = objc.UIApplication.sharedApplication.keyWindow
            main.tag = 1
            main:addGestureRecognizer(objc.UITapGestureRecognizer:newWithTarget_action(sink, "tapped"))
            sheet = objc.UIWindow:newWithFrame(struct.CGRect(0, 400, 375, 267))
            sheet.tag = 2
            sheet:addGestureRecognizer(objc.UITapGestureRecognizer:newWithTarget_action(sink, "tapped"))
            hiddenFirst, listed = sheet.hidden, #objc.UIApplication.sharedApplication.windows
            simulate.tap { at = { x = 100, y = 500 } }
            sheet:makeKeyAndVisible()
            simulate.tap { at = { x = 100, y = 500 } }
            simulate.tap { at = { x = 100, y = 100 } }
            """)
        #expect(
            try t.run(
                "return hiddenFirst, listed, sheet.keyWindow, objc.UIApplication.sharedApplication.keyWindow == sheet")
                == [true, 2, true, true])
        // Hidden, the sheet took nothing; shown, it takes the touch in its own coordinates.
        #expect(try t.run("return table.concat(taps, ' ')") == ["1@100.0,500.0 2@100.0,100.0 1@100.0,100.0"])
    }

    @Test func aHigherLevelStaysInFrontAndAWindowNoOneKeepsGoesAway() throws {
        let t = try TestWorld()
        try t.run(
            """
            local levels = require "UIKit.UIWindow"
            alert = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
            alert.windowLevel = levels.UIWindowLevelAlert
            alert.hidden = false
            local other = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
            other:makeKeyAndVisible()
            local windows = objc.UIApplication.sharedApplication.windows
            front, count = windows[#windows] == alert, #windows
            """)
        #expect(try t.run("return front, count") == [true, 3])
        try t.run("collectgarbage() collectgarbage()")
        t.world.bridge.state.collectGarbage()
        #expect(
            try t.run(
                "return #objc.UIApplication.sharedApplication.windows, objc.UIApplication.sharedApplication.keyWindow")
                == [2, nil])
    }

    @Test func propertiesUIKitCodeSetsAreKeptAndTheTintIsInherited() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local parent, child = objc.UIView:new(), objc.UIView:new()
                parent:addSubview(child)
                child.opaque, child.translatesAutoresizingMaskIntoConstraints, child.exclusiveTouch = false, false, true
                local before = child.tintColor.components[3]
                parent.tintColor = objc.UIColor.redColor
                return child.opaque, child.translatesAutoresizingMaskIntoConstraints, child.exclusiveTouch, before,
                       child.tintColor == objc.UIColor.redColor
                """) == [false, false, true, 1, true])
        #expect(try t.run("return objc.UIViewController:new():initWithNibName_bundle(nil, nil) ~= nil") == [true])
        #expect(
            t.error("local _ = objc.UIViewController:new():initWithNibName_bundle('Main', nil).view").contains(
                "Could not load NIB in bundle: the program has no Main.xib"))
    }

    @Test func imagesByNameComeFromTheProgramAtTheScreensScale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("named-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        ImageTests.writePNG(folder.appendingPathComponent("star.png").path, width: 10, height: 10)
        ImageTests.writePNG(folder.appendingPathComponent("star@2x.png").path, width: 40, height: 40)
        ImageTests.writePNG(folder.appendingPathComponent("flat.png").path, width: 8, height: 6)
        let t = try TestWorld()
        t.world.useProgramFiles(
            ProgramFiles(root: folder, identifier: nil) { name in
                let url = folder.appendingPathComponent(name)
                return FileManager.default.fileExists(atPath: url.path) ? url : nil
            })
        #expect(
            try t.run("local star = objc.UIImage:imageNamed('star') return star.size.width, star.scale") == [20, 2])
        #expect(
            try t.run("return objc.UIImage:imageNamed('flat.png').size.width, objc.UIImage:imageNamed('none')") == [
                8, nil,
            ])
        #expect(try t.run("return objc.UIImage:imageNamed('../star')") == [nil])
    }
}
