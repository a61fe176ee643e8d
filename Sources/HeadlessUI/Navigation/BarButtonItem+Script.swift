import Foundation
import ObjectBridge

extension BarButtonItem {
    /// Scripts' view of `BarButtonItem`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UIBarButtonItem", superclass: "NSObject", type: BarButtonItem.self, allocate: { BarButtonItem() }
            ) { c in
                c.method("initWithTitle_style_target_action", overridable: true) {
                    (item: BarButtonItem, title: String?, style: Int, target: BridgeObject?, action: Selector?)
                        -> BarButtonItem in
                    try item.setTarget(target, action)
                    (item.title, item.style) = (title, style)
                    return item
                }
                c.method("initWithBarButtonSystemItem_target_action", overridable: true) {
                    (item: BarButtonItem, system: Int, target: BridgeObject?, action: Selector?) -> BarButtonItem in
                    try item.setTarget(target, action)
                    item.systemItem = try checkedSystemItem(system)
                    return item
                }
                c.method("initWithImage_style_target_action", overridable: true) {
                    (item: BarButtonItem, image: Image?, style: Int, target: BridgeObject?, action: Selector?)
                        -> BarButtonItem in
                    try item.setTarget(target, action)
                    (item.image, item.style) = (image, style)
                    return item
                }
                c.method("initWithPrimaryAction", overridable: true) {
                    (item: BarButtonItem, action: MenuAction?) -> BarButtonItem in
                    item.primaryAction = action
                    return item
                }
                c.method("initWithTitle_menu", overridable: true) {
                    (item: BarButtonItem, title: String?, menu: Menu?) -> BarButtonItem in
                    (item.title, item.menu) = (title, menu)
                    return item
                }
                c.method("initWithImage_menu", overridable: true) {
                    (item: BarButtonItem, image: Image?, menu: Menu?) -> BarButtonItem in
                    (item.image, item.menu) = (image, menu)
                    return item
                }
                c.method("initWithTitle_image_primaryAction_menu", overridable: true) {
                    (item: BarButtonItem, title: String?, image: Image?, action: MenuAction?, menu: Menu?)
                        -> BarButtonItem in
                    (item.title, item.image, item.primaryAction, item.menu) = (title, image, action, menu)
                    return item
                }
                c.method("initWithBarButtonSystemItem_primaryAction", overridable: true) {
                    (item: BarButtonItem, system: Int, action: MenuAction?) -> BarButtonItem in
                    item.systemItem = try checkedSystemItem(system)
                    item.primaryAction = action
                    return item
                }
                c.method("initWithBarButtonSystemItem_menu", overridable: true) {
                    (item: BarButtonItem, system: Int, menu: Menu?) -> BarButtonItem in
                    item.systemItem = try checkedSystemItem(system)
                    item.menu = menu
                    return item
                }
                c.method("initWithCustomView", overridable: true) {
                    (item: BarButtonItem, view: View) -> BarButtonItem in
                    item.customView = view
                    return item
                }
                c.property("title", get: { $0.title }, set: { $0.title = $1 })
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
                c.property("tintColor", get: { $0.tintColor }, set: { $0.tintColor = $1 })
                c.property("style", get: { $0.style }, set: { $0.style = $1 })
                c.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
                c.property("tag", get: { $0.tag }, set: { $0.tag = $1 })
                c.property("width", get: { $0.width }, set: { $0.width = try GeometryCheck.finite($1, "width") })
                c.property("customView", get: { $0.customView }, set: { $0.customView = $1 })
                c.property("target", get: { $0.target }, set: { $0.target = $1 })
                c.property("action", get: { $0.action }, set: { $0.action = $1 })
                c.property("primaryAction", get: { $0.primaryAction }, set: { $0.primaryAction = $1 })
                c.property("menu", get: { $0.menu }, set: { $0.menu = $1 })
                c.enumeration("Style", module: "UIKit.UIBarButtonItem", styles)
                c.enumeration(
                    cType: "UIBarButtonSystemItem", constants: "UIBarButtonSystemItem", module: "UIKit.UIBarButtonItem",
                    aliases: ["SystemItem"], systemItems)
            }
        }
    }
}

extension BarButtonItem.Script {
    /// A `UIBarButtonSystemItem` a script gave, refused by its value when it is none.
    fileprivate static func checkedSystemItem(_ system: Int) throws -> Int {
        guard BarButtonItem.systemItems.contains(where: { $0.1 == system }) else {
            throw ScriptValueError("\(system) is not a UIBarButtonSystemItem")
        }
        return system
    }
}

extension BarButtonItem {
    /// The target and action an initializer gives, the action checked against the target.
    fileprivate func setTarget(_ target: BridgeObject?, _ action: Selector?) throws {
        if let target, let action { try bridge?.check(action, of: target, for: "a bar button's action") }
        (self.target, self.action) = (target, action?.methodName)
    }
}

extension BarButtonItem.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
