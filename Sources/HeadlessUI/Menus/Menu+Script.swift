import Foundation
import ObjectBridge

/// Scripts' view of menus: UIMenuElement, UIAction, UIMenu, UIContextMenuConfiguration and
/// UIContextMenuInteraction with its delegate protocol.
enum MenusScript {
    static func elementClass() -> NativeClass {
        NativeClass("UIMenuElement", superclass: "NSObject", type: MenuElement.self, allocate: nil) { c in
            c.property("title") { (element: MenuElement) in element.title }
            c.property("subtitle", get: { $0.subtitle }, set: { $0.subtitle = $1 })
            c.property("image") { (element: MenuElement) in element.image }
            c.enumeration(
                cType: "UIMenuElementAttributes", constants: "UIMenuElementAttributes", module: "UIKit.UIMenuElement",
                [("Disabled", 1), ("Destructive", 2), ("Hidden", 4), ("KeepsMenuPresented", 8)])
            c.enumeration(
                cType: "UIMenuElementState", constants: "UIMenuElementState", module: "UIKit.UIMenuElement",
                [("Off", 0), ("On", 1), ("Mixed", -1)])
        }
    }

    static func actionClass() -> NativeClass {
        NativeClass("UIAction", superclass: "UIMenuElement", type: MenuAction.self, allocate: nil) { c in
            c.classMethod("actionWithHandler") { (handler: ScriptBlock) in
                MenuAction(title: "", image: nil, identifier: nil, handler: handler)
            }
            c.classMethod("actionWithTitle_image_identifier_handler") {
                (title: String, image: Image?, identifier: String?, handler: ScriptBlock) in
                MenuAction(title: title, image: image, identifier: identifier, handler: handler)
            }
            c.property("title", get: { $0.title }, set: { $0.title = $1 })
            c.property("image", get: { $0.image }, set: { $0.image = $1 })
            c.property("identifier") { (action: MenuAction) in action.identifier }
            c.property(
                "discoverabilityTitle", get: { $0.discoverabilityTitle }, set: { $0.discoverabilityTitle = $1 })
            c.property(
                "attributes", get: { $0.attributes.rawValue },
                set: { action, attributes in
                    guard attributes & ~15 == 0 else {
                        throw ScriptValueError("\(attributes) is not a UIMenuElementAttributes (a mask of 1, 2, 4, 8)")
                    }
                    action.attributes = MenuAction.Attributes(rawValue: attributes)
                })
            c.property(
                "state", get: { $0.state.rawValue },
                set: { action, state in
                    action.state = try Control.Script.choice(state, of: "UIMenuElementState (-1, 0 or 1)")
                })
            c.property("sender") { (action: MenuAction) in action.sender }
        }
    }

    static func menuClass() -> NativeClass {
        NativeClass("UIMenu", superclass: "UIMenuElement", type: Menu.self, allocate: nil) { c in
            c.classMethod("menuWithChildren") { (children: [MenuElement]) in
                Menu(title: "", image: nil, identifier: nil, options: [], children: children)
            }
            c.classMethod("menuWithTitle_children") { (title: String, children: [MenuElement]) in
                Menu(title: title, image: nil, identifier: nil, options: [], children: children)
            }
            c.classMethod("menuWithTitle_image_identifier_options_children") {
                (title: String, image: Image?, identifier: String?, options: Int, children: [MenuElement]) in
                guard options & ~(1 | 2 | 32 | 128) == 0 else {
                    throw ScriptValueError("\(options) is not a UIMenuOptions (a mask of 1, 2, 32, 128)")
                }
                return Menu(
                    title: title, image: image, identifier: identifier, options: Menu.Options(rawValue: options),
                    children: children)
            }
            c.property("identifier") { (menu: Menu) in menu.identifier }
            c.property("options") { (menu: Menu) in menu.options.rawValue }
            c.property("children") { (menu: Menu) in menu.children }
            c.method("menuByReplacingChildren") { (menu: Menu, children: [MenuElement]) in
                menu.replacingChildren(children)
            }
            c.enumeration(
                cType: "UIMenuOptions", constants: "UIMenuOptions", module: "UIKit.UIMenu",
                [("DisplayInline", 1), ("Destructive", 2), ("SingleSelection", 32), ("DisplayAsPalette", 128)])
        }
    }

    static func configurationClass() -> NativeClass {
        NativeClass(
            "UIContextMenuConfiguration", superclass: "NSObject", type: ContextMenuConfiguration.self, allocate: nil
        ) { c in
            c.classMethod("configurationWithIdentifier_previewProvider_actionProvider") {
                (identifier: AnyScriptValue, preview: ScriptBlock?, actions: ScriptBlock?) in
                ContextMenuConfiguration(identifier: identifier, previewProvider: preview, actionProvider: actions)
            }
            c.property("identifier") { (configuration: ContextMenuConfiguration) in configuration.identifier }
        }
    }

    static func interactionClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UIContextMenuInteraction", superclass: "NSObject", type: ContextMenuInteraction.self,
            allocate: { ContextMenuInteraction(environment: environment) }
        ) { c in
            c.method("initWithDelegate") { (interaction: ContextMenuInteraction, delegate: BridgeObject) in
                interaction.delegate = delegate
                return interaction
            }
            c.property("delegate") { (interaction: ContextMenuInteraction) in interaction.delegate }
            c.property("view") { (interaction: ContextMenuInteraction) in interaction.view }
            c.method("dismissMenu") { (interaction: ContextMenuInteraction) in interaction.dismissMenu() }
        }
    }
}

extension MenusScript: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { [ContextMenuInteraction.delegateProtocol] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [elementClass(), actionClass(), menuClass(), configurationClass(), interactionClass(environment)]
    }
}
