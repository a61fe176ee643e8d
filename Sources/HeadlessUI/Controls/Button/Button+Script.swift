import Foundation
import ObjectBridge

extension Button {
    /// Scripts' view of `Button`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            func make(_ type: Int) -> Button {
                Button(type: type, touches: environment.touches, engine: environment.text)
            }
            return NativeClass("UIButton", superclass: "UIControl", type: Button.self, allocate: { make(0) }) { c in
                c.classMethod("buttonWithType") { (type: Int) -> Button in
                    guard types.contains(where: { $0.1 == type }) else {
                        throw ScriptValueError("\(type) is not a UIButtonType")
                    }
                    return make(type)
                }
                c.classMethod("buttonWithConfiguration_primaryAction") {
                    (configuration: ButtonConfiguration, action: MenuAction?) -> Button in
                    let button = make(1)
                    button.setConfiguration(configuration)
                    if let action { button.takePrimaryAction(action) }
                    return button
                }
                c.classMethod("buttonWithType_primaryAction") { (type: Int, action: MenuAction?) -> Button in
                    guard types.contains(where: { $0.1 == type }) else {
                        throw ScriptValueError("\(type) is not a UIButtonType")
                    }
                    let button = make(type)
                    if let action { button.takePrimaryAction(action) }
                    return button
                }
                c.property("menu", get: { $0.menuState.menu }, set: { $0.setMenu($1) })
                for (name, path) in [
                    ("showsMenuAsPrimaryAction", \Button.menuState.showsAsPrimaryAction),
                    ("changesSelectionAsPrimaryAction", \.menuState.changesSelection),
                ] {
                    c.property(
                        name, get: { $0[keyPath: path] },
                        set: { button, value in
                            button[keyPath: path] = value
                            button.menuDidChange()
                        })
                }
                c.property("buttonType") { (button: Button) in button.buttonType }
                c.property(
                    "configuration", get: { $0.configured.configuration?.copy() }, set: { $0.setConfiguration($1) })
                c.property(
                    "configurationUpdateHandler", get: { $0.configured.updateHandler },
                    set: { button, handler in
                        button.configured.updateHandler = handler
                        button.setNeedsUpdateConfiguration()
                    })
                c.property(
                    "automaticallyUpdatesConfiguration", get: { $0.configured.automaticallyUpdates },
                    set: { button, updates in
                        button.configured.automaticallyUpdates = updates
                        button.setNeedsUpdateConfiguration()
                    })
                c.method("setNeedsUpdateConfiguration") { (button: Button) in button.setNeedsUpdateConfiguration() }
                c.method("updateConfiguration") { (button: Button) in button.updateConfiguration() }
                c.property("titleLabel") { (button: Button) in button.titleLabel }
                c.property("imageView") { (button: Button) in button.imageView }
                c.method("setTitle_forState") { (button: Button, title: String?, state: Int) in
                    button.setTitle(title, for: state)
                }
                c.method("setAttributedTitle_forState") { (button: Button, title: AttributedText?, state: Int) in
                    button.setAttributedTitle(title, for: state)
                }
                c.method("attributedTitleForState") { (button: Button, state: Int) in
                    button.attributedTitle(for: state).map { $0.copied() }
                }
                c.property("currentAttributedTitle") { (button: Button) in
                    button.attributedTitle(for: button.state).map { $0.copied() }
                }
                c.method("setTitleColor_forState") { (button: Button, color: Color?, state: Int) in
                    button.setTitleColor(color, for: state)
                }
                c.method("setImage_forState") { (button: Button, image: Image?, state: Int) in
                    button.setImage(image, for: state)
                }
                c.method("setBackgroundImage_forState") { (button: Button, image: Image?, state: Int) in
                    button.setBackgroundImage(image, for: state)
                }
                c.method("titleForState") { (button: Button, state: Int) in button.title(for: state) }
                c.method("titleColorForState") { (button: Button, state: Int) in button.titleColor(for: state) }
                c.method("imageForState") { (button: Button, state: Int) in button.image(for: state) }
                c.method("backgroundImageForState") { (button: Button, state: Int) in button.backgroundImage(for: state)
                }
                c.property("currentTitle") { (button: Button) in button.currentTitle }
                c.property("currentTitleColor") { (button: Button) in button.currentTitleColor }
                c.property("currentImage") { (button: Button) in button.currentImage }
                c.property("currentBackgroundImage") { (button: Button) in button.currentBackgroundImage }
                c.property(
                    "contentEdgeInsets", get: { $0.contentEdgeInsets },
                    set: {
                        $0.contentEdgeInsets = try GeometryCheck.insets($1, "contentEdgeInsets")
                    })
                c.property(
                    "titleEdgeInsets", get: { $0.titleEdgeInsets },
                    set: {
                        $0.titleEdgeInsets = try GeometryCheck.insets($1, "titleEdgeInsets")
                    })
                c.property(
                    "imageEdgeInsets", get: { $0.imageEdgeInsets },
                    set: {
                        $0.imageEdgeInsets = try GeometryCheck.insets($1, "imageEdgeInsets")
                    })
                c.enumeration(
                    cType: "UIButtonType", constants: "UIButtonType", module: "UIKit.UIButton", aliases: ["ButtonType"],
                    types)
            }
        }
    }
}

extension Button.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
