/// The SDK frameworks whose headers binding modules are named after (`UIKit.UIView`).
enum SDKFrameworks {
    /// The framework of a type by its prefix, as Apple's SDK names them.
    static func framework(ofType name: String) -> String? {
        // UIKit's iOS 13 classes with Foundation's prefix.
        if uiKitNSPrefixes.contains(where: name.hasPrefix) { return "UIKit" }
        let prefixes = [("UI", "UIKit"), ("NS", "Foundation"), ("CA", "QuartzCore"), ("CG", "CoreGraphics")]
        return prefixes.first {
            name.count > 2 && name.hasPrefix($0.0) && name.dropFirst(2).first?.isUppercase == true
        }?.1
    }

    static let uiKitNSPrefixes = ["NSCollectionLayout", "NSDiffableDataSource"]

    /// Frameworks a CodeFlow or Bounces project may require modules of: a module of one of them
    /// that Rebound does not provide is named as such, not searched for as a file.
    static let known: Set<String> = [
        "UIKit", "Foundation", "QuartzCore", "CoreGraphics", "CoreText", "CoreImage", "CoreFoundation", "CoreAnimation",
        "CoreData", "CoreLocation", "CoreMotion", "CoreMedia", "AVFoundation", "AVKit", "SpriteKit", "SceneKit",
        "MapKit",
        "WebKit", "GLKit", "Metal", "MetalKit", "ImageIO", "Photos", "GameKit", "GameplayKit", "AudioToolbox",
        "Accelerate",
        "AddressBook", "Contacts", "EventKit", "MediaPlayer", "MessageUI", "Security", "SystemConfiguration",
        "WatchKit",
        "CoreBluetooth", "StoreKit", "Social", "Twitter", "iAd", "OpenGLES", "ObjectiveC",
    ]
}
