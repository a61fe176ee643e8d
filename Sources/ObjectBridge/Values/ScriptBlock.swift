import LuaRuntime

/// A Lua function held by native code as a block. It stays alive while native code holds the
/// block and is released with it; calling it passes every block parameter, and the function
/// may declare fewer.
public final class ScriptBlock: ScriptConvertible {
    public let function: LuaFunction

    init(_ function: LuaFunction) { self.function = function }

    public static var scriptType: ScriptType { .block }

    public static func read(from call: BridgeCall, at position: Int32) throws -> ScriptBlock {
        guard call.frame.type(position) == .function else { throw call.mismatch(.block, at: position) }
        guard case .function(let function) = try call.frame.value(position) else {
            throw call.mismatch(.block, at: position)
        }
        return ScriptBlock(function)
    }

    public func push(to call: BridgeCall) throws { try call.frame.push(.function(function)) }
}

extension ObjectBridge {
    /// A block native code hands to scripts, as UIKit hands completion handlers: calling it
    /// runs `body` with its first argument (nil when the script passed none).
    public func block<A: ScriptConvertible>(named name: String, _ body: @escaping (A?) throws -> Void) throws
        -> ScriptBlock
    {
        ScriptBlock(
            try function(named: name) { call in
                try body(try A?.read(from: call, at: 1))
                return 0
            })
    }
}
