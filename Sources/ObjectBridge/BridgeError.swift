import LuaRuntime

/// An error a script caused through the bridge. Its message names the class, the member and,
/// for arguments, the parameter; it reaches the script as a Lua error at the calling line.
public struct BridgeError: UserFacingError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
