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
                c.property("statusBarHidden", get: { $0.isStatusBarHidden }, set: { $0.isStatusBarHidden = $1 })
                c.property(
                    "networkActivityIndicatorVisible", get: { $0.isNetworkActivityIndicatorVisible },
                    set: { $0.isNetworkActivityIndicatorVisible = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("applicationState") { (_: Application) in 0 }  // UIApplicationStateActive
                c.enumeration(
                    "State", module: "UIKit.UIApplication", [("Active", 0), ("Inactive", 1), ("Background", 2)])
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
