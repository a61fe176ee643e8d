-- The app delegate: what an Xcode app's Objective-C does around the Lua code, in Lua. It makes
-- the window and a navigation controller, with large titles, around the searchable list.

local FruitsController = require "FruitsController"

local AppDelegate = class.createClass("AppDelegate", objc.UIResponder)
AppDelegate:declareProtocol("UIApplicationDelegate")

function AppDelegate:application_didFinishLaunchingWithOptions(application, launchOptions)
    self.window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
    self.navigationController = objc.UINavigationController:newWithRootViewController(FruitsController:new())
    self.navigationController.navigationBar.prefersLargeTitles = true
    self.window.rootViewController = self.navigationController
    self.window:makeKeyAndVisible()
    return true
end

return AppDelegate
