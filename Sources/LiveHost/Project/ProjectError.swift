import Foundation
import LuaRuntime
import ObjectBridge

/// A project that cannot be run as it is; the message says what to change.
public struct ProjectError: UserFacingError {
    public let description: String
    public init(_ description: String) { self.description = description }
}
