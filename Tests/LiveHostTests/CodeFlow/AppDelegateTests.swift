import Foundation
import HeadlessUI
import LiveHost
import LiveTestSupport
import Testing

/// A project states its Xcode app's part in Lua: an app delegate module that makes the window,
/// the container the controllers go into, and the categories the code calls.
@Suite(.serialized) struct AppDelegateTests {
    static let delegate = """
        require "Sentinel"
        local DetailViewController = require "DetailViewController"
        local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
        AppDelegate:declareProtocol("UIApplicationDelegate")

        local NSLocale = class.extendClass(objc.NSLocale)
        function NSLocale.classMethod:newWithIdentifier(identifier)
            return self:newWithLocaleIdentifier(identifier)
        end

        local function observe(name)
            objc.NSNotificationCenter.defaultCenter:addObserverForName_object_queue_usingBlock(
                name, nil, nil, function() print("notification " .. name) end)
        end

        function AppDelegate:application_willFinishLaunchingWithOptions(application, options)
            print("willFinishLaunching")
            return true
        end

        function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
            print("didFinishLaunching " .. tostring(application == objc.UIApplication.sharedApplication))
            for _, name in ipairs { "UIApplicationDidFinishLaunchingNotification",
                "UIApplicationDidBecomeActiveNotification", "UIApplicationWillResignActiveNotification",
                "UIApplicationDidEnterBackgroundNotification", "UIApplicationWillTerminateNotification" } do
                observe(name)
            end
            self.launches = (self.launches or 0) + 1
            self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
            self.window.backgroundColor = objc.UIColor.whiteColor
            self.navController = objc.UINavigationController:newWithRootViewController(
                objc.DetailViewController:new())
            self.window.rootViewController = self.navController
            self.window:makeKeyAndVisible()
            return true
        end

        for _, step in ipairs { "applicationDidBecomeActive", "applicationWillResignActive",
            "applicationDidEnterBackground", "applicationWillTerminate" } do
            AppDelegate[step] = function(self, application) print(step) end
        end

        return AppDelegate
        """

    static let files = [
        "rebound.json": #"{"appDelegate": "AppDelegate"}"#,
        "AppDelegate.lua": delegate,
        "DetailViewController.lua": """
        local DetailViewController = class.createClass("DetailViewController", objc.UIViewController)
        function DetailViewController:viewDidLoad()
            self.view.backgroundColor = objc.UIColor.whiteColor
            self.title = "Detail"
            local delegate = objc.UIApplication.sharedApplication.delegate
            self.sameNavController = delegate.navController == self.navigationController
        end
        return DetailViewController
        """,
        "Sentinel.lua": "return 0\n",
    ]

    private static func prints(_ project: LiveProject) -> [String] {
        project.events(.print).compactMap(\.text)
    }

    @Test func theDelegateLaunchesTheAppInUIKitsOrder() throws {
        let project = try LiveProject(Self.files)
        #expect(project.events(.started).count == 1, "\(project.events)")
        #expect(
            Self.prints(project) == [
                "willFinishLaunching", "didFinishLaunching true",
                "notification UIApplicationDidFinishLaunchingNotification",
                "applicationDidBecomeActive", "notification UIApplicationDidBecomeActiveNotification",
            ])
        let world = project.world
        #expect(world.window.rootViewController is NavigationController)
        #expect(world.application.delegate?.scriptClass?.name == "AppDelegate")
        #expect(
            try project.value(
                "objc.UIApplication.sharedApplication.keyWindow.rootViewController.topViewController.sameNavController")
                == .boolean(true))
        #expect(try project.value("objc.NSLocale:newWithIdentifier('fr_FR').localeIdentifier") == .string("fr_FR"))
        #expect(try project.value("objc.DetailViewController == class.DetailViewController") == .boolean(true))
        #expect(
            try project.value("class.extendClass(objc.DetailViewController) == require 'DetailViewController'")
                == .boolean(true))
        // The host's own window stays out of sight: the delegate's is the only one drawn.
        #expect(world.application.visibleWindows.count == 1)
        try project.sentinel()
    }

    @Test func theAppEndsInUIKitsOrder() throws {
        let project = try LiveProject(Self.files)
        let launched = Self.prints(project).count
        project.host.stop()
        #expect(
            Array(Self.prints(project).dropFirst(launched)) == [
                "applicationWillResignActive", "notification UIApplicationWillResignActiveNotification",
                "applicationDidEnterBackground", "notification UIApplicationDidEnterBackgroundNotification",
                "applicationWillTerminate", "notification UIApplicationWillTerminateNotification",
            ])
    }

    @Test func theDelegateReloadsInPlaceAndARestartMakesANewOne() throws {
        let project = try LiveProject(Self.files)
        try project.run("objc.UIApplication.sharedApplication.delegate.mark = 'kept'")
        try project.save("AppDelegate.lua", Self.delegate + "\n-- saved\n", as: .inPlace)
        #expect(project.waitFor(.reloaded) >= 1)
        #expect(try project.value("objc.UIApplication.sharedApplication.delegate.mark") == .string("kept"))
        #expect(try project.value("objc.UIApplication.sharedApplication.delegate.launches") == .number(1))
        project.host.restart(reason: "test")
        #expect(project.events(.restarted).count == 1)
        #expect(try project.value("objc.UIApplication.sharedApplication.delegate.mark") == .nil)
        #expect(try project.value("objc.UIApplication.sharedApplication.delegate.launches") == .number(1))
        try project.sentinel()
    }

    @Test func aDelegateThatShowsNoWindowIsAnErrorThatSaysWhatToDo() throws {
        var files = Self.files
        files["AppDelegate.lua"] = """
            require "Sentinel"
            local AppDelegate = class.createClass("AppDelegate")
            function AppDelegate:application_didFinishLaunchingWithOptions(application, options)
                self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
                return true
            end
            return AppDelegate
            """
        let project = try LiveProject(files)
        let error = project.events(.problem(.runtimeError)).first?.problem?.message ?? ""
        #expect(error.contains("AppDelegate:application_didFinishLaunchingWithOptions showed no window"), "\(error)")
        #expect(error.contains("makeKeyAndVisible"), "\(error)")
    }

    @Test func theAppDelegateModuleMustGiveAnAppDelegate() throws {
        var files = Self.files
        files["rebound.json"] = #"{"appDelegate": "DetailViewController"}"#
        files["DetailViewController.lua"] = "require 'Sentinel'\n" + (files["DetailViewController.lua"] ?? "")
        let project = try LiveProject(files)
        let error = project.events(.problem(.runtimeError)).first?.problem?.message ?? ""
        #expect(
            error.contains(
                "the appDelegate module DetailViewController returned class DetailViewController, which is not an app delegate"
            ), "\(error)")
    }

    @Test func aStartModuleAndAnAppDelegateAreOneOrTheOther() throws {
        var files = Self.files
        files["rebound.json"] = #"{"appDelegate": "AppDelegate", "start": "DetailViewController"}"#
        #expect(throws: (any Error).self) { try LiveProject(files) }
        do {
            _ = try LiveProject(files)
        } catch {
            #expect("\(error)".contains("name either a start module or an appDelegate module, not both"), "\(error)")
        }
    }
}
