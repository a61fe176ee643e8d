import Foundation
import ObjectBridge

/// `NSNotification`: a name, the object that posted it, and a user info table.
public final class NotificationObject: BridgeObject {
    public let name: String
    public let object: BridgeObject?
    let userInfo: AnyScriptValue

    init(name: String, object: BridgeObject?, userInfo: AnyScriptValue) {
        (self.name, self.object, self.userInfo) = (name, object, userInfo)
        super.init()
        if let object { adopt(object) }
    }

    enum Script {
        static func nativeClass() -> NativeClass {
            NativeClass("NSNotification", superclass: "NSObject", type: NotificationObject.self, allocate: nil) { c in
                c.classMethod("notificationWithName_object_userInfo") {
                    (name: String, object: BridgeObject?, userInfo: AnyScriptValue) in
                    NotificationObject(name: name, object: object, userInfo: userInfo)
                }
                c.property("name") { (note: NotificationObject) in note.name }
                c.property("object") { (note: NotificationObject) in note.object }
                c.property("userInfo") { (note: NotificationObject) in note.userInfo }
            }
        }
    }
}

/// `NSNotificationCenter.defaultCenter`: observers by selector are held weakly, as Foundation
/// holds them (one that goes away stops hearing); observers by block are kept until removed
/// with the token `addObserverForName_object_queue_usingBlock` gives. A notification goes to
/// the observers whose name and object match (nil matches any), in the order they were added.
public final class NotificationCenterObject: BridgeObject {
    private struct Observer {
        @WeakObjectReference var observer: BridgeObject? = nil
        let selector: String?
        let block: ScriptBlock?
        let name: String?
        @WeakObjectReference var object: BridgeObject? = nil
        let filtersObject: Bool
    }

    private var observers: [Observer] = []

    func add(_ observer: BridgeObject, selector: String?, block: ScriptBlock?, name: String?, object: BridgeObject?) {
        observers.append(
            Observer(
                observer: observer, selector: selector, block: block, name: name, object: object,
                filtersObject: object != nil))
        if block != nil { adopt(observer) }  // the token of a block observer is kept until removed
    }

    /// Removes `observer`'s entries for `name` and `object` (nil: all of them).
    func remove(_ observer: BridgeObject, name: String?, object: BridgeObject?) {
        observers.removeAll { entry in
            guard entry.observer === observer, name == nil || entry.name == name,
                object == nil || entry.object === object
            else {
                return false
            }
            if entry.block != nil { abandon(observer) }
            return true
        }
    }

    /// Posts `name` from `object` with no user info, as UIKit's own classes post theirs.
    func post(_ name: String, from object: BridgeObject?) throws {
        // Each keystroke posts one: made only when someone may hear it.
        guard observers.contains(where: { $0.name == nil || $0.name == name }) else { return }
        try post(NotificationObject(name: name, object: object, userInfo: AnyScriptValue(nil)))
    }

    func post(_ note: NotificationObject) throws {
        observers.removeAll { $0.observer == nil || ($0.filtersObject && $0.object == nil) }
        guard let bridge else { return }
        for entry in observers {
            guard let observer = entry.observer, entry.name == nil || entry.name == note.name,
                !entry.filtersObject || entry.object === note.object
            else { continue }
            do {
                if let block = entry.block {
                    try bridge.call(block, note)
                } else if let selector = entry.selector {
                    try bridge.perform(selector, on: observer, note, what: "a notification observer")
                }
            } catch {
                bridge.report(error, during: "an observer of \(note.name)")
            }
        }
    }

    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "NSNotificationCenter", superclass: "NSObject", type: NotificationCenterObject.self, allocate: nil
            ) { c in
                c.classProperty("defaultCenter") { environment.notificationCenter }
                c.method("addObserver_selector_name_object") {
                    (
                        center: NotificationCenterObject, observer: BridgeObject, selector: Selector, name: String?,
                        object: BridgeObject?
                    ) in
                    try environment.bridge?.check(selector, of: observer, for: "a notification's selector")
                    center.add(observer, selector: selector.methodName, block: nil, name: name, object: object)
                }
                c.method("addObserverForName_object_queue_usingBlock") {
                    (
                        center: NotificationCenterObject, name: String?, object: BridgeObject?, _: BridgeObject?,
                        block: ScriptBlock
                    ) -> BridgeObject in
                    let token = BridgeObject()
                    center.add(token, selector: nil, block: block, name: name, object: object)
                    return token
                }
                c.method("postNotificationName_object_userInfo") {
                    (center: NotificationCenterObject, name: String, object: BridgeObject?, userInfo: AnyScriptValue) in
                    try center.post(NotificationObject(name: name, object: object, userInfo: userInfo))
                }
                c.method("postNotificationName_object") {
                    (center: NotificationCenterObject, name: String, object: BridgeObject?) in
                    try center.post(NotificationObject(name: name, object: object, userInfo: AnyScriptValue(nil)))
                }
                c.method("postNotification") { (center: NotificationCenterObject, note: NotificationObject) in
                    try center.post(note)
                }
                c.method("removeObserver") { (center: NotificationCenterObject, observer: BridgeObject) in
                    center.remove(observer, name: nil, object: nil)
                }
                c.method("removeObserver_name_object") {
                    (center: NotificationCenterObject, observer: BridgeObject, name: String?, object: BridgeObject?) in
                    center.remove(observer, name: name, object: object)
                }
            }
        }
    }
}

extension NotificationObject.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}

extension NotificationCenterObject.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
