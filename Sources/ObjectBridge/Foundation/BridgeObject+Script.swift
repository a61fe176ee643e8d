import Foundation
import LuaRuntime

extension BridgeObject {
    /// Scripts' view of `BridgeObject`: the root class, NSObject.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass("NSObject", superclass: nil, type: BridgeObject.self, allocate: BridgeObject.init) { c in
                c.valueMethod("init", receiver: ScriptInstance.self) { $0 }
                c.method("isEqual") { (object: BridgeObject, other: BridgeObject?) in object === other }
                c.valueMethod("isKindOfClass", receiver: ScriptInstance.self) {
                    (instance: ScriptInstance, cls: ClassObject) in
                    instance.cls.isSubclass(of: cls)
                }
                c.valueMethod("respondsToSelector", receiver: ScriptInstance.self) {
                    (instance: ScriptInstance, selector: Selector) in
                    instance.cls.instanceMemberNames.contains(selector.methodName)
                }
                c.valueMethod("isMemberOfClass", receiver: ScriptInstance.self) {
                    (instance: ScriptInstance, cls: ClassObject) in
                    instance.cls === cls
                }
                c.valueMethod("conformsToProtocol", receiver: ScriptInstance.self) {
                    (instance: ScriptInstance, name: String) in
                    instance.cls.conforms(to: name)
                }
                c.valueProperty("description", receiver: ScriptInstance.self) { "<\($0.cls.name)>" }
                c.classMethod(
                    "isSubclassOfClass",
                    receivingClass: { (cls: ClassObject, other: ClassObject) in
                        cls.isSubclass(of: other)
                    })
                c.classMethod(
                    "conformsToProtocol",
                    receivingClass: { (cls: ClassObject, name: String) in
                        cls.conforms(to: name)
                    })
                c.classMethod(
                    "instancesRespondToSelector",
                    receivingClass: { (cls: ClassObject, selector: Selector) in
                        cls.instanceMemberNames.contains(selector.methodName)
                    })
            }
        }
    }
}
