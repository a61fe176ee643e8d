import LuaRuntime

/// The receiver of NSObject's own methods, which values answer too: an object or a value,
/// with its class.
struct ScriptInstance: ScriptConvertible {
    let cls: ClassObject
    /// The object, or the value.
    let instance: any ScriptConvertible

    var object: BridgeObject? { instance as? BridgeObject }

    static var scriptType: ScriptType { .object("NSObject") }

    static func read(from call: BridgeCall, at position: Int32) throws -> ScriptInstance {
        if let object = call.frame.object(position, as: BridgeObject.self) {
            return ScriptInstance(cls: try call.bridge.classObject(for: object), instance: object)
        }
        if let (cls, kind) = call.bridge.valueClass(at: position, in: call.frame) {
            return ScriptInstance(cls: cls, instance: try kind.read(call, position))
        }
        throw call.mismatch(scriptType, at: position)
    }

    func push(to call: BridgeCall) throws { try instance.push(to: call) }
}
