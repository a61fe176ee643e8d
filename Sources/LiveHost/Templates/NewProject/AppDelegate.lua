-- The app delegate: what an Xcode app's Objective-C does around the Lua code, in Lua.
-- rebound.json names this module as "appDelegate"; Rebound makes one AppDelegate, sets it as
-- UIApplication.sharedApplication.delegate and calls application_didFinishLaunchingWithOptions.

local CollectionController = require "CollectionController"

local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
AppDelegate:declareProtocol("UIApplicationDelegate")

function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
    self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
    self.window.backgroundColor = objc.UIColor.whiteColor
    local collectionController = CollectionController:new()
    collectionController.title = "Items"
    self.navController = objc.UINavigationController:newWithRootViewController(collectionController)
    self.window.rootViewController = self.navController
    self.window:makeKeyAndVisible()
    return true
end

return AppDelegate
