import Foundation
import ObjectBridge

extension TabBarItem {
    /// Scripts' view of `TabBarItem`: the class the bridge registers for it.
    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("UITabBarItem", superclass: "NSObject", type: TabBarItem.self, allocate: { TabBarItem() }) {
                c in
                c.method("initWithTitle_image_tag", overridable: true) {
                    (item: TabBarItem, title: String?, image: Image?, tag: Int) -> TabBarItem in
                    (item.title, item.image, item.tag) = (title, image, tag)
                    return item
                }
                c.method("initWithTitle_image_selectedImage", overridable: true) {
                    (item: TabBarItem, title: String?, image: Image?, selected: Image?) -> TabBarItem in
                    (item.title, item.image, item.selectedImage) = (title, image, selected)
                    return item
                }
                c.property("title", get: { $0.title }, set: { $0.title = $1 })
                c.property("image", get: { $0.image }, set: { $0.image = $1 })
                c.property("selectedImage", get: { $0.selectedImage }, set: { $0.selectedImage = $1 })
                c.property("badgeValue", get: { $0.badgeValue }, set: { $0.badgeValue = $1 })
                c.property("badgeColor", get: { $0.badgeColor }, set: { $0.badgeColor = $1 })
                c.property("tag", get: { $0.tag }, set: { $0.tag = $1 })
            }
        }
    }
}

extension TabBarItem.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
