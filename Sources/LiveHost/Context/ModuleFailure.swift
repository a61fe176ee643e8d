import Foundation
import LuaRuntime
import ObjectBridge

/// A module run that failed; what the host reports.
public enum ModuleFailure: Error {
    /// The module did not compile; the running code is untouched.
    case syntax(LuaError)
    /// The file could not be read (permission denied); the running code is untouched.
    case unreadable(LuaError)
    /// The module raised (or ran out of time) while running; its class changes were rolled back.
    case runtime(LuaError)
    /// The change cannot be applied in place (a class's superclass changed).
    case needsRestart(reason: String, LuaError)

    public var luaError: LuaError {
        switch self {
        case .syntax(let error), .unreadable(let error), .runtime(let error), .needsRestart(_, let error): error
        }
    }
}
