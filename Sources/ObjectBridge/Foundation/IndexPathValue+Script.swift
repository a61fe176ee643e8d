import Foundation
import LuaRuntime

extension IndexPathValue {
    /// Scripts' view of `IndexPathValue`: NSIndexPath, whose instances are values.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(values: IndexPathValue.self, superclass: "NSObject") { c in
                c.valueField("item", receiver: IndexPathValue.self, \.item)
                c.valueField("row", receiver: IndexPathValue.self, \.item)
                c.valueField("section", receiver: IndexPathValue.self, \.section)
                c.valueProperty("length", receiver: IndexPathValue.self) { _ in 2 }
                c.valueMethod("isEqual", receiver: IndexPathValue.self) {
                    (path: IndexPathValue, other: AnyScriptValue) in
                    path == other.value as? IndexPathValue
                }
                c.valueMethod("compare", receiver: IndexPathValue.self) {
                    (path: IndexPathValue, other: IndexPathValue) in
                    path < other ? -1 : path == other ? 0 : 1
                }
                c.valueConstructor("indexPathForItem_inSection", fields: [\IndexPathValue.item, \.section]) {
                    item, section in
                    try IndexPathValue(checkedItem: item, section: section)
                }
                c.valueConstructor("indexPathForRow_inSection", fields: [\IndexPathValue.item, \.section]) {
                    row, section in
                    try IndexPathValue(checkedItem: row, section: section)
                }
                c.metamethod("__eq") { call in
                    let equal =
                        (try? IndexPathValue.read(from: call, at: 1) == IndexPathValue.read(from: call, at: 2)) ?? false
                    try call.frame.push(equal)
                    return 1
                }
                c.metamethod("__tostring") { call in
                    let path = try IndexPathValue.read(from: call, at: 1)
                    try call.frame.push("<NSIndexPath section \(path.section), item \(path.item)>")
                    return 1
                }
                c.metamethod("__lt") { call in
                    guard let a = try? IndexPathValue.read(from: call, at: 1),
                        let b = try? IndexPathValue.read(from: call, at: 2)
                    else {
                        throw BridgeError("attempt to compare an NSIndexPath with \(call.describe(2))")
                    }
                    try call.frame.push(a < b)
                    return 1
                }
            }
        }
    }
}
