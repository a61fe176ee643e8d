import Foundation
import LuaRuntime
import ObjectBridge

/// A resource as scripts name it: `getResource("h2g2", "txt", ...)`.
struct ResourceKey: Hashable, Sendable {
    let name: String
    let type: String
}
