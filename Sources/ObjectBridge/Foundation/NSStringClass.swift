import Foundation
import LuaRuntime

/// The script side of NSString: its class, whose members Lua strings answer to.
public final class NSStringClass: BridgeObject {}
