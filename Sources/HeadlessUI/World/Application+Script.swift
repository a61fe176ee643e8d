import Foundation
import ObjectBridge

extension Application {
    /// Scripts' view of `Application`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass("UIApplication", superclass: "UIResponder", type: Application.self, allocate: nil) { c in
                c.classProperty("sharedApplication") { environment.application }
                c.property("keyWindow") { (app: Application) in app.keyWindow }
                c.property("windows") { (app: Application) in app.windows }
                c.property("statusBarFrame") { (app: Application) in app.statusBarFrame }
                c.property(
                    "statusBarHidden", get: { !$0.showsStatusBar }, set: { $0.isStatusBarHidden = $1 })
                c.property("statusBarStyle") { (app: Application) in app.statusBarStyle }
                c.property("preferredContentSizeCategory") { (app: Application) in
                    app.screen.profile.contentSizeCategory.constant
                }
                c.property(
                    "networkActivityIndicatorVisible", get: { $0.isNetworkActivityIndicatorVisible },
                    set: { $0.isNetworkActivityIndicatorVisible = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("applicationState") { (_: Application) in 0 }  // UIApplicationStateActive
                c.property("statusBarOrientation") { (app: Application) in app.screen.profile.orientation.rawValue }
                c.enumeration(
                    "State", module: "UIKit.UIApplication", [("Active", 0), ("Inactive", 1), ("Background", 2)])
                c.enumeration(
                    cType: "UIInterfaceOrientation", constants: "UIInterfaceOrientation", module: "UIKit.UIApplication",
                    [
                        ("Unknown", 0), ("Portrait", 1), ("PortraitUpsideDown", 2), ("LandscapeLeft", 4),
                        ("LandscapeRight", 3),
                    ])
                c.enumeration(
                    cType: "UIInterfaceOrientationMask", constants: "UIInterfaceOrientationMask",
                    module: "UIKit.UIApplication",
                    [
                        ("Portrait", 2), ("LandscapeLeft", 16), ("LandscapeRight", 8), ("PortraitUpsideDown", 4),
                        ("Landscape", 24), ("All", 30), ("AllButUpsideDown", 26),
                    ])
            }
        }

        /// UIApplication.h's notification names.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UIApplication",
                UIWorld.ApplicationNotification.allCases.map { ($0.rawValue, .constant($0.rawValue)) })
        }
    }
}

extension Application.Script: WorldClasses {
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
