import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A resource that could not be delivered; the last good value stays.
struct ResourceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
