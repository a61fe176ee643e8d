import Foundation
import ObjectBridge

/// `UIAlertAction`: a button of an alert or action sheet, with its title, its style and the
/// block that runs when it is chosen.
public final class AlertAction: BridgeObject {
    /// `UIAlertActionStyle`.
    enum Style: Int, NamedUIKitEnum {
        static let typeName = "UIAlertActionStyle"
        case `default` = 0
        case cancel, destructive

        var name: String {
            switch self {
            case .default: "Default"
            case .cancel: "Cancel"
            case .destructive: "Destructive"
            }
        }
    }

    public let title: String?
    let style: Style
    let handler: ScriptBlock?
    public var isEnabled = true

    init(title: String?, style: Style, handler: ScriptBlock?) {
        (self.title, self.style, self.handler) = (title, style, handler)
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UIAlertAction", superclass: "NSObject", type: AlertAction.self, allocate: nil) { c in
                // Not a trailing closure: a leading String? would read as `locating:`'s.
                c.classMethod(
                    "actionWithTitle_style_handler",
                    { (title: String?, style: Int, handler: ScriptBlock?) -> AlertAction in
                        AlertAction(title: title, style: try Style.checked(style), handler: handler)
                    })
                c.property("title") { (action: AlertAction) in action.title }
                c.property("style") { (action: AlertAction) in action.style.rawValue }
                c.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
                c.enumeration(
                    cType: "UIAlertActionStyle", constants: "UIAlertActionStyle", module: "UIKit.UIAlertController",
                    aliases: ["ActionStyle"], Style.members)
            }
        }
    }
}

extension AlertAction.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
