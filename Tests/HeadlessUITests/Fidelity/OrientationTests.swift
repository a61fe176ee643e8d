import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The device held in landscape, from the start or turned while the program runs, with the
/// calls UIKit code implements in UIKit's order.
@Suite struct OrientationTests {
    @Test func landscapeProfilesSwapTheScreensSidesAndAPhoneHidesItsStatusBar() throws {
        let phone = try DeviceProfile(parsing: "phone-landscape")
        #expect(phone.size == CGSize(width: 667, height: 375) && phone.orientation == .landscapeLeft)
        #expect(phone.statusBarHeight == 0 && DeviceProfile.phone.statusBarHeight == 20)
        #expect(phone.homeIndicatorHeight == 0)  // a home button
        let large = try DeviceProfile(parsing: "large-phone")
        #expect(large.homeIndicatorHeight == 34 && large.turned(to: .landscapeRight).homeIndicatorHeight == 21)
        #expect(try DeviceProfile(parsing: "tablet-landscape").homeIndicatorHeight == 20)
        let tablet = try DeviceProfile(parsing: "tablet-landscape")
        #expect(tablet.size == CGSize(width: 1366, height: 1024) && tablet.statusBarHeight == 24)
        let turned = DeviceProfile.phone.turned(to: .landscapeRight)
        #expect(turned.size == phone.size && turned.name == "phone" && turned.orientation == .landscapeRight)
        #expect(turned.turned(to: .portrait) == DeviceProfile.phone)
        #expect(try DeviceOrientation(parsing: "landscape") == .landscapeLeft)
        #expect(throws: UIError.self) { try DeviceOrientation(parsing: "sideways") }
    }

    /// A root controller and a view that log the calls they get.
    static let logging = """
        calls = {}
        local function log(text) calls[#calls + 1] = text end
        Root = class.createClass("Root", objc.UIViewController)
        function Root:supportedInterfaceOrientations() log("supported") return mask end
        function Root:willTransitionToTraitCollection_withTransitionCoordinator(traits, coordinator)
            log("willTransitionToTraits v" .. traits.verticalSizeClass)
            self[objc.UIViewController]:willTransitionToTraitCollection_withTransitionCoordinator(traits, coordinator)
        end
        function Root:willRotateToInterfaceOrientation_duration(orientation, duration)
            log("willRotate " .. orientation .. " " .. duration)
        end
        function Root:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator)
            log(string.format("willTransitionToSize %gx%g", size.width, size.height))
            self[objc.UIViewController]:viewWillTransitionToSize_withTransitionCoordinator(size, coordinator)
            coordinator:animateAlongsideTransition_completion(
                function(context) log(string.format("alongside %g", self.view.bounds.size.width)) end,
                function(context) log("completion " .. context.transitionDuration) end)
        end
        function Root:willAnimateRotationToInterfaceOrientation_duration(orientation) log("willAnimate " .. orientation) end
        function Root:traitCollectionDidChange(previous)
            log("traitsDidChange " .. previous.verticalSizeClass .. "->" .. self.traitCollection.verticalSizeClass)
        end
        function Root:didRotateFromInterfaceOrientation(from) log("didRotate from " .. from) end
        Panel = class.createClass("Panel", objc.UIView)
        function Panel:traitCollectionDidChange(previous) log("panel traitsDidChange") end
        function Root:viewDidLoad() self.view:addSubview(objc.Panel:new()) end
        objc.NSNotificationCenter.defaultCenter:addObserverForName_object_queue_usingBlock(
            "UIDeviceOrientationDidChangeNotification", nil, nil,
            function() log("device " .. objc.UIDevice.currentDevice.orientation) end)
        root = objc.Root:new()
        """

    static func world(mask: Int) throws -> TestWorld {
        let t = try TestWorld()
        try t.run("mask = \(mask)\n" + logging)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return root")[0], as: ViewController.self)))
        return t
    }

    @Test func turningTheDeviceTurnsTheInterfaceWithUIKitsCallsInOrder() throws {
        let t = try Self.world(mask: 30)
        try t.run("calls = {} simulate.deviceOrientation('landscapeLeft')")
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                .string(
                    "device 3; supported; willTransitionToTraits v1; willTransitionToSize 667x375; willRotate 3 0.4; "
                        + "traitsDidChange 2->1; panel traitsDidChange; willAnimate 3; alongside 667; didRotate from 1; "
                        + "completion 0.4")
            ])
        #expect(
            try t.run(
                """
                local bounds = objc.UIScreen.mainScreen.bounds
                return bounds.size.width, bounds.size.height, root.view.frame.size.width, root.view.frame.size.height,
                    objc.UIApplication.sharedApplication.statusBarOrientation, root.interfaceOrientation,
                    objc.UIApplication.sharedApplication.statusBarFrame.size.height
                """) == [667, 375, 667, 375, 3, 3, 0])
        try t.run("calls = {} simulate.deviceOrientation('landscapeRight')")
        #expect(
            try t.run("return table.concat(calls, '; ')") == [
                .string(
                    "device 4; supported; willTransitionToSize 667x375; willRotate 4 0.4; willAnimate 4; "
                        + "alongside 667; didRotate from 3; completion 0.4")
            ])
        try t.run("calls = {} simulate.deviceOrientation('portrait')")
        #expect(try t.run("return objc.UIScreen.mainScreen.bounds.size.width, #calls > 3") == [375, true])
        #expect(t.errors.isEmpty)
    }

    @Test func anOrientationTheAppDoesNotSupportTurnsOnlyTheDevice() throws {
        let t = try Self.world(mask: 2)  // portrait only
        try t.run("calls = {} simulate.deviceOrientation('landscapeLeft')")
        #expect(try t.run("return table.concat(calls, '; ')") == ["device 3; supported"])
        #expect(
            try t.run(
                "return objc.UIDevice.currentDevice.orientation, objc.UIScreen.mainScreen.bounds.size.width,"
                    + " root.view.traitCollection.verticalSizeClass") == [3, 375, 2])
        let upsideDown = try Self.world(mask: 26)  // UIKit's default on a phone
        try upsideDown.run("calls = {} simulate.deviceOrientation('portraitUpsideDown')")
        #expect(try upsideDown.run("return table.concat(calls, '; ')") == ["device 2; supported"])
    }

    @Test func aNavigationControllerLaysItsBarAndTopViewOutAgain() throws {
        let t = try TestWorld()
        try t.run("nav = objc.UINavigationController:newWithRootViewController(objc.UITableViewController:new())")
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return nav")[0], as: ViewController.self)))
        try t.run("simulate.deviceOrientation('landscapeLeft')")
        #expect(
            try t.run(
                """
                local bar, table = nav.navigationBar.frame, nav.topViewController.view
                return bar.origin.y, bar.size.width, table.frame.size.width, table.frame.size.height,
                    table.adjustedContentInset.top
                """) == [0, 667, 667, 375, 44])
    }

    /// The coordinator reaches scripts, and its blocks call them: it must not keep the world.
    @Test func aWorldThatTurnedIsFreedWithIt() throws {
        weak var application: Application?
        do {
            let t = try Self.world(mask: 30)
            try t.run("simulate.deviceOrientation('landscapeLeft')")
            application = t.world.application
        }
        #expect(application == nil)
    }

    @Test func aWrongOrientationIsAnErrorThatNamesIt() throws {
        let t = try TestWorld()
        #expect(t.error("simulate.deviceOrientation('sideways')").contains("'sideways' is not an orientation"))
        #expect(t.error("simulate.deviceOrientation(3)").contains("expects an orientation's name"))
    }

    @Test func aProgramStartedInLandscapeSeesItAllAlong() throws {
        let t = try TestWorld(profile: try DeviceProfile(parsing: "phone-landscape"))
        #expect(
            try t.run(
                """
                local UIApplication = require "UIKit.UIApplication"
                return objc.UIDevice.currentDevice.orientation, objc.UIScreen.mainScreen.bounds.size.width,
                    UIApplication.UIInterfaceOrientationMask.Landscape, objc.UIViewController:new().traitCollection.verticalSizeClass
                """) == [3, 667, 24, 1])
    }
}
