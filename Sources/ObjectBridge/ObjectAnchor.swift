import Logging
import LuaRuntime

/// A host root: an object whose userdata stays alive while the anchor does. Every object
/// the root owns natively (through `adopt`) stays alive with it, script fields included.
public final class ObjectAnchor {
    public let object: BridgeObject
    /// The registry reference that keeps the userdata.
    private let value: LuaValue

    init(object: BridgeObject, value: LuaValue) {
        self.object = object
        self.value = value
    }
}
