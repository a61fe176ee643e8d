import Foundation
import LiveHost
import LiveTestSupport
import LuaRuntime
import Testing

/// Starting from a main storyboard, as an app with `UIMainStoryboardFile` starts: its initial
/// view controller is the window's root before the app delegate launches.
@Suite(.serialized) struct MainStoryboardTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" \
        targetRuntime="iOS.CocoaTouch" initialViewController="first">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <viewController id="first" customClass="FirstController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <label text="From the storyboard" id="l1">
                                        <rect key="frame" x="20" y="80" width="300" height="21"/>
                                    </label>
                                </subviews>
                            </view>
                            <connections>
                                <outlet property="greeting" destination="l1" id="o1"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let firstController = """
        local FirstController = objc.UIViewController:createSubclass("FirstController")
        return FirstController
        """

    @Test func theAppDelegateLaunchesWithTheStoryboardsWindow() throws {
        let project = try LiveProject([
            "rebound.json": #"{"appDelegate": "AppDelegate", "mainStoryboard": "Main"}"#,
            "Main.storyboard": Self.storyboard,
            "FirstController.lua": Self.firstController,
            "AppDelegate.lua": """
            local AppDelegate = objc.NSObject:createSubclass("AppDelegate")
            AppDelegate:declareProtocol("UIApplicationDelegate")
            function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
                rootAtLaunch = self.window and self.window.rootViewController
                return true
            end
            return AppDelegate
            """,
        ])
        #expect(try project.value("rootAtLaunch ~= nil") == true)
        #expect(
            try project.value(
                "objc.UIApplication.sharedApplication.keyWindow.rootViewController.greeting.text")
                == "From the storyboard")
        #expect(project.events.filter(\.isError).isEmpty)
    }

    /// UIKit loads the initial controller's view when the window shows, after the delegate's
    /// launch methods: Celedev's TextKit sample extends the controller's class in Lua then, and
    /// its `viewDidLoad` is the extension's.
    @Test func theInitialControllersViewLoadsAfterTheDelegateLaunches() throws {
        let project = try LiveProject([
            "rebound.json": #"{"appDelegate": "AppDelegate", "mainStoryboard": "Main"}"#,
            "Main.storyboard": Self.storyboard,
            "FirstController.lua": Self.firstController,
            "FirstControllerExtension.lua": """
            local FirstController = class.extendClass(objc.FirstController)
            function FirstController:viewDidLoad()
                self[FirstController.superclass]:viewDidLoad()
                self.greeting.text = "Extended at launch, given " .. tostring(self.given)
            end
            return FirstController
            """,
            "AppDelegate.lua": """
            local AppDelegate = objc.NSObject:createSubclass("AppDelegate")
            AppDelegate:declareProtocol("UIApplicationDelegate")
            function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
                loadedAtLaunch = self.window.rootViewController.isViewLoaded
                require "FirstControllerExtension"
                self.window.rootViewController.given = 42
                return true
            end
            return AppDelegate
            """,
        ])
        #expect(try project.value("loadedAtLaunch") == false)
        #expect(
            try project.value("objc.UIApplication.sharedApplication.keyWindow.rootViewController.greeting.text")
                == "Extended at launch, given 42")
    }

    @Test func aStartModuleThatGivesNothingShowsTheStoryboard() throws {
        let project = try LiveProject([
            "rebound.json": #"{"mainStoryboard": "Main"}"#,
            "Main.storyboard": Self.storyboard,
            "FirstController.lua": Self.firstController,
            "main.lua": "-- the storyboard makes the screen\n",
        ])
        #expect(
            try project.value(
                "objc.UIApplication.sharedApplication.keyWindow.rootViewController.greeting.text")
                == "From the storyboard")
    }

    @Test func aStoryboardWithoutAnEntryPointIsUIKitsError() throws {
        let project = try LiveProject(
            [
                "rebound.json": #"{"mainStoryboard": "Main"}"#,
                "Main.storyboard": Self.storyboard.replacingOccurrences(
                    of: #" initialViewController="first""#, with: ""),
                "FirstController.lua": Self.firstController,
                "main.lua": "-- nothing\n",
            ])
        #expect(
            project.events.contains {
                $0.isError
                    && ($0.problem?.message.contains("Failed to instantiate the default view controller") ?? false)
            })
    }

    @Test func savingTheStoryboardPostsDidLoadResourceAndABrokenSaveKeepsTheLastGoodOne() throws {
        let project = try LiveProject([
            "rebound.json": #"{"mainStoryboard": "Main"}"#,
            "Main.storyboard": Self.storyboard,
            "FirstController.lua": """
            local FirstController = objc.UIViewController:createSubclass("FirstController")
            function FirstController:viewDidLoad()
                self:addMessageHandler("system.did_load_resource", function(self, _, name, kind)
                    loaded = name .. "." .. kind
                    local fresh = objc.UIStoryboard:storyboardWithName_bundle("Main", nil):instantiateInitialViewController()
                    local _ = fresh.view
                    freshText = fresh.greeting.text
                end)
            end
            return FirstController
            """,
            "main.lua": "-- the storyboard makes the screen\n",
        ])
        try project.save(
            "Main.storyboard", Self.storyboard.replacingOccurrences(of: "From the storyboard", with: "Saved again"),
            as: .renameOver)
        #expect(project.waitFor(.resource) == 1)
        #expect(try project.value("loaded") == "Main.storyboard")
        #expect(try project.value("freshText") == "Saved again")
        try project.save(
            "Main.storyboard", Self.storyboard.replacingOccurrences(of: "</scenes>", with: ""), as: .inPlace)
        project.waitFor(.problem(.resourceError))
        let message = try #require(project.events(.problem(.resourceError)).first?.problem?.message)
        #expect(message.hasPrefix("Main.storyboard:"), "\(message)")
        _ = try project.run(
            "local c = objc.UIStoryboard:storyboardWithName_bundle('Main', nil):instantiateInitialViewController() "
                + "local _ = c.view kept = c.greeting.text")
        #expect(try project.value("kept") == "Saved again")
    }

    /// A project with `mainStoryboard` and its classes' modules, and no start module, starts
    /// from the storyboard; saving the storyboard with no handler makes its controller again.
    @Test func aStoryboardOnlyProjectStartsAndASavedStoryboardRebuildsIt() throws {
        let project = try LiveProject([
            "rebound.json": #"{"mainStoryboard": "Main"}"#,
            "Main.storyboard": Self.storyboard,
            "FirstController.lua": Self.firstController,
        ])
        let root = "objc.UIApplication.sharedApplication.keyWindow.rootViewController"
        #expect(try project.value("\(root).greeting.text") == "From the storyboard")
        #expect(project.events.filter(\.isError).isEmpty, "\(project.events)")
        try project.save(
            "Main.storyboard", Self.storyboard.replacingOccurrences(of: "From the storyboard", with: "Saved again"),
            as: .renameOver)
        project.waitFor(.resource)
        #expect(try project.value("\(root).greeting.text") == "Saved again")
        #expect(
            project.events(.hint).contains {
                $0.text?.contains("Main.storyboard has no system.did_load_resource handler") ?? false
            })
    }
}
